import {
  buildAdsReport,
  feeEstimate,
  marketplaceById,
  type Profile,
  productKey,
  type World,
} from "@starport/amazon-sandbox";
import { computeEconomics } from "@starport/economics";

/**
 * What Starport sees of a world: the synced entities, the Ads reports as Amazon answers them on
 * the day (orders of the newest click days still being attributed, restated when fetched again),
 * the seller's own listings (price, stock, units sold) and the seller's economics. Plain data
 * copied out of the world each day: a strategy never holds a reference to the simulation, so it
 * cannot read its truth (true CVR, relevance, competitors).
 */

export interface Sums {
  impressions: number;
  clicks: number;
  cost: number;
  orders: number;
  sales: number;
}

export const zero = (): Sums => ({ impressions: 0, clicks: 0, cost: 0, orders: 0, sales: 0 });

export function addTo(a: Sums, b: Sums, weight = 1): void {
  a.impressions += b.impressions * weight;
  a.clicks += b.clicks * weight;
  a.cost += b.cost * weight;
  a.orders += b.orders * weight;
  a.sales += b.sales * weight;
}

export type State = "ENABLED" | "PAUSED" | "ARCHIVED";

export interface ViewCampaign {
  id: string;
  name: string;
  state: State;
  targetingType: "AUTO" | "MANUAL";
  budget: number;
  strategy: "LEGACY_FOR_SALES" | "AUTO_FOR_SALES" | "MANUAL" | "RULE_BASED";
  /** Percent per placement: top, rest of search, product pages. */
  placements: [number, number, number];
}

export interface ViewAdGroup {
  id: string;
  campaignId: string;
  name: string;
  state: State;
  defaultBid: number;
}

export interface ViewTarget {
  id: string;
  kind: "keyword" | "target";
  campaignId: string;
  adGroupId: string;
  /** Keyword text, or the expression (`asin="B0…"`, `close-match`, `category="…"`). */
  text: string;
  matchType: "EXACT" | "PHRASE" | "BROAD" | null;
  auto: boolean;
  state: State;
  /** The bid in force (the ad group's default when the target has none). */
  bid: number;
}

export interface ViewProductAd {
  adId: string;
  campaignId: string;
  adGroupId: string;
  asin: string;
  state: State;
}

export interface ViewProduct {
  asin: string;
  sku: string;
  price: number;
  stock: number;
  /** Units sold (all channels) over the last 14 days, from the seller's orders. */
  unitsLast14: number;
  breakEvenAcos: number | null;
  /** Contribution margin per unit before ads. */
  unitMargin: number;
}

/** Daily report rows, per world day index; rows of the newest days are replaced when restated. */
export interface Reports {
  targeting: Map<string, Sums>[];
  /** key: targetId \t search term */
  searchTerms: Map<string, Sums & { campaignId: string; adGroupId: string }>[];
  /** key: campaignId | placement index (0 top, 1 rest, 2 product pages) */
  placements: Map<string, Sums>[];
  /** spend per advertised ASIN */
  adSpend: Map<string, number>[];
}

export interface ViewProfile {
  profileId: number;
  countryCode: string;
  campaigns: ViewCampaign[];
  adGroups: ViewAdGroup[];
  targets: ViewTarget[];
  productAds: ViewProductAd[];
  /** Negative exact keywords and negative ASINs per ad group: `${adGroupId}|${text lower case}`. */
  negatives: Set<string>;
  products: ViewProduct[];
  reports: Reports;
}

export interface View {
  /** The world day index of today (reports cover days before it). */
  day: number;
  today: string;
  profiles: ViewProfile[];
}

/** VAT per marketplace (sold to consumers). */
const VAT: Record<string, number> = { DE: 0.19, FR: 0.2, US: 0, UK: 0.2, IT: 0.22, ES: 0.21 };
/** Cost of goods: a share of the net price (assumption, see README). */
export const COST_OF_GOODS_SHARE = 0.25;

