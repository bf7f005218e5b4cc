/**
 * An optimiser decision as the rows a run writes: a recommendation (suggest mode, with its
 * subject, mode and labels) or a change or creation authored by the optimiser (automatic mode),
 * validated as a user's.
 */
import { validateChangeValue } from "@starport/amazon";
import type { schema } from "@starport/db";
import { type Decision, decisionImpact } from "@starport/optimiser";
import type { NewChange } from "../changes/insert-changes.ts";
import type { LoadedOptimiserInput } from "./load-optimiser-input.ts";
import type { OptimiserRunRow } from "./run-optimiser.ts";

/** The entity a decision is about: the keyword/target/ad, else its ad group, else its campaign. */
export function subjectOf(d: Decision): string {
  if (d.kind === "bid" || d.kind === "state") return d.entityId;
  if (d.kind === "budget") return d.campaignId;
  if (d.kind === "negative") return d.adGroupId;
  return d.adGroupId ?? d.sourceAdGroupId;
}

/** The automation mode a decision falls under: its ad group's products', else the profile's. */
export function modeOf(loaded: LoadedOptimiserInput, d: Decision): string {
  const group = d.kind === "budget" ? null : d.kind === "keyword" ? d.sourceAdGroupId : d.adGroupId;
  return (group && loaded.modeOfAdGroup.get(group)) || loaded.profileMode;
}

const ENTITY_TYPES = { keyword: "keywords", target: "targets", productAd: "product_ads" } as const;

export type NewRecommendation = typeof schema.recommendations.$inferInsert;

export function recommendationOf(
  run: OptimiserRunRow,
  advertisingProfileId: string,
  loaded: LoadedOptimiserInput,
  d: Decision,
): NewRecommendation {
  const base = {
    runId: run.id,
    sellerProfileId: run.sellerProfileId,
    advertisingProfileId,
    kind: d.kind,
    reasonCode: d.reason,
    reasonParams: d.params,
    campaignId: d.campaignId,
  };
  switch (d.kind) {
    case "bid": {
      const breakEvenAcos = breakEvenOf(loaded, d.adGroupId);
      const impact = decisionImpact(d, breakEvenAcos);
      return {
        ...base,
        entityType: ENTITY_TYPES[d.entityKind],
        entityId: d.entityId,
        adGroupId: d.adGroupId,
        currentValue: d.oldBid,
        proposedValue: d.newBid,
        // the margin share the projection used: the measured effect uses the same (measured-effect.ts)
        inputs: { ...d.inputs, breakEvenAcos },
        impact: impact?.monthly ?? null,
        impactLow: impact?.low ?? null,
        impactHigh: impact?.high ?? null,
      };
    }
    case "state":
      return {
        ...base,
        entityType: ENTITY_TYPES[d.entityKind],
        entityId: d.entityId,
        adGroupId: d.adGroupId,
        currentValue: d.state === "PAUSED" ? "ENABLED" : "PAUSED",
        proposedValue: d.state,
        // the margin share its measured effect weighs sales with (measured-effect.ts)
        inputs: { breakEvenAcos: breakEvenOf(loaded, d.adGroupId) },
      };
    case "negative":
      return {
        ...base,
        entityType: "ad_groups",
        entityId: d.adGroupId,
        subject: d.text,
        adGroupId: d.adGroupId,
        currentValue: null,
        proposedValue: { text: d.text, negativeKind: d.negativeKind, matchType: "NEGATIVE_EXACT" },
        inputs: { breakEvenAcos: breakEvenOf(loaded, d.adGroupId) },
      };
    case "keyword":
      return {
        ...base,
        entityType: "ad_groups",
        entityId: d.adGroupId ?? d.sourceAdGroupId,
        subject: d.text,
        campaignId: d.campaignId,
        adGroupId: d.adGroupId,
        currentValue: null,
        proposedValue: { text: d.text, keywordKind: d.keywordKind, bid: d.bid },
        inputs: { breakEvenAcos: breakEvenOf(loaded, d.adGroupId ?? d.sourceAdGroupId) },
      };
    case "budget":
      return {
        ...base,
        entityType: "campaigns",
        entityId: d.campaignId,
        currentValue: d.oldBudget,
        proposedValue: d.newBudget,
        impact: decisionImpact(d, null)?.monthly ?? null,
        inputs: { breakEvenAcos: breakEvenOfCampaign(loaded, d.campaignId) },
      };
  }
}

/**
 * The entity's name as the run saw it (keyword text, target expression, campaign or ad group
 * name) in the reason's parameters: the log names what a proposal is about without a lookup, as
 * a change's `entityLabel` does.
 */
export function labelled(rec: NewRecommendation, loaded: LoadedOptimiserInput): NewRecommendation {
  const label = loaded.labels.get(rec.entityId);
  if (!label) return rec;
  return { ...rec, reasonParams: { ...(rec.reasonParams ?? {}), entityLabel: label } };
}

/** A campaign's break-even ACoS: that of its first ad group with one. */
function breakEvenOfCampaign(loaded: LoadedOptimiserInput, campaignId: string): number | null {
  const campaign = loaded.input.campaigns.find((c) => c.id === campaignId);
  for (const g of campaign?.adGroups ?? []) {
    const be = breakEvenOf(loaded, g.id);
    if (be !== null) return be;
  }
  return null;
}

