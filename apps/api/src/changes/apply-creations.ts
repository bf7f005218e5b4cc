import type { Database } from "@starport/db";
import type { AmazonAccess } from "./amazon-access.ts";
import type { ChangeRow } from "./tray.ts";

/** Parents before children: campaign → ad group → ads, keywords, targets → negatives. */
export const CREATION_ORDER = [
  "campaigns",
  "ad_groups",
  "product_ads",
  "keywords",
  "targets",
  "negative_keywords",
  "negative_targets",
] as const;

export async function applyCreations(
  _db: Database,
  _access: AmazonAccess,
  _chunk: ChangeRow[],
): Promise<void> {
  throw new Error("creations are not supported yet");
}

export async function recoverCreations(
  _db: Database,
  _access: AmazonAccess,
  _stale: ChangeRow[],
): Promise<void> {}
