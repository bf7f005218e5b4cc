import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../src/schema/index.ts";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../src/testing.ts";

/**
 * Migration 0018 moves the onboarding's per-user target ACoS and marketplaces to the seller
 * profile's settings. Its statements are re-run here on rows written as before the migration
 * (they are idempotent: existing settings are kept).
 */
const MIGRATION = readFileSync(
  new URL("../migrations/0018_settings_from_onboarding.sql", import.meta.url),
  "utf8",
)
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .filter(Boolean);

describe.each(TEST_DATABASE_KINDS)("settings data migration on %s", (kind) => {
  it("carries target ACoS and marketplaces over, newest answer first, invalid targets not", async () => {
    const { connection, dispose } = await openTestDatabase(kind);
    const { db } = connection;
    try {
      const [customer] = await db.insert(schema.customers).values({ name: "C" }).returning();
      const [p1, p2] = await db
        .insert(schema.sellerProfiles)
        .values([
          { customerId: customer!.id, name: "One" },
          { customerId: customer!.id, name: "Two" },
        ])
        .returning();
      const users = await db
        .insert(schema.users)
        .values(
          ["a", "b", "c"].map((n) => ({ customerId: customer!.id, email: `${n}@x.test`, name: n })),
        )
        .returning();
      await db.insert(schema.onboardingProgress).values([
        {
          userId: users[0]!.id,
          sellerProfileId: p1!.id,
          targetAcos: "18.50",
          marketplaces: ["DE", "FR"],
          updatedAt: new Date("2026-01-01"),
        },
        {
          userId: users[1]!.id,
          sellerProfileId: p1!.id,
          targetAcos: "21.00",
          marketplaces: ["IT"],
          updatedAt: new Date("2026-02-01"),
        },
        { userId: users[2]!.id, sellerProfileId: p2!.id, targetAcos: "0.00" },
      ]);
      for (const statement of MIGRATION) await db.execute(sql.raw(statement));
      const global = await db.select().from(schema.sellerProfileSettings);
      expect(global.map((g) => [g.sellerProfileId, g.values])).toEqual([
        [p1!.id, { targetAcos: 21 }],
      ]);
      const markets = await db.select().from(schema.marketplaceSettings);
      expect(markets.map((m) => m.marketplace).sort()).toEqual(["DE", "FR", "IT"]);
      expect(markets.every((m) => m.selected && m.sellerProfileId === p1!.id)).toBe(true);
    } finally {
      await dispose();
    }
  });
});
