import { KEYWORD_MAX_CHARS, KEYWORD_MAX_WORDS, validateChangeValue } from "@starport/amazon";
import { type Database, schema } from "@starport/db";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "../auth/principal.ts";
import { NotFoundError, ValidationError, type Violation } from "../errors.ts";
import { isUuid } from "../hydra/iri.ts";
import { validationErrorFromZod } from "../validation.ts";
import {
  CAMPAIGN_CREATE_VIOLATIONS,
  type CampaignCreateViolationCode,
} from "../violation-catalogue.ts";
import { BIDDING_STRATEGIES } from "./fields.ts";
import type { ChangeJobs } from "./jobs.ts";
import { type NewEntity, pushCreations } from "./push-creations.ts";

/**
 * Creates a Sponsored Products campaign through changes (issue 10 §7): the wizard's whole payload
 * is validated first — shape, then Amazon's rules per field (names, the marketplace's bid and
 * budget limits, placements 0–900 %, dates), the products being synced listings of the
 * marketplace — and any violation is a 422 on its field path before anything is written. A valid
 * payload becomes one batch of `create` changes in parent order (campaign → ad group → product
 * ads, keywords or targets or auto-targeting bids → campaign negatives), pushed at once.
 *
 * The batch is written and pushed by pushCreations; the apply job creates parents first and
 * looks each entity up by natural key, so retrying a partly failed batch creates no duplicates.
 */

const MATCH_TYPES = ["EXACT", "PHRASE", "BROAD"] as const;
const NEGATIVE_MATCH_TYPES = ["NEGATIVE_EXACT", "NEGATIVE_PHRASE"] as const;
const AUTO_GROUPS = [
  "QUERY_HIGH_REL_MATCHES",
  "QUERY_BROAD_REL_MATCHES",
  "ASIN_ACCESSORY_RELATED",
  "ASIN_SUBSTITUTE_RELATED",
] as const;
const TARGET_TYPES = [
  "ASIN_SAME_AS",
  "ASIN_CATEGORY_SAME_AS",
  "ASIN_BRAND_SAME_AS",
  "ASIN_EXPANDED_FROM",
] as const;
const MAX_ITEMS = 1000;

const money = z.number().finite();
const day = z.iso.date();

export const campaignCreationBody = z.object({
  profile: z.string().min(1).max(200),
  campaign: z.object({
    name: z.string().max(1000),
    targetingType: z.enum(["MANUAL", "AUTO"]),
    state: z.enum(["ENABLED", "PAUSED"]).default("ENABLED"),
    dailyBudget: money,
    startDate: day,
    endDate: day.nullable().optional(),
    biddingStrategy: z.enum(BIDDING_STRATEGIES),
    placementTopOfSearch: z.number().default(0),
    placementProductPage: z.number().default(0),
    placementRestOfSearch: z.number().default(0),
  }),
  adGroup: z.object({ name: z.string().max(1000), defaultBid: money }),
  productAds: z
    .array(z.object({ sku: z.string().min(1).max(200), asin: z.string().max(20).nullish() }))
    .min(1)
    .max(MAX_ITEMS),
  keywords: z
    .array(z.object({ text: z.string().max(1000), matchType: z.enum(MATCH_TYPES), bid: money }))
    .max(MAX_ITEMS)
    .optional(),
  targets: z
    .array(
      z.object({
        expression: z
          .array(z.object({ type: z.enum(TARGET_TYPES), value: z.string().min(1).max(200) }))
          .min(1)
          .max(5),
        bid: money,
      }),
    )
    .max(MAX_ITEMS)
    .optional(),
  autoTargetingBids: z
    .object(
      Object.fromEntries(AUTO_GROUPS.map((g) => [g, money])) as Record<
        (typeof AUTO_GROUPS)[number],
        typeof money
      >,
    )
    .optional(),
  negativeKeywords: z
    .array(z.object({ text: z.string().max(1000), matchType: z.enum(NEGATIVE_MATCH_TYPES) }))
    .max(MAX_ITEMS)
    .optional(),
});
export type CampaignCreationBody = z.infer<typeof campaignCreationBody>;
/** The body a client sends to POST /api/campaign_creations (defaults not yet applied). */
export type CampaignCreationPayload = z.input<typeof campaignCreationBody>;

function coded(
  propertyPath: string,
  code: CampaignCreateViolationCode,
  params?: Record<string, string | number>,
): Violation {
  return {
    propertyPath,
    message: CAMPAIGN_CREATE_VIOLATIONS[code],
    code: `campaignCreate.violation.${code}`,
    ...(params ? { params } : {}),
  };
}

