import { schema } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "@starport/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/upsert.ts";
import {
  connectedSeller,
  engineFor,
  runToEnd,
  type SandboxHarness,
  startSandbox,
} from "./support/harness.ts";

/**
 * Issue 17 §6: the sandbox's US-only seller ("Lakeside Supply") connected the way onboarding
 * connects it: its Seller Central access is refused, its Ads API works. Its advertising data
 * arrives with the Ads API alone; the catalogue steps fail on their own, with Amazon's reason.
 */

const LAKESIDE = "A2SANDBOXLAKESD";
const DAYS = 4;

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox({ countries: ["DE"], days: DAYS, maxProducts: 3 });
});
afterAll(() => h?.close());

describe.each(TEST_DATABASE_KINDS)("on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.dispose());

  it("a seller without SP-API access gets its campaigns and metrics from the Ads API", async () => {
    const db = t.connection.db;
    const sellerProfileId = await connectedSeller(db, h, "Lakeside Inc", undefined, LAKESIDE);
    const engine = engineFor(db, h, { initialReportDays: DAYS });
    const run = await engine.requestSync(sellerProfileId, "initial");
    // The run ends well: the advertising data is all there is to sync.
    expect(await runToEnd(engine, run.id)).toBe("succeeded");

    const profiles = await db
      .select()
      .from(schema.advertisingProfiles)
      .where(eq(schema.advertisingProfiles.sellerProfileId, sellerProfileId));
    expect(profiles.map((p) => [p.countryCode, p.active])).toEqual([["US", true]]);
    const [campaigns] = rowsOf<{ n: string | number }>(
      await db.execute(sql`select count(*) as n from campaigns c
        join advertising_profiles p on p.id = c.advertising_profile_id
        where p.seller_profile_id = ${sellerProfileId}`),
    );
    const truth = [...h.sandbox.world.entities.campaigns.values()].filter(
      (c) => String(c.profileId) === profiles[0]?.amazonProfileId,
    );
    expect(truth.length).toBeGreaterThan(0);
    expect(Number(campaigns?.n)).toBe(truth.length);
    const [metrics] = rowsOf<{ n: string | number; clicks: string | number | null }>(
      await db.execute(sql`select count(*) as n, sum(f.clicks) as clicks
        from ad_performance_daily f
        join advertising_profiles p on p.id = f.advertising_profile_id
        where p.seller_profile_id = ${sellerProfileId} and f.entity_type = 'campaign'`),
    );
    expect(Number(metrics?.n)).toBeGreaterThan(0);
    expect(Number(metrics?.clicks)).toBeGreaterThan(0);

    // Seller Central's steps are skipped with Amazon's reason; the connection says it.
    const [finished] = await db
      .select()
      .from(schema.syncRuns)
      .where(eq(schema.syncRuns.id, run.id));
    const spSteps = (finished?.steps ?? []).filter((s) => s.key.startsWith("participations:"));
    expect(spSteps.map((s) => s.status)).toEqual(["skipped"]);
    expect(spSteps[0]?.error).toMatch(/denied/i);
    const connections = await db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.sellerProfileId, sellerProfileId));
    const sp = connections.find((c) => c.api === "sp");
    expect(sp).toMatchObject({ status: "failing" });
    expect(sp?.lastError).toMatch(/denied.*not registered in this region/i);
    // The Ads account answers in NA: a connection of that region is kept for its syncs.
    expect(
      connections
        .filter((c) => c.api === "ads" && c.status === "connected")
        .map((c) => c.region)
        .sort(),
    ).toEqual(["EU", "NA"]);
  }, 120_000);
});
