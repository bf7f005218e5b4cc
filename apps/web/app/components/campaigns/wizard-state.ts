/**
 * The campaign creation wizard's state, in one place: what the seller entered per step, the
 * suggested names, and the body of POST /api/campaign_creations it becomes. Pure functions, so
 * the component only renders and the action only sends. The body's type and its choices are the
 * API's (the route's zod schema, through @starport/api/contracts): a field the API renames is a
 * type error here.
 */
import type { CampaignCreationPayload } from "@starport/api/contracts";

type Payload = CampaignCreationPayload;
export type TargetingType = Payload["campaign"]["targetingType"];
export type BiddingStrategy = Payload["campaign"]["biddingStrategy"];
export type KeywordMatchType = NonNullable<Payload["keywords"]>[number]["matchType"];
export type NegativeMatchType = NonNullable<Payload["negativeKeywords"]>[number]["matchType"];
export const AUTO_GROUPS = [
  "QUERY_HIGH_REL_MATCHES",
  "QUERY_BROAD_REL_MATCHES",
  "ASIN_ACCESSORY_RELATED",
  "ASIN_SUBSTITUTE_RELATED",
] as const satisfies readonly (keyof NonNullable<Payload["autoTargetingBids"]>)[];
export type AutoGroup = (typeof AUTO_GROUPS)[number];
export const BIDDING_STRATEGIES: readonly BiddingStrategy[] = [
  "MANUAL",
  "LEGACY_FOR_SALES",
  "AUTO_FOR_SALES",
];
export const MATCH_TYPES: readonly KeywordMatchType[] = ["EXACT", "PHRASE", "BROAD"];
export const NEGATIVE_MATCH_TYPES: readonly NegativeMatchType[] = [
  "NEGATIVE_EXACT",
  "NEGATIVE_PHRASE",
];

export interface WizardProduct {
  id: string;
  sku: string;
  asin: string | null;
  title: string;
  imageUrl: string | null;
}
export interface WizardKeyword {
  text: string;
  matchType: KeywordMatchType;
  bid: number;
  /** Amazon's suggested bid, when the keyword came from the recommendations. */
  suggested?: number | null;
}
export interface WizardTarget {
  type: "ASIN_SAME_AS" | "ASIN_CATEGORY_SAME_AS";
  value: string;
  bid: number;
}
export interface WizardNegative {
  text: string;
  matchType: NegativeMatchType;
}

export interface WizardState {
  targetingType: TargetingType;
  name: string;
  /** Whether the seller typed a name (else it follows the suggestion). */
  nameTouched: boolean;
  dailyBudget: number | "";
  startDate: string;
  endDate: string;
  biddingStrategy: BiddingStrategy;
  placementTopOfSearch: number | "";
  placementProductPage: number | "";
  placementRestOfSearch: number | "";
  adGroupName: string;
  adGroupNameTouched: boolean;
  defaultBid: number | "";
  products: WizardProduct[];
  manualKind: "keywords" | "targets";
  keywords: WizardKeyword[];
  targets: WizardTarget[];
  autoBids: Record<AutoGroup, number | "">;
  negatives: WizardNegative[];
}

export function initialState(today: string): WizardState {
  return {
    targetingType: "MANUAL",
    name: "",
    nameTouched: false,
    dailyBudget: 10,
    startDate: today,
    endDate: "",
    biddingStrategy: "LEGACY_FOR_SALES",
    placementTopOfSearch: 0,
    placementProductPage: 0,
    placementRestOfSearch: 0,
    adGroupName: "",
    adGroupNameTouched: false,
    defaultBid: 0.75,
    products: [],
    manualKind: "keywords",
    keywords: [],
    targets: [],
    autoBids: {
      QUERY_HIGH_REL_MATCHES: 0.75,
      QUERY_BROAD_REL_MATCHES: 0.6,
      ASIN_ACCESSORY_RELATED: 0.5,
      ASIN_SUBSTITUTE_RELATED: 0.5,
    },
    negatives: [],
  };
}

/** What the campaign is named after: the first product's ASIN (or SKU), "+n" for more. */
function productLabel(products: readonly WizardProduct[]): string {
  const first = products[0];
  if (!first) return "";
  const label = first.asin ?? first.sku;
  return products.length > 1 ? `${label} +${products.length - 1}` : label;
}

/** The naming convention: `SP | DE | B0… | Manual`. */
export function suggestedName(
  state: Pick<WizardState, "products" | "targetingType">,
  marketplace: string,
): string {
  const parts = ["SP", marketplace, productLabel(state.products) || "…"];
  parts.push(state.targetingType === "MANUAL" ? "Manual" : "Auto");
  return parts.join(" | ");
}

export function suggestedAdGroupName(state: Pick<WizardState, "products">): string {
  return productLabel(state.products) || "Ad group 1";
}