/**
 * Each ad group's break-even ACoS: its first product's with one. Built once per loaded input (a
 * search per decision walked every ad group and product: quadratic, 9 s at 100,000 bids).
 */
const breakEvenOfAdGroups = new WeakMap<LoadedOptimiserInput, Map<string, number | null>>();
function breakEvenOf(loaded: LoadedOptimiserInput, adGroupId: string): number | null {
  let byGroup = breakEvenOfAdGroups.get(loaded);
  if (!byGroup) {
    const products = new Map(loaded.input.products.map((p) => [p.id, p.breakEvenAcos]));
    byGroup = new Map();
    for (const c of loaded.input.campaigns)
      for (const g of c.adGroups) {
        if (byGroup.has(g.id)) continue;
        let found: number | null = null;
        for (const ad of g.products) {
          const breakEven = products.get(ad.productId);
          if (breakEven != null) {
            found = breakEven;
            break;
          }
        }
        byGroup.set(g.id, found);
      }
    breakEvenOfAdGroups.set(loaded, byGroup);
  }
  return byGroup.get(adGroupId) ?? null;
}

/** A bid, state or budget decision as a change authored by the optimiser, validated as a user's. */
export function changeOf(
  run: OptimiserRunRow,
  advertisingProfileId: string,
  loaded: LoadedOptimiserInput,
  d: Decision,
): Omit<NewChange, "batchId"> | null {
  const common = {
    sellerProfileId: run.sellerProfileId,
    advertisingProfileId,
    operation: "update" as const,
    reasonCode: d.reason,
    reasonParams: d.params,
    authorKind: "optimiser" as const,
    authorUserId: null,
    // A run an administrator started while viewing as the seller: its changes are theirs too,
    // as the changes they make by hand are.
    actorUserId: run.requestedByActorUserId,
    actorName: run.requestedByActorName,
    optimiserRunId: run.id,
    status: "pending" as const,
  };
  const check = (field: string, value: unknown, current: Record<string, string | number | null>) =>
    validateChangeValue({ field, value, countryCode: loaded.input.countryCode, current }) === null;
  switch (d.kind) {
    case "bid":
      if (!check("bid", d.newBid, { bid: d.oldBid, state: "ENABLED" })) return null;
      return {
        ...common,
        // The figures the bid was made from, as a recommendation keeps them: the log shows both.
        reasonParams: { ...d.params, inputs: d.inputs },
        entityType: ENTITY_TYPES[d.entityKind],
        entityId: d.entityId,
        entityLabel: loaded.labels.get(d.entityId) ?? null,
        field: "bid",
        oldValue: d.oldBid,
        newValue: d.newBid,
      };
    case "state":
      return {
        ...common,
        entityType: ENTITY_TYPES[d.entityKind],
        entityId: d.entityId,
        entityLabel: loaded.labels.get(d.entityId) ?? null,
        field: "state",
        oldValue: d.state === "PAUSED" ? "ENABLED" : "PAUSED",
        newValue: d.state,
      };
    case "budget":
      if (!check("budget", d.newBudget, { budget: d.oldBudget })) return null;
      return {
        ...common,
        entityType: "campaigns",
        entityId: d.campaignId,
        entityLabel: loaded.labels.get(d.campaignId) ?? null,
        field: "budget",
        oldValue: d.oldBudget,
        newValue: d.newBudget,
      };
    case "keyword":
    case "negative":
      return creationOf(common, loaded, d);
    default:
      return null;
  }
}

/**
 * A harvested exact keyword or a negative exact keyword as a creation in its ad group, as the
 * tray stages one (Amazon's ids of its campaign and ad group, the text, match type, bid); null
 * where it cannot be one (an ASIN target, no ad group, a bid Amazon would refuse).
 */
function creationOf(
  common: Omit<NewChange, "batchId" | "entityType">,
  loaded: LoadedOptimiserInput,
  d: Extract<Decision, { kind: "keyword" | "negative" }>,
): Omit<NewChange, "batchId"> | null {
  const textual = d.kind === "keyword" ? d.keywordKind === "keyword" : d.negativeKind === "keyword";
  const ids = d.adGroupId ? loaded.amazonIdsOfAdGroup.get(d.adGroupId) : undefined;
  // Amazon's keyword rules (at most 10 words, 80 characters): a longer term stays a proposal.
  const words = d.text.trim().split(/\s+/);
  if (!textual || !ids || d.text.length > 80 || words.length > 10) return null;
  const item: Record<string, unknown> = {
    campaignId: ids.campaignId,
    adGroupId: ids.adGroupId,
    keywordText: d.text,
    matchType: d.kind === "keyword" ? "EXACT" : "NEGATIVE_EXACT",
    state: "ENABLED",
  };
  if (d.kind === "keyword") {
    const violation = validateChangeValue({
      field: "bid",
      value: d.bid,
      countryCode: loaded.input.countryCode,
      current: {},
    });
    if (violation) return null;
    item.bid = d.bid;
  }
  return {
    ...common,
    operation: "create",
    entityType: d.kind === "keyword" ? "keywords" : "negative_keywords",
    entityLabel: d.text,
    newValue: item,
  };
}

/** One recommendation per entity, kind and subject (two sources may propose one negative). */
export function uniqueRecommendations(recs: NewRecommendation[]): NewRecommendation[] {
  const seen = new Set<string>();
  return recs.filter((x) => {
    const key = `${x.entityId}\u0001${x.kind}\u0001${x.subject ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
