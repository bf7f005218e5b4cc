import { describe, expect, it } from "vitest";
import {
  checkIdeas,
  clampBid,
  stageOf,
} from "../app/routes/action-center/keyword-recommendations/model.ts";
import {
  type SourceGroup,
  searchCandidates,
  selectSources,
} from "../app/routes/action-center/keyword-recommendations/search-candidates.ts";

const LIMITS = { minBid: 0.02, maxBid: 1000 };

describe("pasted keyword ideas (issue 21 §2, bad input)", () => {
  it("names what is wrong with each line and keeps the valid ones", () => {
    const lines = checkIdeas(
      [
        "lampe",
        "",
        "Lampe",
        "x".repeat(300),
        "a b c d e f g h i j k",
        "preis $ 100",
        "zelt",
        "matte",
        "neu  idee ",
      ].join("\n"),
      new Set(["zelt"]),
      new Set(["matte"]),
    );
    expect(lines.map((l) => l.problem)).toEqual([
      null,
      "empty",
      "duplicate",
      "tooLong",
      "tooLong",
      "unsupported",
      "isKeyword",
      "isNegative",
      null,
    ]);
    expect(lines[8]?.text).toBe("neu idee");
  });

  it("checks 5,000 lines quickly", () => {
    const text = Array.from({ length: 5000 }, (_, i) => `idee ${i % 4000}`).join("\n");
    const started = performance.now();
    const lines = checkIdeas(text, new Set(), new Set());
    expect(performance.now() - started).toBeLessThan(500);
    expect(lines.filter((l) => l.problem === "duplicate")).toHaveLength(1000);
  });
});

describe("search tab", () => {
  it("offers converting terms not yet keywords, CVR shrunk toward the ad group's, bid scaled", () => {
    const terms = [
      { searchTerm: "Lampe", isKeyword: false, clicks: 10, orders: 5, cost: 5 },
      { searchTerm: "lampe", isKeyword: false, clicks: 10, orders: 0, cost: 5 },
      { searchTerm: "zelt", isKeyword: true, clicks: 50, orders: 10, cost: 25 },
      { searchTerm: "matte", isKeyword: false, clicks: 100, orders: 0, cost: 50 },
      { searchTerm: "kocher", isKeyword: false, clicks: 30, orders: 1, cost: 15 },
    ];
    const { rows, stats } = searchCandidates(terms, 0.5, LIMITS);
    expect(stats).toEqual({ clicks: 200, orders: 16, cost: 100 });
    expect(rows.map((r) => r.keywordText)).toEqual(["Lampe", "kocher"]);
    const lampe = rows[0]!;
    expect(lampe.clicks).toBe(20);
    expect(lampe.cvr).toBe(0.25);
    // Between its own CVR and the ad group's 8 %.
    expect(lampe.shrunkCvr).toBeGreaterThan(0.08);
    expect(lampe.shrunkCvr).toBeLessThan(0.25);
    expect(lampe.bid).toBe(clampBid((0.5 * lampe.shrunkCvr) / 0.08, LIMITS));
    expect(lampe.matchType).toBe("EXACT");
  });

  it("adds the campaign's auto, broad and phrase sources, never an exact one, with their negation state", () => {
    const source = (adGroupId: string, matchType: string | null, negated = false) => ({
      adGroupId,
      adGroupName: `AG ${adGroupId}`,
      campaignName: null,
      via: matchType ? "zelt" : "close-match",
      matchType,
      negated,
    });
    const terms = [
      { searchTerm: "zeltlampe", isKeyword: false, clicks: 10, orders: 2, cost: 5 },
      {
        searchTerm: "Zeltlampe",
        isKeyword: false,
        clicks: 10,
        orders: 1,
        cost: 5,
        source: source("b", "BROAD"),
      },
      {
        searchTerm: "stirnlampe",
        isKeyword: false,
        clicks: 20,
        orders: 3,
        cost: 10,
        source: source("a", null, true),
      },
      {
        searchTerm: "stirnlampe",
        isKeyword: false,
        clicks: 5,
        orders: 1,
        cost: 2,
        source: source("c", "PHRASE"),
      },
      {
        searchTerm: "kocher",
        isKeyword: false,
        clicks: 40,
        orders: 9,
        cost: 20,
        source: source("d", "EXACT"),
      },
    ];
    const { rows, stats } = searchCandidates(terms, 0.5, LIMITS);
    // The exact source's term neither qualifies nor counts toward the pooled CVR.
    expect(stats).toEqual({ clicks: 45, orders: 7, cost: 22 });
    expect(rows.map((r) => r.keywordText).sort()).toEqual(["stirnlampe", "zeltlampe"]);
    const zelt = rows.find((r) => r.key === "zeltlampe")!;
    expect(zelt.own).toBe(true);
    expect(zelt.clicks).toBe(20);
    expect(zelt.sources.map((s) => [s.adGroupId, s.matchType])).toEqual([["b", "BROAD"]]);
    const stirn = rows.find((r) => r.key === "stirnlampe")!;
    expect(stirn.own).toBe(false);
    expect(stirn.sources.map((s) => [s.adGroupId, s.negated])).toEqual([
      ["a", true],
      ["c", false],
    ]);
  });

  it("keeps bids within the marketplace's limits", () => {
    expect(clampBid(0.001, LIMITS)).toBe(0.02);
    expect(clampBid(5000, LIMITS)).toBe(1000);
    expect(clampBid(0.456, LIMITS)).toBe(0.46);
  });
});

