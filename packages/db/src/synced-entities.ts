import {
  adGroups,
  campaigns,
  keywords,
  negativeKeywords,
  negativeTargets,
  productAds,
  targets,
} from "./schema/advertising.ts";
import {
  defineSyncedEntity,
  ENTITY_STATES,
  type SyncedEntity,
  type SyncedEntityName,
  wire,
} from "./synced-entity-declaration.ts";

/**
 * The entities synced from Amazon Ads, each declared once (how: synced-entity-declaration.ts).
 * Reading Amazon's entities into rows is in amazon-entity-rows.ts, the API's view of the columns
 * in entity-fields.ts.
 */

const campaignEntity = defineSyncedEntity("campaigns", {
  table: campaigns,
  amazonId: "amazonCampaignId",
  amazonIdField: "campaignId",
  key: ["amazonCampaignId"],
  factsType: "campaign",
  parents: [],
  sources: [{ step: "campaigns", resource: "campaigns" }],
  wire: {
    amazonCampaignId: wire.field("campaignId"),
    name: wire.field("name"),
    state: wire.oneOf("state", ENTITY_STATES),
    targetingType: wire.field("targetingType"),
    budgetMicros: wire.money("budget.budget", 0),
    budgetType: wire.field("budget.budgetType", "DAILY"),
    startDate: wire.field("startDate"),
    endDate: wire.field("endDate"),
    // Amazon's default strategy, also what an update must send when none was read (it is required).
    biddingStrategy: wire.field("dynamicBidding.strategy", "LEGACY_FOR_SALES"),
    portfolioId: wire.field("portfolioId"),
    placementTopOfSearchPct: wire.placement("PLACEMENT_TOP"),
    placementProductPagePct: wire.placement("PLACEMENT_PRODUCT_PAGE"),
    placementRestOfSearchPct: wire.placement("PLACEMENT_REST_OF_SEARCH"),
  },
  writable: {
    state: "state",
    name: "name",
    budget: "budgetMicros",
    biddingStrategy: "biddingStrategy",
    placementTopOfSearch: "placementTopOfSearchPct",
    placementProductPage: "placementProductPagePct",
    placementRestOfSearch: "placementRestOfSearchPct",
    startDate: "startDate",
    endDate: "endDate",
  },
});

const adGroupEntity = defineSyncedEntity("ad_groups", {
  table: adGroups,
  amazonId: "amazonAdGroupId",
  amazonIdField: "adGroupId",
  key: ["amazonAdGroupId"],
  factsType: "ad_group",
  parents: ["campaign"],
  sources: [{ step: "ad_groups", resource: "adGroups" }],
  wire: {
    amazonAdGroupId: wire.field("adGroupId"),
    amazonCampaignId: wire.field("campaignId"),
    name: wire.field("name"),
    state: wire.oneOf("state", ENTITY_STATES),
    defaultBidMicros: wire.money("defaultBid", 0),
  },
  writable: { state: "state", name: "name", bid: "defaultBidMicros" },
});

const keywordEntity = defineSyncedEntity("keywords", {
  table: keywords,
  amazonId: "amazonKeywordId",
  amazonIdField: "keywordId",
  key: ["amazonKeywordId"],
  factsType: "keyword",
  parents: ["campaign", "adGroup"],
  sources: [{ step: "keywords", resource: "keywords" }],
  wire: {
    amazonKeywordId: wire.field("keywordId"),
    amazonCampaignId: wire.field("campaignId"),
    amazonAdGroupId: wire.field("adGroupId"),
    keywordText: wire.field("keywordText"),
    matchType: wire.field("matchType"),
    state: wire.oneOf("state", ENTITY_STATES),
    bidMicros: wire.money("bid"),
  },
  writable: { state: "state", bid: "bidMicros" },
});

