import { AmazonApiError, AmazonAuthError, AmazonRateLimitError } from "@starport/amazon";
import type { Database } from "@starport/db";
import { type AmazonAccess, adsClientFor } from "./amazon-access.ts";
import type { LoadedEntity } from "./load-entity.ts";

/** Amazon's suggestions by row id, and the rows whose expression Amazon refused, with its words. */
export interface SuggestedBids {
  values: Map<string, number>;
  refused: Map<string, string>;
}

interface Expression {
  type: string;
  value?: string;
}

/**
 * The bid recommendations name a target's predicate differently from the targets themselves
 * (`QUERY_HIGH_REL_MATCHES` is `CLOSE_MATCH` there): Amazon refuses the targets' names.
 */
const RECOMMENDATION_TYPE: Record<string, string> = {
  QUERY_HIGH_REL_MATCHES: "CLOSE_MATCH",
  QUERY_BROAD_REL_MATCHES: "LOOSE_MATCH",
  ASIN_SUBSTITUTE_RELATED: "SUBSTITUTES",
  ASIN_ACCESSORY_RELATED: "COMPLEMENTS",
  ASIN_SAME_AS: "PAT_ASIN",
  ASIN_CATEGORY_SAME_AS: "PAT_CATEGORY",
};

function expressionOf(entityType: string, row: Record<string, unknown>): Expression {
  if (entityType === "keywords")
    return {
      type: `KEYWORD_${String(row.matchType).toUpperCase()}_MATCH`,
      value: String(row.keywordText),
    };
  const first = (row.expression as Expression[] | null)?.[0] ?? { type: "QUERY_HIGH_REL_MATCHES" };
  const type = RECOMMENDATION_TYPE[first.type] ?? first.type;
  return first.value === undefined ? { type } : { type, value: first.value };
}

/** Amazon refused the request's content (not our credentials, not its rate limit). */
function isRefusal(error: unknown): error is AmazonApiError {
  return (
    error instanceof AmazonApiError &&
    !(error instanceof AmazonAuthError) &&
    !(error instanceof AmazonRateLimitError) &&
    error.status >= 400 &&
    error.status < 500
  );
}

/**
 * Amazon's suggested bid per keyword or target (theme-based bid recommendations of its ad group,
 * `POST /sp/targets/bid/recommendations`): the suggested value of the row's own expression.
 * Rows Amazon has no suggestion for are missing from the answer; a call Amazon refuses is asked
 * again row by row, so one expression it does not take costs only its own row.
 */
export async function suggestedBidsOf(
  db: Database,
  access: AmazonAccess,
  entityType: string,
  entities: LoadedEntity[],
): Promise<SuggestedBids> {
  const found = new Map<string, number>();
  const refused = new Map<string, string>();
  if (entityType !== "keywords" && entityType !== "targets") return { values: found, refused };
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
    const ask = async (rows: LoadedEntity[]) => {
      const expressions = rows.map((e) => expressionOf(entityType, e.row));
      const answer = (await ads.getBidRecommendations(first.profile.amazonProfileId, {
        campaignId: String(first.row.amazonCampaignId),
        adGroupId: String(first.row.amazonAdGroupId),
        recommendationType: "BIDS_FOR_EXISTING_AD_GROUP",
        targetingExpressions: expressions,
      } as never)) as unknown as {
        bidRecommendations?: {
          bidRecommendationsForTargetingExpressions?: {
            targetingExpression: Expression;
            bidValues: { suggestedBid: number }[];
          }[];
        }[];
      };
      const items =
        answer.bidRecommendations?.flatMap(
          (r) => r.bidRecommendationsForTargetingExpressions ?? [],
        ) ?? [];
      rows.forEach((e, i) => {
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
    };
    try {
      await ask(group);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      if (group.length === 1) {
        refused.set(String(first.row.id), error.message);
        continue;
      }
      for (const row of group) {
        try {
          await ask([row]);
        } catch (single) {
          if (!isRefusal(single)) throw single;
          refused.set(String(row.row.id), single.message);
        }
      }
    }
  }
  return { values: found, refused };
}
