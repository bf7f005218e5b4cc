import type { GoalStatus } from "@starport/settings";
/** A member of GET /api/catalogue/products, as the screen reads it. */
export interface ProductRow {
  "@id": string;
  id: string;
  marketplace: string;
  sku: string;
  asin: string | null;
  title: string;
  brand: string | null;
  category: string | null;
  imageUrl: string | null;
  status: string;
  fulfillmentChannel: string | null;
  currency: string;
  price: number | null;
  cost: number | null;
  costCurrency: string | null;
  costValidFrom: string | null;
  shippingCost: number | null;
  lifecycle: string | null;
  notes: string;
  margin: number | null;
  marginRate: number | null;
  /** What keeps the contribution unknown. */
  marginMissing: ("price" | "vat" | "fees" | "cost")[];
  details: string | null;
  stock: {
    quantity: number | null;
    fulfillable: number | null;
    inbound: number | null;
    reserved: number | null;
    unfulfillable: number | null;
    unitsSold30d: number | null;
    daysOfCover: number | null;
    status: "in_stock" | "low_cover" | "out_of_stock" | null;
    updatedAt: string | null;
  };
  tags: { "@id": string; id: string; text: string }[];
  metrics: {
    spend: number;
    sales: number;
    acos: number | null;
    /** Ad-driven + organic sales; null until the Sales API was synced. */
    totalSales?: number | null;
    tacos?: number | null;
    organicShare?: number | null;
    currency: string;
  } | null;
  /**
   * The goal (tracked on TACoS for a target-TACoS goal, else ACoS), its target in percent and the
   * range's actual against it; null without a range.
   */
  goal?: { metric: "acos" | "tacos"; target: number | null; status: GoalStatus | null } | null;
}

export interface Facets {
  marketplaces: string[];
  brands: string[];
  categories: string[];
}

export interface Option {
  id: string;
  "@id": string;
  text?: string;
  name?: string;
  membership?: string;
}

/** What a bulk action (or the drawer's editor) answered: what changed, or the API's status. */
export type BulkOutcome =
  | {
      ok: true;
      action: string;
      changed: number;
      products: number;
      /** The collection a "save as collection" created. */
      collection: string | null;
      name: string;
    }
  | { ok: false; action: string; status: number };
