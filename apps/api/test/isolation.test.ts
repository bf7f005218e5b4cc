import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { MARKETPLACE_CODES } from "@starport/marketplaces";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyResource } from "../src/hydra/resource.ts";
import { isShared } from "../src/hydra/tenant.ts";
import { ALL_RESOURCES } from "../src/index.ts";
import {
  type ActorName,
  type HydraTestApp,
  IDS,
  LD,
  MERGE_PATCH,
  openHydraTestApp,
} from "./support/hydra-app.ts";

/**
 * The tenant-isolation matrix, generated from the API's resource registry (ALL_RESOURCES: the core
 * entities and the synced advertising data): every resource × {own, foreign, admin, anonymous} ×
 * {GET, POST, PATCH, DELETE}, plus listing visibility. Rows belong to customer A; "own" acts for
 * A, "foreign" for B, "admin" is an administrator of a third customer: administrators see only
 * their own customer's data (another customer's through impersonation only), so to A's rows the
 * admin is as foreign as B, and only reference data and admin-only operations tell them apart. A resource added to the registry gets its rows here and fails until it has
 * an example below.
 */

let serial = 0;
const unique = () => `${Date.now().toString(36)}-${++serial}`;
const profileA = `/api/seller_profiles/${IDS.profileA}`;
const customerA = `/api/customers/${IDS.customerA}`;

type Db = HydraTestApp["db"];

/** Parents of customer A that synced rows hang from, inserted once per database. */
interface Fixtures {
  db: Db;
  advertisingProfileOfA(): Promise<string>;
  sellerAccountOfA(): Promise<string>;
}

/**
 * How the matrix gets an item of customer A and writes to it. Resources that allow creation: a
 * valid POST body whose relations point at customer A's items (A's user posts it; an admin posts
 * reference data). Read-only ones
 * (synced from Amazon): `insert` writes a row of customer A directly and returns its id. Resources
 * that allow updates: a valid merge patch.
 */
interface Example {
  body?(fixtures: Fixtures): Record<string, unknown> | Promise<Record<string, unknown>>;
  patch?(): Record<string, unknown>;
  insert?(fixtures: Fixtures): Promise<string>;
  /**
   * Computed resources (no item IRIs, e.g. sums): the query a listing needs, and how a member
   * shows the inserted row (its id as `insert` returned it).
   */
  listing?: { query: string; shows(member: Record<string, unknown>, id: string): boolean };
  /**
   * Read live from Amazon for one named item (keyword recommendations of an advertising profile):
   * the query naming the inserted item. The matrix has no Amazon connection, so a caller who may
   * see the item gets the layer's "not connected" 409 (the Amazon step is reached) and any other
   * caller a 404 (it is not).
   */
  liveFromAmazon?: (id: string) => string;
  /** A create that is not a plain creation answers this status (a dry run: 200). */
  createdStatus?: number;
}

/** Amazon ids of a synced ads row, unique per call. */
const amazonIds = () => {
  const n = String(7_000_000_000 + ++serial);
  return { campaign: `1${n}`, adGroup: `2${n}`, own: `3${n}` };
};
const STATE = "ENABLED";