export function economicsOf(
  countryCode: string,
  currency: string,
  price: number,
  categoryKey: string,
) {
  const vat = VAT[countryCode] ?? 0.2;
  const fees = feeEstimate({ price, shipping: 0, currency, fba: true, categoryKey });
  const referral = Number(fees.list[0]?.FinalFee.Amount ?? 0);
  const fba = Number(fees.list.find((f) => f.FeeType === "FBAFees")?.FinalFee.Amount ?? 0);
  const net = price / (1 + vat);
  const m = 1_000_000;
  return computeEconomics({
    currency,
    grossPriceMicros: Math.round(price * m),
    vatRate: vat,
    referralFeeMicros: Math.round(referral * m),
    fbaFeeMicros: Math.round(fba * m),
    shippingCostMicros: null,
    costOfGoodsMicros: Math.round(net * COST_OF_GOODS_SHARE * m),
  });
}

/** Days of reports fetched again each day: Amazon restates orders for 7 days after the click. */
export const RESTATEMENT_DAYS = 8;

const PLACEMENT_INDEX: Record<string, number> = {
  "Top of Search on-Amazon": 0,
  "Rest of Search on-Amazon": 1,
  "Detail Page on-Amazon": 2,
};

const sumsOf = (r: Record<string, unknown>): Sums => ({
  impressions: Number(r.impressions ?? 0),
  clicks: Number(r.clicks ?? 0),
  cost: Number(r.cost ?? 0),
  orders: Number(r.purchases7d ?? 0),
  sales: Number(r.sales7d ?? 0),
});