describe("per-row results after the push", () => {
  it("reads each staged creation's stage from the pushed batch's changes", () => {
    const change = (status: string, errorMessage: string | null = null) => ({
      status,
      errorMessage,
      errorCode: status === "failed" ? "INVALID_ARGUMENT" : null,
    });
    const pushed = new Map([
      ["a", change("applied")],
      ["b", change("failed", "Keyword is under review")],
      ["c", change("applying")],
      ["d", change("failed")],
    ]);
    const staged = (changeId: string | null) => ({ ok: true, message: null, changeId });
    expect(stageOf(staged("a"), pushed)).toEqual({ stage: "applied", message: null });
    expect(stageOf(staged("b"), pushed)).toEqual({
      stage: "failed",
      message: "Keyword is under review",
    });
    expect(stageOf(staged("c"), pushed)).toEqual({ stage: "pending", message: null });
    // Without Amazon's words, its error code.
    expect(stageOf(staged("d"), pushed)).toEqual({ stage: "failed", message: "INVALID_ARGUMENT" });
    // Not pushed yet (or pushed in another batch the page does not follow): in the tray.
    expect(stageOf(staged("e"), pushed)).toEqual({ stage: "inTray", message: null });
    expect(stageOf(staged(null), pushed)).toEqual({ stage: "inTray", message: null });
  });
});