const EXAMPLES: Record<string, Example> = {
  customers: {
    body: () => ({ name: `Customer ${unique()}` }),
    patch: () => ({ name: `Renamed ${unique()}` }),
  },
  users: {
    insert: async ({ db }) => {
      const [row] = await db
        .insert(schema.users)
        .values({ customerId: IDS.customerA, email: `user-${unique()}@a.test`, name: "A User" })
        .returning({ id: schema.users.id });
      return row!.id;
    },
    patch: () => ({ name: `Renamed ${unique()}`, roles: ["ROLE_USER"] }),
  },
  seller_profiles: {
    body: () => ({
      name: `Store ${unique()}`,
      customer: customerA,
      settings: { defaultCurrency: "GBP" },
    }),
    patch: () => ({ settings: { defaultMarketplace: "FR" } }),
  },
  seller_accounts: {
    body: () => ({
      name: `Account ${unique()}`,
      sellerProfile: profileA,
      marketplaceParticipations: [{ marketplace: "DE", isParticipating: true }],
    }),
    patch: () => ({ name: `Renamed ${unique()}` }),
  },
  advertising_profiles: {
    body: () => ({
      sellerProfile: profileA,
      amazonProfileId: String(1_000_000 + ++serial),
      countryCode: "DE",
      currency: "EUR",
      timezone: "Europe/Berlin",
    }),
    patch: () => ({ active: false }),
  },
  brands: {
    body: () => ({ name: `Brand ${unique()}`, sellerProfile: profileA }),
    patch: () => ({ name: `Renamed ${unique()}` }),
  },
  tags: {
    body: () => ({ text: `tag ${unique()}`, sellerProfile: profileA }),
    patch: () => ({ text: `renamed ${unique()}` }),
  },
  product_collections: {
    body: () => ({ name: `Collection ${unique()}`, sellerProfile: profileA }),
    patch: () => ({ description: "changed" }),
  },
  conversion_rates: {
    body: () => ({
      currencyCode: "USD",
      conversionRate: 1.1,
      date: new Date(Date.UTC(2030, 0, 1) + ++serial * 86_400_000).toISOString().slice(0, 10),
    }),
    patch: () => ({ conversionRate: 1.2 }),
  },
  taxes: {
    body: () => ({ customer: customerA, marketplace: "DE", rate: 19, validFrom: "2026-01-01" }),
    patch: () => ({ rate: 7, type: "reduced" }),
  },
  campaigns: {
    insert: async ({ db, advertisingProfileOfA }) => {
      const ids = amazonIds();
      const [row] = await db
        .insert(schema.campaigns)
        .values({
          advertisingProfileId: await advertisingProfileOfA(),
          amazonCampaignId: ids.campaign,
          name: `Campaign ${unique()}`,
          state: STATE,
          targetingType: "MANUAL",
          budgetMicros: 25_000_000,
        })
        .returning({ id: schema.campaigns.id });
      return row!.id;
    },
  },
  ad_groups: {
    insert: async ({ db, advertisingProfileOfA }) => {
      const ids = amazonIds();
      const [row] = await db
        .insert(schema.adGroups)
        .values({
          advertisingProfileId: await advertisingProfileOfA(),
          amazonAdGroupId: ids.adGroup,
          amazonCampaignId: ids.campaign,
          name: `Ad group ${unique()}`,
          state: STATE,
          defaultBidMicros: 750_000,
        })
        .returning({ id: schema.adGroups.id });
      return row!.id;
    },
  },
  keywords: {
    insert: async ({ db, advertisingProfileOfA }) => {
      const ids = amazonIds();
      const [row] = await db
        .insert(schema.keywords)
        .values({
          advertisingProfileId: await advertisingProfileOfA(),
          amazonKeywordId: ids.own,
          amazonCampaignId: ids.campaign,
          amazonAdGroupId: ids.adGroup,
          keywordText: `keyword ${unique()}`,
          matchType: "EXACT",
          state: STATE,
          bidMicros: 900_000,
        })
        .returning({ id: schema.keywords.id });
      return row!.id;
    },
  },
  negative_keywords: {
    insert: async ({ db, advertisingProfileOfA }) => {
      const ids = amazonIds();
      const [row] = await db
        .insert(schema.negativeKeywords)
        .values({
          advertisingProfileId: await advertisingProfileOfA(),
          amazonKeywordId: ids.own,
          level: "adGroup",
          amazonCampaignId: ids.campaign,
          amazonAdGroupId: ids.adGroup,
          keywordText: `negative ${unique()}`,
          matchType: "NEGATIVE_EXACT",
          state: STATE,
        })
        .returning({ id: schema.negativeKeywords.id });
      return row!.id;
    },
  },
  targets: {
    insert: async ({ db, advertisingProfileOfA }) => {
      const ids = amazonIds();
      const asin = `B0${ids.own.slice(-8)}`;
      const [row] = await db
        .insert(schema.targets)
        .values({
          advertisingProfileId: await advertisingProfileOfA(),
          amazonTargetId: ids.own,
          amazonCampaignId: ids.campaign,
          amazonAdGroupId: ids.adGroup,
          expressionType: "MANUAL",
          expression: [{ type: "asinSameAs", value: asin }],
          expressionText: `asin="${asin}"`,
          state: STATE,
        })
        .returning({ id: schema.targets.id });
      return row!.id;
    },
  },
  negative_targets: {
    insert: async ({ db, advertisingProfileOfA }) => {
      const ids = amazonIds();
      const asin = `B0${ids.own.slice(-8)}`;
      const [row] = await db
        .insert(schema.negativeTargets)
        .values({
          advertisingProfileId: await advertisingProfileOfA(),
          amazonTargetId: ids.own,
          level: "adGroup",
          amazonCampaignId: ids.campaign,
          amazonAdGroupId: ids.adGroup,
          expression: [{ type: "asinSameAs", value: asin }],
          expressionText: `asin="${asin}"`,
          state: STATE,
        })
        .returning({ id: schema.negativeTargets.id });
      return row!.id;
    },
  },
  product_ads: {
    insert: async ({ db, advertisingProfileOfA }) => {
      const ids = amazonIds();
      const [row] = await db
        .insert(schema.productAds)
        .values({
          advertisingProfileId: await advertisingProfileOfA(),
          amazonAdId: ids.own,
          amazonCampaignId: ids.campaign,
          amazonAdGroupId: ids.adGroup,
          sku: `SKU-${unique()}`,
          asin: `B0${ids.own.slice(-8)}`,
          state: STATE,
        })
        .returning({ id: schema.productAds.id });
      return row!.id;
    },
  },
  products: {
    insert: async ({ db, sellerAccountOfA }) => {
      const [row] = await db
        .insert(schema.products)
        .values({
          sellerAccountId: await sellerAccountOfA(),
          marketplace: "DE",
          marketplaceId: "A1PA6795UKMFR9",
          sku: `SKU-${unique()}`,
          title: `Product ${unique()}`,
          priceMicros: 19_990_000,
          currency: "EUR",
          quantity: 12,
          status: "Active",
        })
        .returning({ id: schema.products.id });
      return row!.id;
    },
  },
  metrics: {
    // A keyword of customer A with one day of facts: its sums are customer A's to see.
    insert: async (fixtures) => {
      const keyword = await EXAMPLES.keywords!.insert!(fixtures);
      const [row] = await fixtures.db
        .select()
        .from(schema.keywords)
        .where(eq(schema.keywords.id, keyword));
      await fixtures.db.insert(schema.adPerformanceDaily).values({
        advertisingProfileId: row!.advertisingProfileId,
        entityType: "keyword",
        amazonId: row!.amazonKeywordId,
        date: "2026-01-15",
        amazonCampaignId: row!.amazonCampaignId,
        amazonAdGroupId: row!.amazonAdGroupId,
        impressions: 100,
        clicks: 5,
        costMicros: 2_500_000,
        orders: 1,
        units: 1,
        salesMicros: 19_990_000,
      });
      return keyword;
    },
    listing: {
      query: "entity=keywords&from=2026-01-01&to=2026-01-31",
      shows: (member, id) => member.entity === `/api/keywords/${id}`,
    },
  },
  campaign_placements: {
    // A campaign of customer A with one day of placement facts; listed by its campaign filter.
    insert: async (fixtures) => {
      const campaign = await EXAMPLES.campaigns!.insert!(fixtures);
      const [row] = await fixtures.db
        .select()
        .from(schema.campaigns)
        .where(eq(schema.campaigns.id, campaign));
      await fixtures.db.insert(schema.adPlacementDaily).values({
        advertisingProfileId: row!.advertisingProfileId,
        amazonCampaignId: row!.amazonCampaignId,
        placement: "TOP_OF_SEARCH",
        date: "2026-01-15",
        impressions: 100,
        clicks: 5,
        costMicros: 2_500_000,
        orders: 1,
        units: 1,
        salesMicros: 19_990_000,
      });
      return row!.advertisingProfileId;
    },
    listing: {
      query: "from=2026-01-01&to=2026-01-31",
      shows: (member) => member.placement === "TOP_OF_SEARCH",
    },
  },
  search_terms: {
    // A keyword of customer A that matched a search term; the member names it.
    insert: async (fixtures) => {
      const keyword = await EXAMPLES.keywords!.insert!(fixtures);
      const [row] = await fixtures.db
        .select()
        .from(schema.keywords)
        .where(eq(schema.keywords.id, keyword));
      await fixtures.db.insert(schema.searchTermDaily).values({
        advertisingProfileId: row!.advertisingProfileId,
        amazonTargetId: row!.amazonKeywordId,
        searchTerm: `suchbegriff ${unique()}`,
        date: "2026-01-15",
        amazonCampaignId: row!.amazonCampaignId,
        amazonAdGroupId: row!.amazonAdGroupId,
        impressions: 100,
        clicks: 5,
        costMicros: 2_500_000,
        orders: 1,
        units: 1,
        salesMicros: 19_990_000,
      });
      return keyword;
    },
    listing: {
      query: "from=2026-01-01&to=2026-01-31",
      shows: (member, id) => member.matchedBy === `/api/keywords/${id}`,
    },
  },
  keyword_recommendations: {
    // Amazon's recommendations for an advertising profile of A, asked for live.
    insert: ({ advertisingProfileOfA }) => advertisingProfileOfA(),
    liveFromAmazon: (id) => `profile=${id}&asins[]=B000000001`,
  },
  product_details: {
    // One per product, made with the listing (trigger): a new listing of A brings one.
    insert: async ({ db, sellerAccountOfA }) => {
      const [product] = await db
        .insert(schema.products)
        .values({
          sellerAccountId: await sellerAccountOfA(),
          marketplace: "DE",
          marketplaceId: "A1PA6795UKMFR9",
          sku: `SKU-${unique()}`,
          title: `Product ${unique()}`,
          currency: "EUR",
          status: "Active",
        })
        .returning({ id: schema.products.id });
      const [details] = await db
        .select({ id: schema.productDetails.id })
        .from(schema.productDetails)
        .where(eq(schema.productDetails.productId, product!.id));
      return details!.id;
    },
    patch: () => ({ cost: 4.5, costCurrency: "EUR", lifecycle: "growth", notes: unique() }),
  },
  product_economics: {
    // Computed from a listing of A (its id is the product's).
    insert: async ({ db, sellerAccountOfA }) => {
      const [product] = await db
        .insert(schema.products)
        .values({
          sellerAccountId: await sellerAccountOfA(),
          marketplace: "DE",
          marketplaceId: "A1PA6795UKMFR9",
          sku: `SKU-${unique()}`,
          title: `Product ${unique()}`,
          priceMicros: 20_000_000,
          currency: "EUR",
          status: "Active",
        })
        .returning({ id: schema.products.id });
      return product!.id;
    },
  },
  shipping_settings: {
    // One per marketplace and seller profile: each body takes the next marketplace.
    body: () => ({
      sellerProfile: profileA,
      marketplace: MARKETPLACE_CODES[++serial % MARKETPLACE_CODES.length],
      defaultShippingCost: 4.9,
    }),
    patch: () => ({ defaultShippingCost: 3.5 }),
  },
  product_imports: {
    // Made by an upload (multipart, outside the generic POST): inserted as an upload leaves it.
    insert: async ({ db }) => {
      const [row] = await db
        .insert(schema.productImports)
        .values({
          sellerProfileId: IDS.profileA,
          userId: IDS.userA,
          authorName: "Anna",
          fileName: `costs-${unique()}.csv`,
          format: "csv",
          fileSize: 20,
          storagePath: "imports/none.upload",
          headers: ["SKU", "Kosten"],
        })
        .returning({ id: schema.productImports.id });
      return row!.id;
    },
  },
  change_batches: {
    // A tray (draft batch) of user A; each in a seller profile of its own (one tray per profile).
    insert: async ({ db }) => (await trayOfA(db)).batch,
  },
  seller_profile_settings: {
    // One row per seller profile: each POST names a fresh profile of customer A.
    body: async ({ db }) => ({
      sellerProfile: `/api/seller_profiles/${await newProfileOfA(db)}`,
      values: { targetAcos: 25 },
    }),
    patch: () => ({ values: { targetAcos: null, cooldownDays: 2 } }),
  },
  marketplace_settings: {
    body: async ({ db }) => ({
      sellerProfile: `/api/seller_profiles/${await newProfileOfA(db)}`,
      marketplace: "DE",
      values: { targetAcos: 20 },
    }),
    patch: () => ({ selected: false, values: { minBidMicros: 100_000 } }),
  },
  collection_settings: {
    body: async ({ db }) => ({
      collection: `/api/product_collections/${await newCollectionOfA(db)}`,
      values: { targetAcos: 15 },
    }),
    patch: () => ({ values: { targetAcos: 18 } }),
  },
  product_settings: {
    body: async (fixtures) => ({
      product: `/api/products/${await newProductOfA(fixtures)}`,
      values: { automationMode: "off" },
    }),
    patch: () => ({ values: { automationMode: "automatic" } }),
  },
  marketplace_sales: {
    // Computed per advertising profile: customer A's marketplace shows up with its sums.
    insert: ({ advertisingProfileOfA }) => advertisingProfileOfA(),
    listing: {
      query: "from=2026-01-01&to=2026-01-31",
      shows: (member, id) => member.advertisingProfile === `/api/advertising_profiles/${id}`,
    },
  },
  effective_settings: {
    // Computed per product: a product of customer A shows up with its effective values.
    insert: (fixtures) => newProductOfA(fixtures),
    listing: { query: "", shows: (member, id) => member.product === `/api/products/${id}` },
  },
  collection_deletion_previews: {
    // A collection of A that sets a value, with one member: deleting it would change the member.
    insert: async (fixtures) => {
      const collection = await newCollectionOfA(fixtures.db);
      await fixtures.db
        .insert(schema.collectionSettings)
        .values({ collectionId: collection, values: { targetAcos: 12 } });
      await fixtures.db
        .insert(schema.productCollectionMembers)
        .values({ collectionId: collection, productId: await newProductOfA(fixtures) });
      return collection;
    },
    listing: {
      query: "",
      shows: (member, id) => member.collection === `/api/product_collections/${id}`,
    },
  },
  changes: {
    // Posted: a state change of customer A's keyword (into the poster's tray).
    body: async (fixtures) => ({
      entityType: "keywords",
      entity: await EXAMPLES.keywords!.insert!(fixtures),
      field: "state",
      value: "PAUSED",
    }),
    // Read and deleted: a change in user A's tray.
    insert: async (fixtures) => {
      const { batch, sellerProfileId } = await trayOfA(fixtures.db);
      const [row] = await fixtures.db
        .insert(schema.changes)
        .values({
          batchId: batch,
          sellerProfileId,
          advertisingProfileId: await fixtures.advertisingProfileOfA(),
          entityType: "keywords",
          entityId: await EXAMPLES.keywords!.insert!(fixtures),
          field: "bid",
          oldValue: 0.5,
          newValue: 0.6,
          authorUserId: IDS.userA,
        })
        .returning({ id: schema.changes.id });
      return row!.id;
    },
  },
  optimiser_runs: {
    // Posted: a dry run of profile A (runs at once, writes only its record).
    body: () => ({ sellerProfile: profileA, dryRun: true }),
    createdStatus: 200,
    insert: async ({ db }) => (await optimiserRunOfA(db)).id,
  },
  recommendations: {
    insert: async (fixtures) => {
      const run = await optimiserRunOfA(fixtures.db);
      const [row] = await fixtures.db
        .insert(schema.recommendations)
        .values({
          runId: run.id,
          sellerProfileId: IDS.profileA,
          advertisingProfileId: await fixtures.advertisingProfileOfA(),
          kind: "bid",
          entityType: "keywords",
          entityId: await EXAMPLES.keywords!.insert!(fixtures),
          currentValue: 0.5,
          proposedValue: 0.6,
          reasonCode: "bidOnTarget",
        })
        .returning({ id: schema.recommendations.id });
      return row!.id;
    },
    // Patched by its owner: the answer leaves it rejected.
    patch: () => ({ status: "rejected" }),
  },
  recommendation_summaries: {
    // Computed per kind and advertising profile: a recommendation of A shows up in its group.
    insert: async (fixtures) => {
      const id = await EXAMPLES.recommendations!.insert!(fixtures);
      const [row] = await fixtures.db
        .select({ profile: schema.recommendations.advertisingProfileId })
        .from(schema.recommendations)
        .where(eq(schema.recommendations.id, id));
      return row!.profile;
    },
    listing: {
      query: "",
      shows: (member, id) => member.advertisingProfile === `/api/advertising_profiles/${id}`,
    },
  },
  sync_runs: {
    insert: async ({ db }) => {
      const [row] = await db
        .insert(schema.syncRuns)
        .values({ sellerProfileId: IDS.profileA, kind: "entities" })
        .returning({ id: schema.syncRuns.id });
      return row!.id;
    },
  },
};