/** Parses pasted text: one entry per line (also `;` or tab separated), trimmed, unique. */
export function linesOf(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\n\r;\t]+/)) {
    const line = raw.trim().replace(/\s+/g, " ");
    const key = line.toLowerCase();
    if (line && !seen.has(key)) {
      seen.add(key);
      out.push(line);
    }
  }
  return out;
}

/** Adds keywords, keeping one per text and match type (the later one wins). */
export function mergeKeywords(
  existing: readonly WizardKeyword[],
  added: readonly WizardKeyword[],
): WizardKeyword[] {
  const key = (k: WizardKeyword) => `${k.text.toLowerCase()}|${k.matchType}`;
  const map = new Map(existing.map((k) => [key(k), k]));
  for (const k of added) map.set(key(k), k);
  return [...map.values()];
}

const num = (v: number | "") => (v === "" ? null : v);

/** A body still being filled in: a number the seller left empty is null (the API names it). */
type Unfinished<T> = T extends number
  ? number | null
  : T extends readonly (infer Item)[]
    ? Unfinished<Item>[]
    : T extends object
      ? { [K in keyof T]: Unfinished<T[K]> }
      : T;

/**
 * The body of POST /api/campaign_creations, typed as the API's schema takes it; an empty number
 * is sent as null so the API's 422 names the field ("required") and the wizard opens its step.
 */
export type CampaignCreationDraft = Unfinished<CampaignCreationPayload>;

export function creationPayload(
  state: WizardState,
  profileId: string,
  marketplace: string,
): CampaignCreationDraft {
  const manual = state.targetingType === "MANUAL";
  // Every field written out (undefined leaves it out of the JSON), so each one is checked
  // against the API's type; a spread would not be.
  return {
    profile: profileId,
    campaign: {
      name: (state.nameTouched ? state.name : suggestedName(state, marketplace)).trim(),
      targetingType: state.targetingType,
      state: "ENABLED",
      dailyBudget: num(state.dailyBudget),
      startDate: state.startDate,
      endDate: state.endDate || undefined,
      biddingStrategy: state.biddingStrategy,
      placementTopOfSearch: num(state.placementTopOfSearch),
      placementProductPage: num(state.placementProductPage),
      placementRestOfSearch: num(state.placementRestOfSearch),
    },
    adGroup: {
      name: (state.adGroupNameTouched ? state.adGroupName : suggestedAdGroupName(state)).trim(),
      defaultBid: num(state.defaultBid),
    },
    productAds: state.products.map((p) => ({ sku: p.sku, asin: p.asin })),
    keywords:
      manual && state.manualKind === "keywords"
        ? state.keywords.map(({ text, matchType, bid }) => ({ text, matchType, bid }))
        : undefined,
    targets:
      manual && state.manualKind === "targets"
        ? state.targets.map((t) => ({ expression: [{ type: t.type, value: t.value }], bid: t.bid }))
        : undefined,
    // Each group by name: the API's type names every one it takes.
    autoTargetingBids: manual
      ? undefined
      : {
          QUERY_HIGH_REL_MATCHES: num(state.autoBids.QUERY_HIGH_REL_MATCHES),
          QUERY_BROAD_REL_MATCHES: num(state.autoBids.QUERY_BROAD_REL_MATCHES),
          ASIN_ACCESSORY_RELATED: num(state.autoBids.ASIN_ACCESSORY_RELATED),
          ASIN_SUBSTITUTE_RELATED: num(state.autoBids.ASIN_SUBSTITUTE_RELATED),
        },
    negativeKeywords: state.negatives,
  };
}

export const STEPS = [
  "targeting",
  "campaign",
  "adGroup",
  "products",
  "targets",
  "negatives",
  "review",
] as const;
export type Step = (typeof STEPS)[number];

/** The step a violation's property path belongs to (the wizard opens it). */
export function stepOfPath(path: string): Step {
  if (path.startsWith("campaign.targetingType")) return "targeting";
  if (path.startsWith("campaign")) return "campaign";
  if (path.startsWith("adGroup")) return "adGroup";
  if (path.startsWith("productAds")) return "products";
  if (path.startsWith("negativeKeywords")) return "negatives";
  if (path.startsWith("keywords") || path.startsWith("targets") || path.startsWith("autoTargeting"))
    return "targets";
  return "review";
}

/** What blocks going on from a step (message keys under campaignCreate.missing). */
export function missingOn(step: Step, state: WizardState): string[] {
  const missing: string[] = [];
  if (step === "campaign") {
    if (state.nameTouched && !state.name.trim()) missing.push("name");
    if (state.dailyBudget === "") missing.push("dailyBudget");
    if (!state.startDate) missing.push("startDate");
  }
  if (step === "adGroup" && state.defaultBid === "") missing.push("defaultBid");
  if (step === "products" && state.products.length === 0) missing.push("products");
  if (step === "targets" && state.targetingType === "MANUAL") {
    if (state.manualKind === "keywords" && state.keywords.length === 0) missing.push("keywords");
    if (state.manualKind === "targets" && state.targets.length === 0) missing.push("targets");
  }
  return missing;
}
