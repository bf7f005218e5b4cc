import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { normalizeMarketplaceCode } from "@starport/marketplaces";
import { eq } from "drizzle-orm";
import { ValidationError } from "../errors.ts";
import { violation } from "../validation.ts";
import { importViolation } from "../violation-catalogue.ts";
import { listingSourceOf } from "./fetch-amazon-listings.ts";
import type { ProductImportJobs } from "./jobs.ts";

export const AMAZON_LISTINGS_REPORT = "GET_MERCHANT_LISTINGS_ALL_DATA";

/**
 * Starts an import from Amazon: records it (source "amazon", the marketplace, the report's name
 * as its file name) as queued and sends the job, which requests, downloads and applies the
 * merchant listings report. A marketplace the profile has no connected Seller Central account
 * for is a 422 before anything is recorded.
 */
export async function startAmazonImport(
  db: Database,
  jobs: ProductImportJobs,
  actor: { userId: string; sellerProfileId: string },
  marketplaceInput: string,
  amazonAvailable: boolean,
) {
  const marketplace = normalizeMarketplaceCode(marketplaceInput);
  if (!marketplace) throw new ValidationError([violation("marketplace", "invalid")]);
  if (!amazonAvailable || !(await listingSourceOf(db, actor.sellerProfileId, marketplace)))
    throw new ValidationError([importViolation("marketplace", "notConnected")]);
  await mkdir(join(jobs.dataDir, "imports"), { recursive: true });
  const id = randomUUID();
  const [author] = await db
    .select({ name: schema.users.name })
    .from(schema.users)
    .where(eq(schema.users.id, actor.userId));
  const [row] = await db
    .insert(schema.productImports)
    .values({
      id,
      sellerProfileId: actor.sellerProfileId,
      userId: actor.userId,
      authorName: author?.name ?? "",
      source: "amazon",
      marketplace,
      fileName: `${AMAZON_LISTINGS_REPORT} (${marketplace})`,
      format: "csv",
      fileSize: 0,
      storagePath: join("imports", `${id}.tsv`),
      headers: [],
      status: "queued",
    })
    .returning();
  await jobs.enqueue(id);
  return row!;
}