/** Every rule violation of a well-formed payload (empty: valid). */
export function campaignViolations(
  body: CampaignCreationBody,
  context: { countryCode: string },
): Violation[] {
  const violations: Violation[] = [];
  const check = (path: string, field: string, value: unknown, current = {}) => {
    const v = validateChangeValue({ field, value, countryCode: context.countryCode, current });
    if (v) violations.push(coded(path, v.code, v.params));
  };
  const c = body.campaign;
  check("campaign.name", "name", c.name);
  check("campaign.dailyBudget", "budget", c.dailyBudget);
  check("campaign.biddingStrategy", "biddingStrategy", c.biddingStrategy);
  check("campaign.placementTopOfSearch", "placementTopOfSearch", c.placementTopOfSearch);
  check("campaign.placementProductPage", "placementProductPage", c.placementProductPage);
  check("campaign.placementRestOfSearch", "placementRestOfSearch", c.placementRestOfSearch);
  check("campaign.startDate", "startDate", c.startDate);
  if (c.endDate) check("campaign.endDate", "endDate", c.endDate, { startDate: c.startDate });
  check("adGroup.name", "name", body.adGroup.name);
  check("adGroup.defaultBid", "bid", body.adGroup.defaultBid);

  const duplicates = <T>(items: readonly T[], key: (item: T) => string, path: string) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k)) violations.push(coded(`${path}[${i}]`, "duplicate"));
      seen.add(k);
    });
  };
  duplicates(body.productAds, (p) => p.sku, "productAds");

  const keywordText = (path: string, text: string) => {
    if (text.trim() === "" || text !== text.trim()) {
      violations.push(coded(path, "required"));
      return;
    }
    if (text.length > KEYWORD_MAX_CHARS || text.split(/\s+/).length > KEYWORD_MAX_WORDS)
      violations.push(coded(path, "keywordTooLong", { max: KEYWORD_MAX_CHARS }));
  };
  const keywords = body.keywords ?? [];
  const targets = body.targets ?? [];
  if (c.targetingType === "MANUAL") {
    if (keywords.length === 0 && targets.length === 0)
      violations.push(coded("keywords", "missingTargets"));
    if (body.autoTargetingBids) violations.push(coded("autoTargetingBids", "invalid"));
  } else {
    if (keywords.length || targets.length)
      violations.push(coded(keywords.length ? "keywords" : "targets", "invalid"));
    if (!body.autoTargetingBids) violations.push(coded("autoTargetingBids", "required"));
  }
  keywords.forEach((k, i) => {
    keywordText(`keywords[${i}].text`, k.text);
    check(`keywords[${i}].bid`, "bid", k.bid);
  });
  duplicates(keywords, (k) => `${k.text.trim().toLowerCase()}|${k.matchType}`, "keywords");
  targets.forEach((t, i) => {
    check(`targets[${i}].bid`, "bid", t.bid);
  });
  duplicates(
    targets,
    (t) => JSON.stringify(t.expression.map((e) => [e.type, e.value.toLowerCase()])),
    "targets",
  );
  for (const group of AUTO_GROUPS)
    if (body.autoTargetingBids)
      check(`autoTargetingBids.${group}`, "bid", body.autoTargetingBids[group]);
  const negatives = body.negativeKeywords ?? [];
  negatives.forEach((n, i) => {
    keywordText(`negativeKeywords[${i}].text`, n.text);
  });
  duplicates(negatives, (n) => `${n.text.trim().toLowerCase()}|${n.matchType}`, "negativeKeywords");
  return violations;
}

/**
 * The batch's creations in parent order, as Amazon's v3 create items (pushCreations links the
 * parents): campaign → ad group → product ads, keywords or targets (auto: the targeting groups,
 * which Amazon makes with the ad group and the job takes as found) → campaign-level negatives.
 */
