import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../src/schema/index.ts";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../src/testing.ts";

/**
 * Migration 0024 gives a product's lifecycle stage one place, its details: a stage set in a
 * product's settings moves there (unless the details name one) and leaves the settings. Its
 * statements are re-run here on rows written as before the migration.
 */
const MIGRATION = readFileSync(
  new URL("../migrations/0024_lifecycle_in_product_details.sql", import.meta.url),
  "utf8",
)
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .filter(Boolean);

describe.each(TEST_DATABASE_KINDS)("lifecycle data migration on %s", (kind) => {
  it("moves product-level stages into the details, the details' own stage first", async () => {
    const { connection, dispose } = await openTestDatabase(kind);
    const { db } = connection;
    try {
      const [customer] = await db.insert(schema.customers).values({ name: "C" }).returning();
      const [profile] = await db
        .insert(schema.sellerProfiles)
        .values({ customerId: customer!.id, name: "P" })
        .returning();
      const [account] = await db
        .insert(schema.sellerAccounts)
        .values({ sellerProfileId: profile!.id, name: "EU" })
        .returning();
      const products = await db
        .insert(schema.products)
        .values(
          ["A", "B", "C"].map((sku) => ({
            sellerAccountId: account!.id,
            marketplace: "DE",
            marketplaceId: "A1PA6795UKMFR9",
            sku,
            title: sku,
            currency: "EUR",
            status: "Active",
          })),
        )
        .returning();
      const [a, b, c] = products.sort((x, y) => x.sku.localeCompare(y.sku));
      // A: a stage only in its settings; B: both (the details win); C: an invalid stored value.
      await db
        .insert(schema.productDetails)
        .values([{ productId: b!.id, lifecycle: "profit" }])
        .onConflictDoUpdate({
          target: schema.productDetails.productId,
          set: { lifecycle: "profit" },
        });
      await db.insert(schema.productSettings).values([
        { productId: a!.id, values: { lifecycleStage: "launch", targetAcos: 25 } },
        { productId: b!.id, values: { lifecycleStage: "clearance" } },
        { productId: c!.id, values: { lifecycleStage: "retired" } },
      ]);
      for (const statement of MIGRATION) await db.execute(sql.raw(statement));

      const stage = async (productId: string) =>
        (
          await db
            .select({ lifecycle: schema.productDetails.lifecycle })
            .from(schema.productDetails)
            .where(eq(schema.productDetails.productId, productId))
        )[0]?.lifecycle ?? null;
      expect([await stage(a!.id), await stage(b!.id), await stage(c!.id)]).toEqual([
        "launch",
        "profit",
        null,
      ]);
      const settings = await db.select().from(schema.productSettings);
      const valuesOf = (id: string) => settings.find((s) => s.productId === id)?.values;
      expect(valuesOf(a!.id)).toEqual({ targetAcos: 25 });
      expect(valuesOf(b!.id)).toEqual({});
      expect(valuesOf(c!.id)).toEqual({});
    } finally {
      await dispose();
    }
  });
});
