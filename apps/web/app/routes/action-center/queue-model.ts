/** The action center's vocabulary, shared by its screen and its server half. */
import type { RecommendationDecisionRequest } from "@starport/api/contracts";

export const QUEUE_TABS = ["open", "snoozed", "done"] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];
/** The API's recommendation kinds (a kind it drops or renames is a type error here). */
export type RecommendationKind = NonNullable<RecommendationDecisionRequest["kind"]>;
export const QUEUE_KINDS = [
  "bid",
  "keyword",
  "negative",
  "budget",
  "state",
] as const satisfies readonly RecommendationKind[];
/** The filters kept in the URL. */
export const QUEUE_FILTERS = ["tab", "kind", "marketplace", "entity"] as const;
export const QUEUE_PAGE_SIZE = 50;
/** Rows a page may show (`perPage` in the URL). */
export const QUEUE_PAGE_SIZES = [10, 25, 50, 100] as const;

/** What the seller decides about recommendations, alone or in bulk. */
export const QUEUE_INTENTS = ["accept", "reject", "snooze"] as const;
export type QueueIntent = (typeof QUEUE_INTENTS)[number];

export type QueueActionResult =
  | {
      ok: true;
      intent: QueueIntent;
      done: number;
      failed: { id: string; message: string }[];
      /** "All matching" stopped with more to decide (time was up): another click goes on. */
      more?: boolean;
    }
  | {
      ok: false;
      intent: QueueIntent;
      message: string;
      /** The API's first violation of an edited value (a key of `changes.violation.*`). */
      violation?: { code: string; params: Record<string, unknown> };
    };
