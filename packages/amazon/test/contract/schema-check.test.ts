import { describe, expect, it } from "vitest";
import { DE, startSandbox } from "./harness.ts";
import { SchemaChecker, unexpectedViolations } from "./schema-check.ts";

describe("SchemaChecker (the contract tests' model check)", () => {
  it("flags wrong enums, types, missing required fields and undeclared statuses", () => {
    const c = new SchemaChecker();
    c.check("POST", "/sp/campaigns/list", 200, "application/vnd.spCampaign.v3+json", {
      campaigns: [
        {
          campaignId: 1,
          name: "x",
          state: "LIVE",
          targetingType: "MANUAL",
          budget: { budget: 1, budgetType: "DAILY" },
        },
      ],
    });
    c.check("GET", "/sellers/v1/marketplaceParticipations", 418, "application/json", {});
    expect(c.violations.map((v) => `${v.operation} ${v.at} ${v.problem}`)).toEqual([
      "ListSponsoredProductsCampaigns $.campaigns[0].startDate required property missing",
      "ListSponsoredProductsCampaigns $.campaigns[0].campaignId expected string, got 1",
      `ListSponsoredProductsCampaigns $.campaigns[0].state "LIVE" is not one of ["ARCHIVED","ENABLED","ENABLING","OTHER","PAUSED","PROPOSED","USER_DELETED"]`,
      "getMarketplaceParticipations $ status 418 is not declared by the model",
    ]);
    expect(unexpectedViolations(c.violations)).toHaveLength(4);
  });

  it("accepts a conforming SP-API answer and resolves templated paths", () => {
    const c = new SchemaChecker();
    c.check("GET", "/catalog/2022-04-01/items/B0TEST0001", 200, "application/json", {
      asin: "B0TEST0001",
      summaries: [{ marketplaceId: "X" }],
    });
    c.check("GET", "/reports/2021-06-30/reports/123", 404, "application/json", {
      errors: [{ code: "NotFound", message: "no" }],
    });
    expect(c.violations).toEqual([]);
    expect([...c.checked]).toEqual(["getCatalogItem 200", "getReport 404"]);
  });

  it("sits in the contract clients' fetch: every answer they receive is checked", async () => {
    const h = await startSandbox();
    try {
      const sp = h.amazon.sp({ refreshToken: h.spRefreshToken, marketplace: "DE" });
      const participations = await sp.getMarketplaceParticipations();
      expect(participations.map((p) => p.marketplace.id)).toContain(DE);
      await sp.getCatalogItem("B0NOTHERE0", { marketplaceIds: [DE] }).catch(() => undefined);
      expect([...h.schema.checked]).toEqual([
        "getMarketplaceParticipations 200",
        "getCatalogItem 404",
      ]);
    } finally {
      await h.close();
    }
  });
});
