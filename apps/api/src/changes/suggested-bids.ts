import type { Database } from "@starport/db";
import { type AmazonAccess, adsClientFor } from "./amazon-access.ts";
import type { LoadedEntity } from "./load-entity.ts";

/**
 * Amazon's suggested bid per keyword or target (theme-based bid recommendations of its ad group,
 * `POST /sp/targets/bid/recommendations`): the suggested value of the row's own expression.
 * Rows Amazon has no suggestion for are missing from the answer.
 */
export async function suggestedBidsOf(
  db: Database,
  access: AmazonAccess,
  entityType: string,
  entities: LoadedEntity[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (entityType !== "keywords" && entityType !== "targets") return found;
  const byAdGroup = new Map<string, LoadedEntity[]>();
  for (const e of entities) {
    const key = `${e.profile.id}|${String(e.row.amazonCampaignId)}|${String(e.row.amazonAdGroupId)}`;
    byAdGroup.set(key, [...(byAdGroup.get(key) ?? []), e]);
  }
  // At most 100 expressions per call.
  const groups = [...byAdGroup.values()].flatMap((all) =>
    Array.from({ length: Math.ceil(all.length / 100) }, (_, i) =>
      all.slice(i * 100, i * 100 + 100),
    ),
  );
  for (const group of groups) {
    const first = group[0]!;
    const ads = await adsClientFor(db, access, first.profile);
    const expressions = group.map((e) =>
      entityType === "keywords"
        ? {
            type: `KEYWORD_${String(e.row.matchType).toUpperCase()}_MATCH`,
            value: String(e.row.keywordText),
          }
        : ((e.row.expression as { type: string; value?: string }[])[0] ?? { type: "CLOSE_MATCH" }),
    );
    const answer = (await ads.getBidRecommendations(first.profile.amazonProfileId, {
      campaignId: String(first.row.amazonCampaignId),
      adGroupId: String(first.row.amazonAdGroupId),
      recommendationType: "BIDS_FOR_EXISTING_AD_GROUP",
      targetingExpressions: expressions,
    } as never)) as unknown as {
      bidRecommendations?: {
        bidRecommendationsForTargetingExpressions?: {
          targetingExpression: { type: string; value?: string };
          bidValues: { suggestedBid: number }[];
        }[];
      }[];
    };
    const items =
      answer.bidRecommendations?.flatMap(
        (r) => r.bidRecommendationsForTargetingExpressions ?? [],
      ) ?? [];
    group.forEach((e, i) => {
      const expression = expressions[i]!;
      const match = items.find(
        (item) =>
          item.targetingExpression.type === expression.type &&
          (item.targetingExpression.value ?? "").toLowerCase() ===
            (expression.value ?? "").toLowerCase(),
      );
      const values = match?.bidValues ?? [];
      // Amazon lists low, suggested, high: the middle one is its suggestion.
      const suggested = values[Math.floor(values.length / 2)]?.suggestedBid;
      if (typeof suggested === "number" && suggested > 0) found.set(String(e.row.id), suggested);
    });
  }
  return found;
}