export function planCreations(body: CampaignCreationBody): NewEntity[] {
  const c = body.campaign;
  const plan: NewEntity[] = [
    {
      key: "campaign",
      entityType: "campaigns",
      item: {
        name: c.name,
        targetingType: c.targetingType,
        state: c.state,
        budget: { budget: c.dailyBudget, budgetType: "DAILY" },
        startDate: c.startDate,
        ...(c.endDate ? { endDate: c.endDate } : {}),
        dynamicBidding: {
          strategy: c.biddingStrategy,
          placementBidding: [
            { placement: "PLACEMENT_TOP", percentage: c.placementTopOfSearch },
            { placement: "PLACEMENT_PRODUCT_PAGE", percentage: c.placementProductPage },
            { placement: "PLACEMENT_REST_OF_SEARCH", percentage: c.placementRestOfSearch },
          ],
        },
      },
    },
    {
      key: "adGroup",
      entityType: "ad_groups",
      parent: "campaign",
      item: { name: body.adGroup.name, defaultBid: body.adGroup.defaultBid, state: "ENABLED" },
    },
  ];
  body.productAds.forEach((ad, i) => {
    plan.push({
      key: `ad-${i}`,
      entityType: "product_ads",
      parent: "adGroup",
      item: { sku: ad.sku, state: "ENABLED" },
      label: ad.asin ? `${ad.sku} (${ad.asin})` : ad.sku,
    });
  });
  (body.keywords ?? []).forEach((k, i) => {
    plan.push({
      key: `keyword-${i}`,
      entityType: "keywords",
      parent: "adGroup",
      item: { keywordText: k.text, matchType: k.matchType, bid: k.bid, state: "ENABLED" },
    });
  });
  (body.targets ?? []).forEach((t, i) => {
    plan.push({
      key: `target-${i}`,
      entityType: "targets",
      parent: "adGroup",
      item: { expression: t.expression, expressionType: "MANUAL", bid: t.bid, state: "ENABLED" },
      label: t.expression.map((e) => `${e.type}=${e.value}`).join(" "),
    });
  });
  if (body.autoTargetingBids)
    for (const group of AUTO_GROUPS)
      plan.push({
        key: `auto-${group}`,
        entityType: "targets",
        parent: "adGroup",
        item: {
          expression: [{ type: group }],
          expressionType: "AUTO",
          bid: body.autoTargetingBids[group],
          state: "ENABLED",
        },
        label: group,
      });
  (body.negativeKeywords ?? []).forEach((n, i) => {
    plan.push({
      key: `negative-${i}`,
      entityType: "negative_keywords",
      parent: "campaign",
      item: { keywordText: n.text, matchType: n.matchType, state: "ENABLED" },
    });
  });
  return plan;
}

export async function createCampaign(
  db: Database,
  jobs: ChangeJobs,
  principal: Principal,
  input: unknown,
): Promise<{ batchId: string }> {
  const parsed = campaignCreationBody.safeParse(input);
  if (!parsed.success) throw validationErrorFromZod(parsed.error, input);
  const body = parsed.data;
  const profileId = body.profile.split("/").pop() ?? "";
  if (!isUuid(profileId)) throw new NotFoundError();
  const ap = schema.advertisingProfiles;
  const sp = schema.sellerProfiles;
  const [profile] = await db
    .select({ profile: ap })
    .from(ap)
    .innerJoin(sp, eq(sp.id, ap.sellerProfileId))
    .where(and(eq(ap.id, profileId), eq(sp.customerId, principal.customerId)));
  if (!profile) throw new NotFoundError();
  const advertising = profile.profile;

  const violations = campaignViolations(body, { countryCode: advertising.countryCode });
  // A campaign name is unique in the profile (Amazon refuses a duplicate; retries find it by name).
  const [taken] = await db
    .select({ id: schema.campaigns.id })
    .from(schema.campaigns)
    .where(
      and(
        eq(schema.campaigns.advertisingProfileId, advertising.id),
        ne(schema.campaigns.state, "ARCHIVED"),
        sql`lower(${schema.campaigns.name}) = lower(${body.campaign.name})`,
      ),
    )
    .limit(1);
  if (taken) violations.push(coded("campaign.name", "nameTaken"));
  // The products are synced listings of this marketplace of the seller profile.
  const skus = [...new Set(body.productAds.map((p) => p.sku))];
  const listed = await db
    .select({ sku: schema.products.sku })
    .from(schema.products)
    .innerJoin(schema.sellerAccounts, eq(schema.sellerAccounts.id, schema.products.sellerAccountId))
    .where(
      and(
        eq(schema.sellerAccounts.sellerProfileId, advertising.sellerProfileId),
        eq(schema.products.marketplace, advertising.countryCode),
        inArray(schema.products.sku, skus),
      ),
    );
  const known = new Set(listed.map((r) => r.sku));
  body.productAds.forEach((p, i) => {
    if (!known.has(p.sku)) violations.push(coded(`productAds[${i}].sku`, "unknownProduct"));
  });
  if (violations.length) throw new ValidationError(violations);

  const batch = await pushCreations(db, jobs, principal, {
    profile: advertising.id,
    entities: planCreations(body),
  });
  return { batchId: batch.id };
}
