import type { Database } from "@starport/db";
import { schema } from "@starport/db";
import { and, eq, sql } from "drizzle-orm";
import { ValidationError } from "../errors.ts";
import { violation } from "../validation.ts";
import { importViolation } from "../violation-catalogue.ts";
import { type ImportFieldName, normaliseHeader } from "./fields.ts";
import type { ProductImportJobs } from "./jobs.ts";
import { headerSetKey } from "./upload-import.ts";

/**
 * Starts an uploaded import under the chosen mapping: remembers the mapping for the user and
 * seller profile (header → field, unmapped headers as ignored, and the header set as a whole),
 * marks it queued and sends the job.
 * Only an import still "uploaded" starts; a second run request is a 409-free no-op answer (422).
 */
export async function startProductImport(
  db: Database,
  jobs: ProductImportJobs,
  imp: typeof schema.productImports.$inferSelect,
  userId: string,
  mapping: Partial<Record<ImportFieldName, number>>,
) {
  if (Object.values(mapping).some((index) => index! >= imp.headers.length))
    throw new ValidationError([violation("mapping", "invalid")]);
  const [started] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(schema.productImports)
      .set({ mapping: mapping as Record<string, number>, status: "queued" })
      .where(
        and(eq(schema.productImports.id, imp.id), eq(schema.productImports.status, "uploaded")),
      )
      .returning();
    if (rows.length === 0) throw new ValidationError([importViolation("status", "alreadyStarted")]);
    const remembered: Record<string, string> = {};
    imp.headers.forEach((header, index) => {
      if (header === "") return;
      const field = Object.entries(mapping).find(([, i]) => i === index)?.[0];
      remembered[normaliseHeader(header)] = field ?? "";
    });
    // The whole header set's mapping too: a file of the same shape gets exactly this mapping.
    remembered[headerSetKey(imp.headers)] = JSON.stringify(mapping);
    await tx
      .insert(schema.productImportMappings)
      .values({ userId, sellerProfileId: imp.sellerProfileId, mapping: remembered })
      .onConflictDoUpdate({
        target: [schema.productImportMappings.userId, schema.productImportMappings.sellerProfileId],
        set: {
          mapping: sql`product_import_mappings.mapping || excluded.mapping`,
          updatedAt: new Date(),
        },
      });
    return rows;
  });
  await jobs.enqueue(imp.id);
  return started!;
}
