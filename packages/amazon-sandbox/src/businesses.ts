/** The sandbox's sellers and how each advertises (its business plan). */
import type { DynamicStrategy, Placement } from "./world.ts";

export type CampaignKind = "auto" | "exact" | "broad" | "productTargeting";

/** How a seller advertises: the campaigns it runs per category and how it bids. */
export interface BusinessPlan {
  kinds: readonly CampaignKind[];
  strategy: DynamicStrategy;
  /** Placement bid adjustments per campaign kind (percent). */
  placements: Partial<
    Record<CampaignKind, readonly { placement: Placement; percentage: number }[]>
  >;
  /** Multiplies every bid (around the category CPC) and every budget. */
  bidMultiplier: number;
  budgetMultiplier: number;
  /** Keywords per product: exact, phrase and broad. */
  keywords: readonly [number, number, number];
  /** Competitor ASINs targeted per product (product-targeting campaigns). */
  asinTargets: number;
}

export interface SellerSpec {
  sellerId: string;
  name: string;
  brand: string;
  countries: readonly string[];
  /** The demo seller: its catalogue follows `productsPerMarketplace`, its business is seeded explicitly. */
  main: boolean;
  /** Its own seed (mixed with the world's): catalogue and business differ from seller to seller. */
  seed: number;
  /** Products per marketplace (at most the world's productsPerMarketplace). */
  products: number;
  /** Category keys of its catalogue. */
  categories: readonly string[];
  plan: BusinessPlan;
}

export const DEMO_PLAN: BusinessPlan = {
  kinds: ["auto", "exact", "broad", "productTargeting"],
  strategy: "LEGACY_FOR_SALES",
  placements: {
    exact: [{ placement: "PLACEMENT_TOP", percentage: 50 }],
    broad: [{ placement: "PLACEMENT_REST_OF_SEARCH", percentage: 10 }],
    productTargeting: [{ placement: "PLACEMENT_PRODUCT_PAGE", percentage: 25 }],
  },
  bidMultiplier: 1,
  budgetMultiplier: 1,
  keywords: [8, 5, 5],
  asinTargets: 6,
};

/** The sandbox's sellers, as the consent pages list them. Every one has a business. */
export const SELLER_SPECS: readonly SellerSpec[] = [
  {
    sellerId: "A3SANDBOXDEMO01",
    name: "Starport Demo Store",
    brand: "Northwind",
    countries: ["DE", "FR", "US"],
    main: true,
    seed: 1,
    products: 400,
    categories: ["yoga", "kitchen", "pet", "phone", "camping", "office"],
    plan: DEMO_PLAN,
  },
  {
    sellerId: "A1SANDBOXALPINE",
    name: "Alpine Goods",
    brand: "Alpenglow",
    countries: ["DE", "FR"],
    main: false,
    seed: 2,
    products: 24,
    categories: ["camping", "yoga"],
    plan: {
      kinds: ["auto", "exact", "broad"],
      strategy: "AUTO_FOR_SALES",
      placements: {
        exact: [{ placement: "PLACEMENT_TOP", percentage: 80 }],
        auto: [{ placement: "PLACEMENT_PRODUCT_PAGE", percentage: 15 }],
      },
      bidMultiplier: 1.15,
      budgetMultiplier: 0.8,
      keywords: [6, 4, 3],
      asinTargets: 0,
    },
  },
  {
    sellerId: "A2SANDBOXLAKESD",
    name: "Lakeside Supply",
    brand: "Lakeside",
    countries: ["US"],
    main: false,
    seed: 3,
    products: 36,
    categories: ["kitchen", "pet", "office"],
    plan: {
      kinds: ["auto", "exact", "productTargeting"],
      strategy: "LEGACY_FOR_SALES",
      placements: {
        exact: [{ placement: "PLACEMENT_TOP", percentage: 30 }],
        productTargeting: [{ placement: "PLACEMENT_PRODUCT_PAGE", percentage: 40 }],
      },
      bidMultiplier: 0.9,
      budgetMultiplier: 1.3,
      keywords: [10, 0, 4],
      asinTargets: 4,
    },
  },
];
