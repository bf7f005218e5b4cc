/**
 * Open recommendations a test owns, written as the optimiser writes them (suggest mode) for the
 * synced entities of a seller profile: a bid change per keyword with a bid, a new keyword and a
 * negative per ad group. No reports or optimiser run needed for tests of the seller's decisions.
 */
import { type Database, schema } from "@starport/db";
import { and, eq, isNotNull } from "drizzle-orm";

export type RecommendationRow = typeof schema.recommendations.$inferSelect;

export async function seedRecommendations(
  db: Database,
  sellerProfileId: string,
  options: { keywordBids?: number; creations?: number } = {},
): Promise<RecommendationRow[]> {
  const [run] = await db
    .insert(schema.optimiserRuns)
    .values({ sellerProfileId, runDate: "2026-11-01", status: "succeeded" })
    .returning();
  const k = schema.keywords;
  const keywords = await db
    .select({ keyword: k, profile: schema.advertisingProfiles })
    .from(k)
    .innerJoin(
      schema.advertisingProfiles,
      eq(schema.advertisingProfiles.id, k.advertisingProfileId),
    )
    .where(
      and(
        eq(schema.advertisingProfiles.sellerProfileId, sellerProfileId),
        eq(k.state, "ENABLED"),
        isNotNull(k.bidMicros),
        isNotNull(k.adGroupId),
      ),
    )
    .limit(options.keywordBids ?? 2);
  const rows: (typeof schema.recommendations.$inferInsert)[] = [];
  for (const [i, { keyword, profile }] of keywords.entries()) {
    const bid = Number(keyword.bidMicros) / 1_000_000;
    rows.push({
      runId: run!.id,
      sellerProfileId,
      advertisingProfileId: profile.id,
      kind: "bid",
      entityType: "keywords",
      entityId: keyword.id,
      adGroupId: keyword.adGroupId,
      campaignId: keyword.campaignId,
      currentValue: bid,
      proposedValue: Math.round((bid + 0.1) * 100) / 100,
      reasonCode: "bidDiscovery",
      reasonParams: { entityLabel: keyword.keywordText, targetAcos: 0.3 },
      impact: 40 - i,
      impactLow: 10,
      impactHigh: 60,
    });
  }
  const groups = await db
    .select({ group: schema.adGroups, profile: schema.advertisingProfiles })
    .from(schema.adGroups)
    .innerJoin(
      schema.advertisingProfiles,
      eq(schema.advertisingProfiles.id, schema.adGroups.advertisingProfileId),
    )
    .where(
      and(
        eq(schema.advertisingProfiles.sellerProfileId, sellerProfileId),
        eq(schema.adGroups.state, "ENABLED"),
      ),
    )
    .limit(options.creations ?? 1);
  for (const [i, { group, profile }] of groups.entries())
    for (const kind of ["keyword", "negative"] as const)
      rows.push({
        runId: run!.id,
        sellerProfileId,
        advertisingProfileId: profile.id,
        kind,
        entityType: "ad_groups",
        entityId: group.id,
        subject: `${kind} idee ${i}`,
        adGroupId: group.id,
        campaignId: group.campaignId,
        proposedValue:
          kind === "keyword"
            ? { text: `${kind} idee ${i}`, bid: 0.62 }
            : { text: `${kind} idee ${i}` },
        reasonCode: kind === "keyword" ? "harvestKeyword" : "negativeByProbability",
        reasonParams: { entityLabel: `${kind} idee ${i}` },
        impact: kind === "keyword" ? 20 : 5,
        impactLow: 1,
        impactHigh: 30,
      });
  if (rows.length === 0) return [];
  return db.insert(schema.recommendations).values(rows).returning();
}

/** A seller profile of the other customer the harness seeds ("Fremd AG"): foreign to the user. */
export async function foreignSellerProfile(db: Database): Promise<string> {
  const [other] = await db
    .select()
    .from(schema.customers)
    .where(eq(schema.customers.name, "Fremd AG"));
  const [profile] = await db
    .insert(schema.sellerProfiles)
    .values({ customerId: other!.id, name: "Fremd AG" })
    .returning();
  return profile!.id;
}
