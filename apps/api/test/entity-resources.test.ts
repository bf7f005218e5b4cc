/**
 * The Ads entity resources are derived from the entities' declarations (packages/db
 * synced-entities): every column of each entity's table reaches its output schema, the Hydra
 * docs' supported properties, the sort fields and, with the row's own value, the JSON of its item;
 * and nothing else does (beyond the links, the metrics and a product ad's product).
 */
import { SYNCED_ENTITIES, type SyncedEntityName, schema } from "@starport/db";
import { eq, getTableColumns } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYNCED_RESOURCES } from "../src/advertising/resources.ts";
import { insertAdsFixture } from "./support/ads-fixture.ts";
import { type HydraTestApp, IDS, openHydraTestApp } from "./support/hydra-app.ts";

type Json = Record<string, unknown>;

/** Fields a resource shows beyond its table's columns. */
const BEYOND_COLUMNS = new Set(["metrics", "previousMetrics", "product"]);
const LINKS: Record<string, { field: string; path: string }> = {
  advertisingProfileId: { field: "advertisingProfile", path: "advertising_profiles" },
  campaignId: { field: "campaign", path: "campaigns" },
  adGroupId: { field: "adGroup", path: "ad_groups" },
};
const PLACEMENTS: Record<string, string> = {
  placementTopOfSearchPct: "topOfSearch",
  placementProductPagePct: "productPage",
  placementRestOfSearchPct: "restOfSearch",
};

/** How the API shows a column, written out here independently of the derivation. */
function expectedField(property: string): { field: string; sub?: string; money: boolean } {
  const placement = PLACEMENTS[property];
  if (placement) return { field: "placementBidding", sub: placement, money: false };
  const link = LINKS[property];
  if (link) return { field: link.field, money: false };
  if (property.endsWith("Micros")) return { field: property.replace(/Micros$/, ""), money: true };
  return { field: property, money: false };
}

const names = Object.keys(SYNCED_ENTITIES) as SyncedEntityName[];

describe("Ads entity resources derived from their declarations", () => {
  let t: HydraTestApp;
  let docs: Json;
  beforeAll(async () => {
    t = await openHydraTestApp("pglite");
    const a = await insertAdsFixture(t.db, IDS.profileA, {
      seed: 7,
      firstDay: "2026-09-01",
      days: 3,
    });
    await t.db.insert(schema.negativeTargets).values({
      advertisingProfileId: a.profileId,
      amazonTargetId: "9900000001",
      level: "campaign",
      amazonCampaignId: a.campaigns[0]!.amazonId,
      campaignId: a.campaigns[0]!.id,
      expression: [{ type: "asinSameAs", value: "B0DERIVED1" }],
      expressionText: 'asin="B0DERIVED1"',
      state: "PAUSED",
    });
    docs = (await t.request("own", { url: "/api/docs.jsonld" })).json();
  });
  afterAll(() => t?.dispose());

  it.each(names)("%s: every column in the output schema, the docs and the sort fields", (name) => {
    const entity = SYNCED_ENTITIES[name];
    const resource = SYNCED_RESOURCES[name];
    expect(resource.path).toBe(name);
    const shape = resource.output.shape as Record<string, unknown>;
    const classes = docs["hydra:supportedClass"] as Json[];
    const documented = classes.find((c) => c["hydra:title"] === resource.shortName);
    expect(documented, resource.shortName).toBeDefined();
    const titles = (documented!["hydra:supportedProperty"] as Json[]).map((p) => p["hydra:title"]);
    const shown = new Set<string>(["id"]);
    for (const property of Object.keys(getTableColumns(entity.table))) {
      if (property === "id") continue;
      const { field, sub } = expectedField(property);
      shown.add(field);
      expect(shape, `${name}.${property} → ${field}`).toHaveProperty(field);
      expect(titles, `${name}.${property} → ${field} in the Hydra docs`).toContain(field);
      const declared = entity.columns.find((c) => c.property === property);
      if (declared && declared.sqlType !== "jsonb") {
        const order = sub ? `${field}.${sub}` : field;
        expect(Object.keys(resource.order ?? {}), `order[${order}]`).toContain(order);
      }
    }
    // Nothing beyond the columns, the links and what the resource adds on purpose.
    for (const field of Object.keys(shape))
      expect(shown.has(field) || BEYOND_COLUMNS.has(field), `${name}.${field}`).toBe(true);
  });

  it.each(names)("%s: an item's JSON carries every column's stored value", async (name) => {
    const entity = SYNCED_ENTITIES[name];
    const table = entity.table as typeof schema.campaigns;
    const [row] = (await t.db
      .select()
      .from(table)
      .where(eq(table.advertisingProfileId, (await profileOf(t)) ?? ""))
      .limit(1)) as Record<string, unknown>[];
    expect(row, `a ${name} row`).toBeDefined();
    const res = await t.request("own", { url: `/api/${name}/${row!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Json;
    for (const [property, value] of Object.entries(row!)) {
      const { field, sub, money } = expectedField(property);
      const link = LINKS[property];
      const shown = sub ? (body[field] as Json)[sub] : body[field];
      if (property === "id") expect(body.id).toBe(value);
      else if (link)
        expect(shown, property).toBe(value === null ? null : `/api/${link.path}/${value}`);
      else if (value instanceof Date) expect(shown, property).toBe(value.toISOString());
      else if (money) expect(shown, property).toBe(value === null ? null : Number(value) / 1e6);
      else expect(shown, property).toEqual(value);
    }
  });
});

async function profileOf(t: HydraTestApp): Promise<string | undefined> {
  const [profile] = await t.db
    .select({ id: schema.advertisingProfiles.id })
    .from(schema.advertisingProfiles)
    .where(eq(schema.advertisingProfiles.sellerProfileId, IDS.profileA));
  return profile?.id;
}