/** A draft batch of user A in a new seller profile of customer A. */
async function trayOfA(db: Db) {
  const [profile] = await db
    .insert(schema.sellerProfiles)
    .values({ customerId: IDS.customerA, name: `Tray ${unique()}` })
    .returning({ id: schema.sellerProfiles.id });
  const [batch] = await db
    .insert(schema.changeBatches)
    .values({ sellerProfileId: profile!.id, authorUserId: IDS.userA, status: "draft" })
    .returning({ id: schema.changeBatches.id });
  return { batch: batch!.id, sellerProfileId: profile!.id };
}

/** Whether the declaration allows the operation at all (else the layer answers 405). */
const allows = (resource: AnyResource, op: "create" | "update" | "delete") =>
  resource.operations[op] !== false;
const resourceAt = (path: string) => ALL_RESOURCES.find((r) => r.path === path)!;
const itemful = (path: string) => resourceAt(path).itemOperation !== false;

const ACTORS: ActorName[] = ["own", "foreign", "admin", "anonymous"];
const METHODS = ["GET", "POST", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/** What the declaration says each actor may do. */
async function newProfileOfA(db: Db): Promise<string> {
  const [row] = await db
    .insert(schema.sellerProfiles)
    .values({ customerId: IDS.customerA, name: `Store ${unique()}` })
    .returning({ id: schema.sellerProfiles.id });
  return row!.id;
}

async function newCollectionOfA(db: Db): Promise<string> {
  const [row] = await db
    .insert(schema.productCollections)
    .values({ sellerProfileId: IDS.profileA, name: `Collection ${unique()}` })
    .returning({ id: schema.productCollections.id });
  return row!.id;
}

async function newProductOfA({ db, sellerAccountOfA }: Fixtures): Promise<string> {
  const [row] = await db
    .insert(schema.products)
    .values({
      sellerAccountId: await sellerAccountOfA(),
      marketplace: "DE",
      marketplaceId: "A1PA6795UKMFR9",
      sku: `SKU-${unique()}`,
      title: `Product ${unique()}`,
      currency: "EUR",
      status: "Active",
    })
    .returning({ id: schema.products.id });
  return row!.id;
}

/** A finished run of profile A. */
async function optimiserRunOfA(db: Db) {
  const [row] = await db
    .insert(schema.optimiserRuns)
    .values({ sellerProfileId: IDS.profileA, runDate: "2026-01-02", status: "succeeded" })
    .returning();
  return row!;
}

function expected(path: string, actor: ActorName, method: Method): number {
  const resource = resourceAt(path);
  if (actor === "anonymous") return 401;
  // Computed rows have no item IRI: reading one is a 404, writing a 405 (read-only).
  if (resource.itemOperation === false) return method === "GET" ? 404 : 405;
  const shared = isShared(resource);
  const canSee = actor === "own" || shared;
  const operation = { GET: null, POST: "create", PATCH: "update", DELETE: "delete" } as const;
  const op = operation[method];
  if (op === null) return canSee ? 200 : 404;
  const access = resource.operations[op];
  if (access === false) return 405;
  const adminOnly = access === "admin" || shared;
  if (method === "POST") {
    if (adminOnly && actor !== "admin") return 403;
    // The body points at customer A's items: the foreign actor may not see them.
    return canSee ? (EXAMPLES[path]?.createdStatus ?? 201) : 404;
  }
  if (!canSee) return 404;
  if (adminOnly && actor !== "admin") return 403;
  return method === "PATCH" ? 200 : 204;
}

describe.each(TEST_DATABASE_KINDS)("tenant isolation matrix on %s", (kind) => {
  let t: HydraTestApp;
  beforeAll(async () => {
    t = await openHydraTestApp(kind);
  });
  afterAll(() => t?.dispose());

  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => {
      made ??= make();
      return made;
    };
  };
  const fixtures: Fixtures = {
    get db() {
      return t.db;
    },
    advertisingProfileOfA: once(async () => {
      const [row] = await t.db
        .insert(schema.advertisingProfiles)
        .values({
          sellerProfileId: IDS.profileA,
          amazonProfileId: "4400000000000001",
          countryCode: "DE",
          currency: "EUR",
          timezone: "Europe/Berlin",
        })
        .returning({ id: schema.advertisingProfiles.id });
      return row!.id;
    }),
    sellerAccountOfA: once(async () => {
      const [row] = await t.db
        .insert(schema.sellerAccounts)
        .values({ sellerProfileId: IDS.profileA, name: "Alpha EU" })
        .returning({ id: schema.sellerAccounts.id });
      return row!.id;
    }),
  };

  /**
   * A new item of customer A (or shared): customers: A itself; else inserted, or posted by A's
   * user (by an admin if only admins may create it: reference data).
   */
  async function newItemOfA(path: string): Promise<string> {
    const resource = resourceAt(path);
    if (resource.owner.kind === "self") return `/api/${path}/${IDS.customerA}`;
    const example = EXAMPLES[path]!;
    if (example.insert) return `/api/${path}/${await example.insert(fixtures)}`;
    const poster = resource.operations.create === "admin" || isShared(resource) ? "admin" : "own";
    const response = await t.request(poster, {
      method: "POST",
      url: `/api/${path}`,
      headers: LD,
      payload: await example.body!(fixtures),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json()["@id"];
  }

  /**
   * One item of customer A per resource, shared by the rows that leave it in place (reads,
   * refused writes, patches, listings, filters); DELETE rows take a fresh one.
   */
  const sharedItems = new Map<string, Promise<string>>();
  function itemOfA(path: string, options: { fresh?: boolean } = {}): Promise<string> {
    if (options.fresh) return newItemOfA(path);
    let item = sharedItems.get(path);
    if (!item) {
      item = newItemOfA(path);
      sharedItems.set(path, item);
    }
    return item;
  }

  it("has an example or fixture for every registered resource", () => {
    const gaps = ALL_RESOURCES.flatMap((resource) => {
      const example = EXAMPLES[resource.path];
      if (!example) return [`${resource.path}: no example`];
      const missing: string[] = [];
      if (allows(resource, "create") && !example.body) missing.push("a POST body");
      if (allows(resource, "update") && !example.patch) missing.push("a merge patch");
      if (resource.owner.kind !== "self" && !example.body && !example.insert)
        missing.push("a POST body or an insert fixture");
      return missing.map((what) => `${resource.path}: no ${what}`);
    });
    const unregistered = Object.keys(EXAMPLES).filter(
      (path) => !ALL_RESOURCES.some((r) => r.path === path),
    );
    expect({ gaps, unregistered }).toEqual({ gaps: [], unregistered: [] });
  });

  it("shares only the resources meant to be reference data", () => {
    // The matrix expects what each declaration says, so a tenant resource re-declared as shared
    // (owner "global", or a path through a global parent) would pass it: pin the shared ones.
    expect(ALL_RESOURCES.filter(isShared).map((r) => r.path)).toEqual(["conversion_rates"]);
  });

  const cells = ALL_RESOURCES.flatMap((resource) =>
    ACTORS.flatMap((actor) =>
      METHODS.map((method) => ({
        path: resource.path,
        actor,
        method,
        status: expected(resource.path, actor, method),
      })),
    ),
  );

  it.each(cells)("$method $path as $actor → $status", async ({ path, actor, method, status }) => {
    const example = EXAMPLES[path]!;
    const iri =
      method === "POST" ? `/api/${path}` : await itemOfA(path, { fresh: method === "DELETE" });
    // Read-only resources have no body or patch: the layer refuses the method before reading it.
    const response = await t.request(actor, {
      method,
      url: iri,
      ...(method === "POST"
        ? { headers: LD, payload: (await example.body?.(fixtures)) ?? {} }
        : {}),
      ...(method === "PATCH" ? { headers: MERGE_PATCH, payload: example.patch?.() ?? {} } : {}),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) {
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect(response.body).not.toContain("    at ");
    }
    if (method === "GET" && status === 200) expect(response.json()["@id"]).toBe(iri);
    if ((method === "PATCH" || method === "DELETE") && status >= 400 && itemful(path)) {
      // Refused writes leave the item as it was.
      const after = await t.request("own", { url: iri });
      expect(after.statusCode).toBe(200);
    }
    if (method === "DELETE" && status === 204) {
      expect((await t.request("own", { url: iri })).statusCode).toBe(404);
    }
  });

  const listings = ALL_RESOURCES.flatMap((resource) =>
    (["own", "foreign", "admin"] as const).map((actor) => ({ path: resource.path, actor })),
  );

  it.each(listings)(
    "GET /api/$path lists customer A's item to $actor only if visible",
    async ({ path, actor }) => {
      const iri = await itemOfA(path);
      const resource = resourceAt(path);
      const visible = actor === "own" || isShared(resource);
      const live = EXAMPLES[path]!.liveFromAmazon;
      if (live) {
        const url = `/api/${path}?${live(iri.split("/").pop()!)}`;
        expect((await t.request(actor, { url })).statusCode).toBe(visible ? 409 : 404);
        return;
      }
      const listing = EXAMPLES[path]!.listing;
      const members: Record<string, unknown>[] = [];
      for (let page = 1; page <= 50; page++) {
        const response = await t.request(actor, {
          url: `/api/${path}?itemsPerPage=100&page=${page}${listing ? `&${listing.query}` : ""}`,
        });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        members.push(...body["hydra:member"]);
        if (!body["hydra:view"]["hydra:next"]) break;
      }
      const id = iri.split("/").pop()!;
      const shows = (m: Record<string, unknown>) =>
        listing ? listing.shows(m, id) : m["@id"] === iri;
      expect(members.some(shows)).toBe(visible);
    },
  );

  it.each(ALL_RESOURCES.flatMap((r) => (r.subresources ?? []).map((s) => ({ path: s.path }))))(
    "GET /api$path of customer A's profile is a 404 to the foreign actor and an admin",
    async ({ path }) => {
      const url = `/api${path.replace("{id}", IDS.profileA)}`;
      expect((await t.request("own", { url })).statusCode).toBe(200);
      expect((await t.request("admin", { url })).statusCode).toBe(404);
      expect((await t.request("foreign", { url })).statusCode).toBe(404);
      expect((await t.request("anonymous", { url })).statusCode).toBe(401);
    },
  );

  it.each(
    ALL_RESOURCES.flatMap((r) =>
      (r.filters ?? []).flatMap((f) =>
        f.type === "relation" ? [{ path: r.path, parameter: f.parameter, target: f.target() }] : [],
      ),
    ),
  )(
    "GET /api/$path?$parameter=<customer A's item> is a 404 to the foreign actor and an admin",
    async ({ path, parameter, target }) => {
      const { listing, liveFromAmazon } = EXAMPLES[path]!;
      const url = `/api/${path}?${parameter}=${encodeURIComponent(await itemOfA(target.path))}${listing ? `&${listing.query}` : ""}${liveFromAmazon ? "&asins[]=B000000001" : ""}`;
      expect((await t.request("own", { url })).statusCode).toBe(liveFromAmazon ? 409 : 200);
      expect((await t.request("foreign", { url })).statusCode).toBe(404);
      expect((await t.request("admin", { url })).statusCode).toBe(404);
    },
  );

  it.each(ALL_RESOURCES.map((r) => ({ path: r.path, shortName: r.shortName })))(
    "an item of /api/$path answers what /api/docs.jsonld documents for $shortName",
    async ({ path, shortName }) => {
      const docs = (await t.request("anonymous", { url: "/api/docs.jsonld" })).json();
      const documented = new Map<string, { "@type": string; range?: string }>();
      const hydraClass = docs["hydra:supportedClass"].find(
        (c: { "@id": string }) => c["@id"] === `#${shortName}`,
      );
      for (const supported of hydraClass["hydra:supportedProperty"]) {
        if (supported["hydra:readable"])
          documented.set(supported["hydra:title"], supported["hydra:property"]);
      }
      const resource = resourceAt(path);
      if (EXAMPLES[path]!.liveFromAmazon) {
        // Read live from Amazon (no member without a connection): every output field documented.
        expect(Object.keys(resource.output.shape).filter((f) => !documented.has(f))).toEqual([]);
        return;
      }
      // Computed rows have no item IRI: a member of their collection stands for them.
      const listing = EXAMPLES[path]!.listing;
      const iri = await itemOfA(path);
      const item =
        resource.itemOperation === false
          ? (
              await t.request("own", {
                url: `/api/${path}?${listing ? listing.query : ""}`,
              })
            ).json()["hydra:member"][0]
          : (await t.request("own", { url: iri })).json();
      expect(item, path).toBeDefined();
      const { "@context": _context, "@id": _id, "@type": _type, ...fields } = item;
      // Every field answered is documented; every field the output always has is answered
      // (optional ones, such as metrics without a date range, may be absent).
      const always = Object.entries(resource.output.shape)
        .filter(([, schema]) => !(schema as { isOptional(): boolean }).isOptional())
        .map(([name]) => name);
      expect(Object.keys(fields).filter((f) => !documented.has(f))).toEqual([]);
      expect(always.filter((f) => !(f in fields))).toEqual([]);
      // Relations: an IRI is a hydra:Link to its resource's class, an embedded item its range.
      const targetOf = (iri: string) => {
        const match = /^\/api\/([a-z_]+)\/[0-9a-f-]{36}$/.exec(iri);
        return ALL_RESOURCES.find((r) => r.path === match?.[1]);
      };
      for (const [name, value] of Object.entries(fields)) {
        const property = documented.get(name)!;
        const iri = typeof value === "string" ? value : (value as { "@id"?: string })?.["@id"];
        const target = typeof iri === "string" ? targetOf(iri) : undefined;
        if (target && property["@type"] === "hydra:Link" && property.range === "hydra:Resource") {
          // iriOfAny: an item of one of several resources.
        } else if (target) {
          expect(property.range, name).toBe(`#${target.shortName}`);
          expect(property["@type"], name).toBe(
            typeof value === "string" ? "hydra:Link" : "rdf:Property",
          );
        } else if (property["@type"] === "hydra:Link") {
          expect(value, name).toBeNull();
        }
      }
    },
  );
});