describe("search tab sources in other campaigns (same products)", () => {
  const group = (id: string, patch: Partial<SourceGroup> = {}): [string, SourceGroup] => [
    id,
    {
      id,
      name: `AG ${id}`,
      state: "ENABLED",
      campaignId: `c-${id}`,
      campaignName: `Campaign ${id}`,
      campaignState: "ENABLED",
      ...patch,
    },
  ];
  const base = {
    adGroupId: "own",
    campaignId: "c-exact",
    ownAds: [
      { asin: "B0LAMP", sku: "LAMP-1", state: "ENABLED" },
      { asin: "B0OLD", sku: "OLD-1", state: "ARCHIVED" },
    ],
    ads: [
      { adGroupId: "auto", asin: "b0lamp", sku: null, state: "ENABLED" },
      { adGroupId: "broad", asin: null, sku: "LAMP-1", state: "PAUSED" },
      { adGroupId: "other", asin: "B0TENT", sku: "TENT-1", state: "ENABLED" },
      { adGroupId: "oldAd", asin: "B0LAMP", sku: null, state: "ARCHIVED" },
      { adGroupId: "oldProduct", asin: "B0OLD", sku: null, state: "ENABLED" },
      { adGroupId: "archived", asin: "B0LAMP", sku: null, state: "ENABLED" },
      { adGroupId: "archivedCampaign", asin: "B0LAMP", sku: null, state: "ENABLED" },
      { adGroupId: "exact", asin: "B0LAMP", sku: null, state: "ENABLED" },
      { adGroupId: "sibling", asin: "B0LAMP", sku: null, state: "ENABLED" },
      { adGroupId: "own", asin: "B0LAMP", sku: null, state: "ENABLED" },
    ],
    groups: new Map([
      group("auto"),
      group("broad"),
      group("other"),
      group("oldAd"),
      group("oldProduct"),
      group("archived", { state: "ARCHIVED" }),
      group("archivedCampaign", { campaignState: "ARCHIVED" }),
      group("exact"),
      group("sibling", { campaignId: "c-exact" }),
      group("own", { campaignId: "c-exact" }),
    ]),
    terms: [
      ...[
        "auto",
        "broad",
        "other",
        "oldAd",
        "oldProduct",
        "archived",
        "archivedCampaign",
        "sibling",
        "own",
      ].map((adGroupId) => ({ adGroupId, matchType: "BROAD", clicks: 10 })),
      { adGroupId: "auto", matchType: null, clicks: 30 },
      { adGroupId: "broad", matchType: "PHRASE", clicks: 5 },
      { adGroupId: "exact", matchType: "EXACT", clicks: 500 },
    ],
  };

  it("takes ad groups of other campaigns advertising the same ASIN or SKU, by clicks", () => {
    const { sources, omitted } = selectSources(base);
    // Not: another product, an archived ad, an archived product of the ad group, an archived
    // ad group or campaign, exact keywords only, the own campaign (read anyway), itself.
    expect(sources.map((s) => s.id)).toEqual(["auto", "broad"]);
    expect(sources[0]?.campaignName).toBe("Campaign auto");
    expect(omitted).toBe(0);
  });

  it("keeps at most the limit, those with most clicks, and counts the others", () => {
    const { sources, omitted } = selectSources({ ...base, limit: 1 });
    expect(sources.map((s) => s.id)).toEqual(["auto"]);
    expect(omitted).toBe(1);
  });

  it("lists each source of a term converting in several, with its campaign", () => {
    const term = (adGroupId: string, campaignName: string | null) => ({
      searchTerm: "stehlampe",
      isKeyword: false,
      clicks: 10,
      orders: 2,
      cost: 4,
      source: {
        adGroupId,
        adGroupName: adGroupId,
        campaignName,
        via: "lampe",
        matchType: "BROAD",
        negated: false,
      },
    });
    const { rows } = searchCandidates(
      [term("auto", "SP Auto"), term("broad", "SP Broad"), term("auto", "SP Auto")],
      0.5,
      LIMITS,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sources.map((s) => [s.adGroupId, s.campaignName])).toEqual([
      ["auto", "SP Auto"],
      ["broad", "SP Broad"],
    ]);
    expect(rows[0]?.orders).toBe(6);
  });

  it("offers no ASIN as a keyword: counted as a product target to harvest", () => {
    const { rows, stats, asinTerms } = searchCandidates(
      [
        { searchTerm: "B0BU67GNSW", isKeyword: false, clicks: 3, orders: 2, cost: 3 },
        { searchTerm: "b0abcdefgh", isKeyword: false, clicks: 4, orders: 1, cost: 2 },
        { searchTerm: "b0 lampe", isKeyword: false, clicks: 5, orders: 1, cost: 2 },
        { searchTerm: "b0ab", isKeyword: false, clicks: 1, orders: 1, cost: 1 },
      ],
      0.5,
      LIMITS,
    );
    expect(asinTerms).toBe(2);
    expect(rows.map((r) => r.key).sort()).toEqual(["b0 lampe", "b0ab"]);
    // Their clicks still count toward the ad group's CVR.
    expect(stats.clicks).toBe(13);
  });
});