const negativeKeywordEntity = defineSyncedEntity("negative_keywords", {
  table: negativeKeywords,
  amazonId: "amazonKeywordId",
  amazonIdField: "keywordId",
  key: ["level", "amazonKeywordId"],
  parents: ["campaign", "adGroup"],
  sources: [
    { step: "negative_keywords", resource: "negativeKeywords", level: "adGroup" },
    {
      step: "campaign_negative_keywords",
      resource: "campaignNegativeKeywords",
      level: "campaign",
    },
  ],
  wire: {
    amazonKeywordId: wire.field("keywordId"),
    level: wire.level(),
    amazonCampaignId: wire.field("campaignId"),
    amazonAdGroupId: wire.field("adGroupId"),
    keywordText: wire.field("keywordText"),
    matchType: wire.field("matchType"),
    state: wire.oneOf("state", ENTITY_STATES),
  },
  writable: { state: "state" },
});

const targetEntity = defineSyncedEntity("targets", {
  table: targets,
  amazonId: "amazonTargetId",
  amazonIdField: "targetId",
  key: ["amazonTargetId"],
  factsType: "target",
  parents: ["campaign", "adGroup"],
  sources: [{ step: "targets", resource: "targets" }],
  wire: {
    amazonTargetId: wire.field("targetId"),
    amazonCampaignId: wire.field("campaignId"),
    amazonAdGroupId: wire.field("adGroupId"),
    expressionType: wire.field("expressionType", "MANUAL"),
    expression: wire.field("expression"),
    expressionText: wire.expressionText("expression"),
    state: wire.oneOf("state", ENTITY_STATES),
    bidMicros: wire.money("bid"),
  },
  writable: { state: "state", bid: "bidMicros" },
});

const negativeTargetEntity = defineSyncedEntity("negative_targets", {
  table: negativeTargets,
  amazonId: "amazonTargetId",
  amazonIdField: "targetId",
  key: ["level", "amazonTargetId"],
  parents: ["campaign", "adGroup"],
  sources: [
    { step: "negative_targets", resource: "negativeTargets", level: "adGroup" },
    { step: "campaign_negative_targets", resource: "campaignNegativeTargets", level: "campaign" },
  ],
  wire: {
    amazonTargetId: wire.field("targetId"),
    level: wire.level(),
    amazonCampaignId: wire.field("campaignId"),
    amazonAdGroupId: wire.field("adGroupId"),
    expression: wire.field("expression"),
    expressionText: wire.expressionText("expression"),
    state: wire.oneOf("state", ENTITY_STATES),
  },
  writable: { state: "state" },
});

const productAdEntity = defineSyncedEntity("product_ads", {
  table: productAds,
  amazonId: "amazonAdId",
  amazonIdField: "adId",
  key: ["amazonAdId"],
  factsType: "product_ad",
  parents: ["campaign", "adGroup"],
  sources: [{ step: "product_ads", resource: "productAds" }],
  wire: {
    amazonAdId: wire.field("adId"),
    amazonCampaignId: wire.field("campaignId"),
    amazonAdGroupId: wire.field("adGroupId"),
    sku: wire.field("sku"),
    asin: wire.field("asin"),
    state: wire.oneOf("state", ENTITY_STATES),
  },
  writable: { state: "state" },
});

/** Every synced Ads entity by its name (the `/api/<name>` path and the sync step). */
export const SYNCED_ENTITIES = {
  campaigns: campaignEntity,
  ad_groups: adGroupEntity,
  keywords: keywordEntity,
  negative_keywords: negativeKeywordEntity,
  targets: targetEntity,
  negative_targets: negativeTargetEntity,
  product_ads: productAdEntity,
} as const;

const _allNamed: Record<SyncedEntityName, SyncedEntity> = SYNCED_ENTITIES;
void _allNamed;

/** The entities with daily facts (metrics), in parent-to-child order. */
export const FACT_ENTITIES = [
  campaignEntity,
  adGroupEntity,
  keywordEntity,
  targetEntity,
  productAdEntity,
] as const;
export type FactEntityName = (typeof FACT_ENTITIES)[number]["name"];

/** The entities Starport writes back to Amazon (the fields each declares writable). */
export const WRITABLE_ENTITY_NAMES = Object.values(SYNCED_ENTITIES)
  .filter((e) => e.writable !== undefined)
  .map((e) => e.name);