function dayIndex(world: World, date: string): number {
  return Math.round(
    (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${world.startDate}T00:00:00Z`)) / 86_400_000,
  );
}

function dateOf(world: World, day: number): string {
  return new Date(Date.parse(`${world.startDate}T00:00:00Z`) + day * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** Today's view without profiles, for a strategy that never reads one (no reports fetched). */
export function unobservedView(world: World): View {
  return { day: world.day, today: dateOf(world, world.day), profiles: [] };
}

/**
 * Keeps a strategy's reports up to date: each day it fetches the last `RESTATEMENT_DAYS` days
 * again (as Starport's report sync does) and replaces them, older days stay as fetched.
 */
export class Observer {
  private reports = new Map<number, Reports>();
  private readonly world: World;
  private readonly profiles: Profile[];
  private readonly economics = new Map<string, ReturnType<typeof economicsOf>>();
  private readonly days = new Map<string, number>();
  /** `reports`: what an earlier observer of the same history fetched (see `fetched`). */
  constructor(world: World, profiles: Profile[], reports?: Map<number, Reports>) {
    this.world = world;
    this.profiles = profiles;
    if (reports) this.reports = reports;
  }

  /**
   * The reports fetched so far, to start another observer of a copy of this world. The lists are
   * copies; a day's map is shared: `sync` never writes into a map it has handed out (a restated
   * day gets a new one), so the observers cannot see each other's days.
   */
  fetched(): Map<number, Reports> {
    const copy = new Map<number, Reports>();
    for (const [profileId, r] of this.reports)
      copy.set(profileId, {
        targeting: [...r.targeting],
        searchTerms: [...r.searchTerms],
        placements: [...r.placements],
        adSpend: [...r.adSpend],
      });
    return copy;
  }

  private dayOf(date: string): number {
    let d = this.days.get(date);
    if (d === undefined) {
      d = dayIndex(this.world, date);
      this.days.set(date, d);
    }
    return d;
  }

  /** Fetches every day up to yesterday the first time, then the restatement window. */
  sync(): void {
    const w = this.world;
    for (const profile of this.profiles) {
      let r = this.reports.get(profile.profileId);
      const first = r === undefined;
      if (!r) {
        r = { targeting: [], searchTerms: [], placements: [], adSpend: [] };
        this.reports.set(profile.profileId, r);
      }
      const from = first ? 0 : Math.max(0, w.day - RESTATEMENT_DAYS);
      const to = w.day - 1;
      if (to < from) continue;
      const start = dateOf(w, from);
      const end = dateOf(w, to);
      const report = (reportTypeId: string, groupBy: string[], columns: string[]) =>
        buildAdsReport(
          w,
          profile,
          { reportTypeId, groupBy, columns, timeUnit: "DAILY", filters: [] },
          start,
          end,
        );
      const metrics = ["date", "impressions", "clicks", "cost", "purchases7d", "sales7d"];
      const previousSpend = [...r.adSpend];
      for (let d = from; d <= to; d++) {
        r.targeting[d] = new Map();
        r.searchTerms[d] = new Map();
        r.placements[d] = new Map();
        r.adSpend[d] = new Map();
      }
      for (const row of report("spTargeting", ["targeting"], [...metrics, "keywordId"])) {
        const d = this.dayOf(String(row.date));
        r.targeting[d]?.set(String(row.keywordId), sumsOf(row));
      }
      for (const row of report(
        "spSearchTerm",
        ["searchTerm"],
        [...metrics, "keywordId", "campaignId", "adGroupId", "searchTerm"],
      )) {
        const d = this.dayOf(String(row.date));
        r.searchTerms[d]?.set(`${row.keywordId}\t${row.searchTerm}`, {
          ...sumsOf(row),
          campaignId: String(row.campaignId),
          adGroupId: String(row.adGroupId),
        });
      }
      for (const row of report(
        "spCampaigns",
        ["campaign", "campaignPlacement"],
        [...metrics, "campaignId", "placementClassification"],
      )) {
        const d = this.dayOf(String(row.date));
        const pl = PLACEMENT_INDEX[String(row.placementClassification)] ?? 1;
        r.placements[d]?.set(`${row.campaignId}|${pl}`, sumsOf(row));
      }
      // spend is final at the end of its day: only yesterday is fetched again
      const spendFrom = first ? from : to;
      const spendRows = buildAdsReport(
        w,
        profile,
        {
          reportTypeId: "spAdvertisedProduct",
          groupBy: ["advertiser"],
          columns: ["date", "cost", "advertisedAsin"],
          timeUnit: "DAILY",
          filters: [],
        },
        dateOf(w, spendFrom),
        end,
      );
      for (let d = from; d < spendFrom; d++) r.adSpend[d] = previousSpend[d] ?? new Map();
      for (const row of spendRows) {
        const d = this.dayOf(String(row.date));
        const m = r.adSpend[d];
        const asin = String(row.advertisedAsin);
        m?.set(asin, (m.get(asin) ?? 0) + Number(row.cost ?? 0));
      }
    }
  }

  /** Today's view: entities and listings copied out, reports as fetched so far. */
  view(): View {
    const w = this.world;
    const e = w.entities;
    const profiles: ViewProfile[] = [];
    for (const profile of this.profiles) {
      const mp = marketplaceById(profile.marketplaceId);
      const countryCode = mp?.countryCode ?? "DE";
      const mine = (x: { profileId: number }) => x.profileId === profile.profileId;
      const campaigns: ViewCampaign[] = [];
      for (const c of e.campaigns.values()) {
        if (!mine(c)) continue;
        const placements: [number, number, number] = [0, 0, 0];
        for (const pb of c.dynamicBidding.placementBidding) {
          if (pb.placement === "PLACEMENT_TOP") placements[0] = pb.percentage;
          if (pb.placement === "PLACEMENT_REST_OF_SEARCH") placements[1] = pb.percentage;
          if (pb.placement === "PLACEMENT_PRODUCT_PAGE") placements[2] = pb.percentage;
        }
        campaigns.push({
          id: c.campaignId,
          name: c.name,
          state: c.state === "PROPOSED" ? "PAUSED" : c.state,
          targetingType: c.targetingType,
          budget: c.budget.budget,
          strategy: c.dynamicBidding.strategy,
          placements,
        });
      }
      const adGroups: ViewAdGroup[] = [];
      const defaultBid = new Map<string, number>();
      for (const g of e.adGroups.values()) {
        if (!mine(g)) continue;
        defaultBid.set(g.adGroupId, g.defaultBid);
        adGroups.push({
          id: g.adGroupId,
          campaignId: g.campaignId,
          name: g.name,
          state: g.state === "PROPOSED" ? "PAUSED" : g.state,
          defaultBid: g.defaultBid,
        });
      }
      const targets: ViewTarget[] = [];
      for (const k of e.keywords.values()) {
        if (!mine(k)) continue;
        targets.push({
          id: k.keywordId,
          kind: "keyword",
          campaignId: k.campaignId,
          adGroupId: k.adGroupId,
          text: k.keywordText.toLowerCase(),
          matchType: k.matchType,
          auto: false,
          state: k.state === "PROPOSED" ? "PAUSED" : k.state,
          bid: k.bid ?? defaultBid.get(k.adGroupId) ?? 0,
        });
      }
      for (const t of e.targets.values()) {
        if (!mine(t)) continue;
        const first = t.expression[0];
        const text =
          first?.type === "ASIN_SAME_AS"
            ? `asin="${(first.value ?? "").toLowerCase()}"`
            : `${first?.type ?? ""}${first?.value ? `="${first.value}"` : ""}`.toLowerCase();
        targets.push({
          id: t.targetId,
          kind: "target",
          campaignId: t.campaignId,
          adGroupId: t.adGroupId,
          text,
          matchType: null,
          auto: t.expressionType === "AUTO",
          state: t.state === "PROPOSED" ? "PAUSED" : t.state,
          bid: t.bid ?? defaultBid.get(t.adGroupId) ?? 0,
        });
      }
      const productAds: ViewProductAd[] = [];
      for (const ad of e.productAds.values())
        if (mine(ad))
          productAds.push({
            adId: ad.adId,
            campaignId: ad.campaignId,
            adGroupId: ad.adGroupId,
            asin: ad.asin,
            state: ad.state === "PROPOSED" ? "PAUSED" : ad.state,
          });
      const negatives = new Set<string>();
      for (const n of e.negativeKeywords.values())
        if (mine(n) && n.state === "ENABLED" && n.matchType === "NEGATIVE_EXACT")
          negatives.add(`${n.adGroupId}|${n.keywordText.toLowerCase()}`);
      for (const n of e.negativeTargets.values())
        if (mine(n) && n.state === "ENABLED")
          for (const p of n.expression)
            if (p.type === "ASIN_SAME_AS" && p.value)
              negatives.add(`${n.adGroupId}|${p.value.toLowerCase()}`);
      const products: ViewProduct[] = [];
      for (const p of w.products.values()) {
        if (p.sellerId !== profile.sellerId || p.marketplaceId !== profile.marketplaceId) continue;
        const ekey = `${countryCode}|${p.categoryKey}|${p.price}`;
        let econ = this.economics.get(ekey);
        if (!econ) {
          econ = economicsOf(countryCode, mp?.currencyCode ?? "EUR", p.price, p.categoryKey);
          this.economics.set(ekey, econ);
        }
        const days = w.productDays.get(productKey(p.marketplaceId, p.asin)) ?? [];
        let units = 0;
        for (let i = Math.max(0, days.length - 14); i < days.length; i++) {
          const pd = days[i];
          if (pd) units += pd.organicUnits + pd.adUnits;
        }
        products.push({
          asin: p.asin,
          sku: p.sku,
          price: p.price,
          stock: p.stock,
          unitsLast14: units,
          breakEvenAcos: econ.breakEvenAcos,
          unitMargin: (econ.contributionMarginMicros ?? 0) / 1_000_000,
        });
      }
      profiles.push({
        profileId: profile.profileId,
        countryCode,
        campaigns,
        adGroups,
        targets,
        productAds,
        negatives,
        products,
        reports: this.reports.get(profile.profileId) ?? {
          targeting: [],
          searchTerms: [],
          placements: [],
          adSpend: [],
        },
      });
    }
    return { day: w.day, today: dateOf(w, w.day), profiles };
  }
}
