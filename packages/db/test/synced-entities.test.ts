import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expressionText, rowFromAmazon } from "../src/amazon-entity-rows.ts";
import { apiValueOf, writableColumn, writeWire } from "../src/amazon-entity-writes.ts";
import { entityFields } from "../src/entity-fields.ts";
import { FACT_ENTITIES, SYNCED_ENTITIES, WRITABLE_ENTITY_NAMES } from "../src/synced-entities.ts";

describe("synced entities, declared once", () => {
  it("wire every column Starport does not fill itself", () => {
    const managed = ["id", "advertisingProfileId", "syncedAt", "campaignId", "adGroupId"];
    for (const entity of Object.values(SYNCED_ENTITIES)) {
      const all = Object.keys(getTableColumns(entity.table));
      expect(entity.columns.map((c) => c.property).sort(), entity.name).toEqual(
        all.filter((p) => !managed.includes(p)).sort(),
      );
      // Parent links exist as columns of the table.
      for (const parent of entity.parents) expect(all).toContain(`${parent}Id`);
    }
    expect(FACT_ENTITIES.map((e) => e.factsType)).toEqual([
      "campaign",
      "ad_group",
      "keyword",
      "target",
      "product_ad",
    ]);
    // Every entity Starport changes declares its writable fields (negatives: their state).
    expect(WRITABLE_ENTITY_NAMES).toEqual([
      "campaigns",
      "ad_groups",
      "keywords",
      "negative_keywords",
      "targets",
      "negative_targets",
      "product_ads",
    ]);
  });

  it("map an Amazon v3 campaign and a campaign-level negative onto their rows", () => {
    const campaign = rowFromAmazon(
      SYNCED_ENTITIES.campaigns,
      { step: "campaigns", resource: "campaigns" },
      {
        campaignId: "123",
        name: "SP Exact",
        state: "ENABLED",
        targetingType: "MANUAL",
        budget: { budget: 12.34, budgetType: "DAILY" },
        startDate: "2026-08-24",
        dynamicBidding: {
          strategy: "AUTO_FOR_SALES",
          placementBidding: [
            { placement: "PLACEMENT_TOP", percentage: 80 },
            { placement: "PLACEMENT_REST_OF_SEARCH", percentage: 5 },
          ],
        },
      },
      "profile-1",
    );
    expect(campaign).toEqual({
      advertising_profile_id: "profile-1",
      amazon_campaign_id: "123",
      name: "SP Exact",
      state: "ENABLED",
      targeting_type: "MANUAL",
      budget_micros: 12_340_000,
      budget_type: "DAILY",
      start_date: "2026-08-24",
      end_date: null,
      bidding_strategy: "AUTO_FOR_SALES",
      portfolio_id: null,
      placement_top_of_search_pct: 80,
      placement_product_page_pct: 0,
      placement_rest_of_search_pct: 5,
    });
    const negative = rowFromAmazon(
      SYNCED_ENTITIES.negative_targets,
      { step: "campaign_negative_targets", resource: "campaignNegativeTargets", level: "campaign" },
      {
        targetId: "9",
        campaignId: "123",
        state: "ENABLED",
        expression: [{ type: "ASIN_BRAND_SAME_AS", value: "Acme" }],
      },
      "profile-1",
    );
    expect(negative).toMatchObject({
      level: "campaign",
      amazon_ad_group_id: null,
      expression_text: 'brand="Acme"',
    });
    expect(
      entityFields(SYNCED_ENTITIES.keywords).find((f) => f.property === "bidMicros"),
    ).toMatchObject({
      property: "bidMicros",
      field: "bid",
      kind: "money",
      nullable: true,
    });
  });
});

