import { validateChangeValue } from "@starport/amazon";
import {
  type EntityContext,
  marketplaceById,
  type Profile,
  RESOURCES,
  type World,
} from "@starport/amazon-sandbox";

/** What a strategy may write: the changes Starport's change tray can send to Amazon. */
export type Change =
  | { kind: "bid"; entity: "keyword" | "target"; id: string; bid: number }
  | { kind: "budget"; campaignId: string; budget: number }
  | { kind: "adState"; adId: string; state: "ENABLED" | "PAUSED" }
  | { kind: "negative"; campaignId: string; adGroupId: string; text: string; asin: boolean }
  | {
      kind: "create";
      campaignId: string;
      adGroupId: string;
      text: string;
      asin: boolean;
      bid: number;
    };

export interface ApplyResult {
  applied: number;
  /** Rejected by Starport's validation (code) or by Amazon (its error). */
  rejected: { change: Change; reason: string }[];
}

const resource = (path: string) => {
  const r = RESOURCES.find((x) => x.path === path);
  if (!r) throw new Error(`no sandbox resource ${path}`);
  return r;
};

/**
 * Writes a strategy's changes the way production does: Starport's change validation first
 * (`validateChangeValue`: Amazon's per-marketplace limits, cents), then the emulated Amazon's
 * own validation and update (the Ads API v3 resources of the sandbox).
 */
export function applyChanges(world: World, profile: Profile, changes: Change[]): ApplyResult {
  const mp = marketplaceById(profile.marketplaceId);
  if (!mp) throw new Error(`unknown marketplace ${profile.marketplaceId}`);
  const ctx: EntityContext = { world, profile, mp };
  const result: ApplyResult = { applied: 0, rejected: [] };
  const reject = (change: Change, reason: string) => result.rejected.push({ change, reason });
  const amazon = (
    change: Change,
    path: string,
    op: "create" | "update",
    item: Record<string, unknown>,
    entity?: unknown,
  ) => {
    const r = resource(path);
    const out = op === "create" ? r.create(ctx, item, "0") : r.update(ctx, entity, item, "0");
    if ("errors" in out) reject(change, out.errors.map((e) => e.errorType).join(","));
    else result.applied++;
  };
  for (const change of changes) {
    switch (change.kind) {
      case "bid": {
        const v = validateChangeValue({
          field: "bid",
          value: change.bid,
          countryCode: mp.countryCode,
          current: {},
        });
        if (v) {
          reject(change, v.code);
          break;
        }
        const path = change.entity === "keyword" ? "keywords" : "targets";
        const entity = resource(path).store(world).get(change.id);
        if (!entity || entity.profileId !== profile.profileId) {
          reject(change, "notFound");
          break;
        }
        amazon(change, path, "update", { bid: change.bid }, entity);
        break;
      }
      case "budget": {
        const v = validateChangeValue({
          field: "budget",
          value: change.budget,
          countryCode: mp.countryCode,
          current: {},
        });
        if (v) {
          reject(change, v.code);
          break;
        }
        const c = world.entities.campaigns.get(change.campaignId);
        if (!c || c.profileId !== profile.profileId) {
          reject(change, "notFound");
          break;
        }
        amazon(
          change,
          "campaigns",
          "update",
          { budget: { budget: change.budget, budgetType: "DAILY" } },
          c,
        );
        break;
      }
      case "adState": {
        const ad = world.entities.productAds.get(change.adId);
        const v = validateChangeValue({
          field: "state",
          value: change.state,
          countryCode: mp.countryCode,
          current: { state: ad?.state ?? null },
        });
        if (v || !ad || ad.profileId !== profile.profileId) {
          reject(change, v?.code ?? "notFound");
          break;
        }
        amazon(change, "productAds", "update", { state: change.state }, ad);
        break;
      }
      case "negative":
        if (change.asin)
          amazon(change, "negativeTargets", "create", {
            campaignId: change.campaignId,
            adGroupId: change.adGroupId,
            expression: [{ type: "ASIN_SAME_AS", value: change.text.toUpperCase() }],
            state: "ENABLED",
          });
        else
          amazon(change, "negativeKeywords", "create", {
            campaignId: change.campaignId,
            adGroupId: change.adGroupId,
            keywordText: change.text,
            matchType: "NEGATIVE_EXACT",
            state: "ENABLED",
          });
        break;
      case "create": {
        const v = validateChangeValue({
          field: "bid",
          value: change.bid,
          countryCode: mp.countryCode,
          current: {},
        });
        if (v) {
          reject(change, v.code);
          break;
        }
        if (change.asin)
          amazon(change, "targets", "create", {
            campaignId: change.campaignId,
            adGroupId: change.adGroupId,
            expression: [{ type: "ASIN_SAME_AS", value: change.text.toUpperCase() }],
            expressionType: "MANUAL",
            state: "ENABLED",
            bid: change.bid,
          });
        else
          amazon(change, "keywords", "create", {
            campaignId: change.campaignId,
            adGroupId: change.adGroupId,
            keywordText: change.text,
            matchType: "EXACT",
            state: "ENABLED",
            bid: change.bid,
          });
        break;
      }
    }
  }
  return result;
}