describe("writing changes back through the wire they were read from", () => {
  const campaigns = SYNCED_ENTITIES.campaigns;
  // A synced campaign row as Drizzle reads it (properties, micros).
  const row = {
    amazonCampaignId: "123",
    name: "SP Exact",
    state: "ENABLED",
    budgetMicros: 12_340_000,
    budgetType: "DAILY",
    biddingStrategy: "AUTO_FOR_SALES",
    placementTopOfSearchPct: 80,
    placementProductPagePct: 10,
    placementRestOfSearchPct: 5,
  };
  const write = (
    item: Record<string, unknown>,
    field: Parameters<typeof writableColumn>[1],
    value: string | number | null,
    from: Record<string, unknown> = row,
  ) => writeWire(campaigns, item, writableColumn(campaigns, field)!, value, from);

  it("sends the whole dynamicBidding object, so a strategy change keeps rest of search", () => {
    const item: Record<string, unknown> = { campaignId: "123" };
    write(item, "biddingStrategy", "MANUAL");
    expect(item).toEqual({
      campaignId: "123",
      dynamicBidding: {
        strategy: "MANUAL",
        placementBidding: [
          { placement: "PLACEMENT_TOP", percentage: 80 },
          { placement: "PLACEMENT_PRODUCT_PAGE", percentage: 10 },
          { placement: "PLACEMENT_REST_OF_SEARCH", percentage: 5 },
        ],
      },
    });
    // A second change to the same item edits the object already built.
    write(item, "placementTopOfSearch", 120);
    expect(item.dynamicBidding).toMatchObject({
      strategy: "MANUAL",
      placementBidding: [
        { placement: "PLACEMENT_TOP", percentage: 120 },
        { placement: "PLACEMENT_PRODUCT_PAGE", percentage: 10 },
        { placement: "PLACEMENT_REST_OF_SEARCH", percentage: 5 },
      ],
    });
  });

  it("fills the strategy Amazon requires when none was read, and the budget's type", () => {
    const item: Record<string, unknown> = {};
    write(item, "placementRestOfSearch", 30, { ...row, biddingStrategy: null });
    expect(item.dynamicBidding).toMatchObject({ strategy: "LEGACY_FOR_SALES" });
    const budget: Record<string, unknown> = {};
    write(budget, "budget", 25.5);
    expect(budget).toEqual({ budget: { budget: 25.5, budgetType: "DAILY" } });
  });

  it("writes plain fields where they were read, and reads values in the API's terms", () => {
    const item: Record<string, unknown> = {};
    write(item, "state", "PAUSED");
    write(item, "endDate", null);
    expect(item).toEqual({ state: "PAUSED", endDate: null });
    const keyword = SYNCED_ENTITIES.keywords;
    const bid = writableColumn(keyword, "bid")!;
    expect(apiValueOf(bid, { bidMicros: 1_230_000 })).toBe(1.23);
    const keywordItem: Record<string, unknown> = {};
    writeWire(keyword, keywordItem, bid, 0.75, { bidMicros: 1_230_000 });
    expect(keywordItem).toEqual({ bid: 0.75 });
    expect(writableColumn(keyword, "budget")).toBeUndefined();
    expect(writableColumn(SYNCED_ENTITIES.negative_targets, "state")?.property).toBe("state");
  });
});

describe("expressionText", () => {
  it("writes targeting expressions as Amazon's reports and console do", () => {
    expect(expressionText([{ type: "QUERY_HIGH_REL_MATCHES" }])).toBe("close-match");
    expect(expressionText([{ type: "QUERY_BROAD_REL_MATCHES" }])).toBe("loose-match");
    expect(expressionText([{ type: "ASIN_SUBSTITUTE_RELATED" }])).toBe("substitutes");
    expect(expressionText([{ type: "ASIN_ACCESSORY_RELATED" }])).toBe("complements");
    expect(expressionText([{ type: "ASIN_SAME_AS", value: "B0TEST0001" }])).toBe(
      'asin="B0TEST0001"',
    );
    expect(
      expressionText([
        { type: "ASIN_CATEGORY_SAME_AS", value: "12345" },
        { type: "ASIN_BRAND_SAME_AS", value: "678" },
        { type: "ASIN_PRICE_LESS_THAN", value: "20" },
      ]),
    ).toBe('category="12345" brand="678" price-less-than="20"');
    // The v2 spelling reads the same.
    expect(expressionText([{ type: "asinSameAs", value: "B0V2" }])).toBe('asin="B0V2"');
    expect(expressionText([{ type: "queryHighRelMatches" }])).toBe("close-match");
    expect(expressionText(undefined)).toBe("");
  });
});
