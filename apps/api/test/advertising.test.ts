/**
 * Connecting Amazon accounts through the sandbox's consent pages, the synced entities as Hydra
 * resources (tenant-scoped), the metrics endpoint, write-back (as a change), disconnect and the
 * progress stream.
 */
import { createAmazon } from "@starport/amazon";
import { createSandbox, DEMO_CLIENT, type Sandbox } from "@starport/amazon-sandbox";
import { schema, seedDemoData } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from "@starport/db/testing";
import { createSyncEngine, createTokenCipher } from "@starport/sync";
import { eq } from "drizzle-orm";
import { type FastifyInstance, fastify } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenService } from "../src/auth/tokens.ts";
import { applyBatch } from "../src/changes/apply-batch.ts";
import { apiPlugin } from "../src/index.ts";

const SELLER = "A3SANDBOXDEMO01";
const PUBLIC_URL = "http://localhost:3000";

let sandbox: Sandbox;
let sandboxUrl: string;
beforeAll(async () => {
  sandbox = createSandbox({ seed: 5, productsPerMarketplace: 8, reportPollsUntilReady: 1 });
  sandboxUrl = await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
  sandbox.state.baseUrl = sandboxUrl;
  sandbox.control.seedDemoAccount({ countries: ["DE", "FR"], days: 5, maxProducts: 3 });
});
afterAll(() => sandbox?.app.close());

/** Plays the seller on a sandbox consent page; returns the query Amazon redirects back with. */
async function consent(url: string, decision: "allow" | "deny" = "allow") {
  const html = await (await fetch(url)).text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? "";
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(decode(m[1] ?? ""), decode(m[2] ?? ""));
  }
  form.set("seller_id", SELLER);
  form.set("decision", decision);
  const res = await fetch(new URL(decode(action), url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const location = new URL(res.headers.get("location") ?? "");
  expect(location.origin + location.pathname).toMatch(/\/(sp-api-auth|advertising-api-auth)$/);
  return Object.fromEntries(location.searchParams);
}
const decode = (s: string) =>
  s.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)));

describe.each(TEST_DATABASE_KINDS)("on %s", (kind) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let engine: ReturnType<typeof createSyncEngine>;
  let amazon: ReturnType<typeof createAmazon>;
  /** Pushed change batches, applied by the test as the job would. */
  const queued: string[] = [];
  const cipher = createTokenCipher("k".repeat(40));
  let token: string;
  let otherToken: string;
  let sellerProfile: string;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    const db = t.connection.db;
    await seedDemoData(db);
    const regional = { NA: `${sandboxUrl}/na`, EU: `${sandboxUrl}/eu`, FE: `${sandboxUrl}/fe` };
    amazon = createAmazon({
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      endpoints: {
        lwaTokenUrl: `${sandboxUrl}/auth/o2/token`,
        adsConsentUrl: `${sandboxUrl}/ap/oa`,
        spConsentUrl: `${sandboxUrl}/apps/authorize/consent`,
        adsHosts: regional,
        spHosts: regional,
      },
      retry: { baseDelayMs: 20, maxDelayMs: 200 },
    });
    engine = createSyncEngine({
      db,
      amazon,
      cipher,
      poll: { initialIntervalMs: 5, maxIntervalMs: 20 },
      today: () => sandbox.control.today(),
      initialReportDays: 5,
    });
    const tokens = createTokenService({ secret: "s".repeat(40), db });
    app = fastify();
    await app.register(
      async (api) =>
        apiPlugin(api, {
          db,
          tokens,
          databaseDriver: t.connection.kind,
          pingDatabase: async () => {},
          pingJobs: async () => {},
          changes: { enqueue: async (id) => void queued.push(id) },
          amazon: {
            amazon,
            cipher,
            engine,
            spApplicationId: DEMO_CLIENT.applicationId as string,
            publicUrl: PUBLIC_URL,
          },
        }),
      { prefix: "/api" },
    );
    await app.ready();
    const login = async (email: string, password: string) =>
      (await app.inject({ method: "POST", url: "/api/login", payload: { email, password } })).json()
        .token as string;
    token = await login("new@starport.dev", "starport-new");
    // A user of another customer (the demo accounts share one customer).
    const registered = await app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        name: "Fremd",
        company: "Fremd AG",
        email: `fremd-${kind}@example.com`,
        password: "fremd-passwort-123",
        passwordConfirmation: "fremd-passwort-123",
      },
    });
    expect(registered.statusCode).toBe(201);
    otherToken = await login(`fremd-${kind}@example.com`, "fremd-passwort-123");
    const step = await app.inject({
      method: "PUT",
      url: "/api/onboarding/steps/seller-profile",
      headers: { authorization: `Bearer ${token}` },
      payload: {
        name: "Neu GmbH",
        defaultMarketplace: "DE",
        defaultCurrency: "EUR",
        defaultAdvertisingMetric: "ACoS",
      },
    });
    expect(step.statusCode).toBe(200);
    sellerProfile = step.json().sellerProfile["@id"];
  });
  afterAll(async () => {
    await app?.close();
    await t?.dispose();
  });

  const as = (bearer: string) => ({ authorization: `Bearer ${bearer}` });
  async function authorize(api: "ads" | "sp", bearer = token) {
    const res = await app.inject({
      method: "POST",
      url: "/api/amazon/authorizations",
      headers: as(bearer),
      payload: { api, sellerProfile, returnTo: "/getting-started" },
    });
    return res;
  }
  const callback = (api: "ads" | "sp", query: Record<string, string>, bearer = token) =>
    app.inject({
      method: "POST",
      url: `/api/amazon/callbacks/${api}`,
      headers: as(bearer),
      payload: query,
    });

  it("connects the SP-API and the Ads API through the consent pages", async () => {
    const sp = await authorize("sp");
    expect(sp.statusCode).toBe(200);
    const spQuery = await consent(sp.json().url);
    expect(spQuery.selling_partner_id).toBe(SELLER);
    const spDone = await callback("sp", spQuery);
    expect(spDone.json()).toMatchObject({ ok: true, api: "sp", returnTo: "/getting-started" });

    const accounts = await app.inject({
      url: `/api/seller_accounts?profile=${encodeURIComponent(sellerProfile)}`,
      headers: as(token),
    });
    const account = accounts.json()["hydra:member"][0];
    expect(account.sellingPartnerId).toBe(SELLER);
    expect(
      account.marketplaceParticipations.map((p: { marketplace: string }) => p.marketplace),
    ).toEqual(expect.arrayContaining(["DE", "FR"]));

    const ads = await authorize("ads");
    expect(new URL(ads.json().url).searchParams.get("redirect_uri")).toBe(
      `${PUBLIC_URL}/advertising-api-auth`,
    );
    const adsDone = await callback("ads", await consent(ads.json().url));
    expect(adsDone.json()).toMatchObject({ ok: true, api: "ads" });
    const profiles = await app.inject({
      url: `/api/advertising_profiles?profile=${encodeURIComponent(sellerProfile)}`,
      headers: as(token),
    });
    expect(
      profiles.json()["hydra:member"].map((p: { countryCode: string }) => p.countryCode),
    ).toEqual(["DE", "FR"]);

    // Refresh tokens are stored encrypted only.
    const stored = await t.connection.db.select().from(schema.amazonConnections);
    const mine = stored.filter((c) => c.sellerProfileId === sellerProfile.split("/").pop());
    expect(mine.map((c) => c.api).sort()).toEqual(["ads", "sp"]);
    for (const c of mine) {
      expect(c.refreshTokenEncrypted).toMatch(/^v1\./);
      expect(cipher.decrypt(c.refreshTokenEncrypted as string)).toMatch(/^Atzr\|/);
    }
    const onboarding = await app.inject({ url: "/api/onboarding", headers: as(token) });
    const steps = onboarding.json().steps as { key: string; status: string }[];
    expect(steps.filter((s) => s.status === "done").map((s) => s.key)).toEqual(
      expect.arrayContaining(["sp-api", "advertising-api"]),
    );
  }, 60_000);

  it("refuses a reused, foreign or denied authorization", async () => {
    const started = await authorize("ads");
    const query = await consent(started.json().url);
    const foreign = await callback("ads", query, otherToken);
    expect(foreign.json()).toMatchObject({ ok: false, reason: "sessionMismatch" });
    expect((await callback("ads", query)).json()).toMatchObject({
      ok: false,
      reason: "invalidState",
    });

    const denied = await authorize("sp");
    const deniedQuery = await consent(denied.json().url, "deny");
    expect((await callback("sp", deniedQuery)).json()).toMatchObject({
      ok: false,
      reason: "denied",
    });

    const otherProfile = await app.inject({
      method: "POST",
      url: "/api/amazon/authorizations",
      headers: as(otherToken),
      payload: { api: "ads", sellerProfile },
    });
    expect(otherProfile.statusCode).toBe(404);
  }, 60_000);

  it("serves synced entities and metrics to their owner only, and writes changes back", async () => {
    const [initial] = await t.connection.db
      .select()
      .from(schema.syncRuns)
      .where(eq(schema.syncRuns.kind, "initial"));
    expect(await engine.runSync(initial?.id as string)).toBe("succeeded");

    const runs = await app.inject({ url: "/api/sync_runs?kind=initial", headers: as(token) });
    expect(runs.json()["hydra:member"][0]).toMatchObject({ status: "succeeded", progress: 1 });

    const list = await app.inject({
      url: "/api/campaigns?itemsPerPage=5&order[name]=asc",
      headers: as(token),
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body["hydra:totalItems"]).toBeGreaterThan(5);
    expect(body["hydra:member"]).toHaveLength(5);
    const campaign = body["hydra:member"][0];
    expect(campaign["@id"]).toMatch(/^\/api\/campaigns\//);
    expect((await app.inject({ url: campaign["@id"], headers: as(otherToken) })).statusCode).toBe(
      404,
    );
    const foreignList = await app.inject({ url: "/api/campaigns", headers: as(otherToken) });
    expect(foreignList.json()["hydra:totalItems"]).toBe(0);

    const keywords = await app.inject({
      url: `/api/keywords?campaign=${encodeURIComponent(campaign["@id"])}&itemsPerPage=1000`,
      headers: as(token),
    });
    for (const k of keywords.json()["hydra:member"]) expect(k.campaign).toBe(campaign["@id"]);

    const to = sandbox.control.today();
    const from = new Date(Date.parse(to) - 30 * 86_400_000).toISOString().slice(0, 10);
    const metrics = await app.inject({
      url: `/api/metrics?entity=campaigns&from=${from}&to=${to}`,
      headers: as(token),
    });
    expect(metrics.statusCode).toBe(200);
    const rows = metrics.json()["hydra:member"] as {
      cost: number;
      clicks: number;
      cpc: number | null;
      currency: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    const total = rows.reduce((s, r) => s + r.cost, 0);
    expect(total).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.currency).toBe("EUR");
      if (r.clicks > 0) expect(r.cpc).toBeCloseTo(r.cost / r.clicks, 6);
    }
    const inUsd = await app.inject({
      url: `/api/metrics?entity=campaigns&from=${from}&to=${to}&groupBy=none&currency=USD`,
      headers: as(token),
    });
    const usd = inUsd.json()["hydra:member"][0];
    expect(usd.currency).toBe("USD");
    expect(usd.cost).not.toBeCloseTo(total, 2);
    expect(
      (
        await app.inject({
          url: `/api/metrics?entity=campaigns&from=${from}&to=${to}`,
          headers: as(otherToken),
        })
      ).json()["hydra:member"],
    ).toEqual([]);
    expect(
      (await app.inject({ url: "/api/metrics?entity=nope&from=x", headers: as(token) })).statusCode,
    ).toBe(400);

    // Write-back: a bid change goes to Amazon as a change, with its outcome per row.
    const anyKeywords = await app.inject({
      url: "/api/keywords?itemsPerPage=1",
      headers: as(token),
    });
    const keyword = anyKeywords.json()["hydra:member"][0];
    const change = await app.inject({
      method: "POST",
      url: "/api/changes",
      headers: { ...as(token), "content-type": "application/ld+json" },
      payload: { entityType: "keywords", entity: keyword["@id"], field: "bid", value: 0.77 },
    });
    expect(change.statusCode, change.body).toBe(201);
    const pushed = await app.inject({
      method: "POST",
      url: `${change.json().batch}/push`,
      headers: { ...as(token), "content-type": "application/ld+json" },
      payload: "{}",
    });
    expect(pushed.statusCode).toBe(202);
    for (const id of queued.splice(0)) await applyBatch(t.connection.db, { amazon, cipher }, id);
    const applied = await app.inject({ url: change.json()["@id"], headers: as(token) });
    expect(applied.json()).toMatchObject({
      status: "applied",
      oldValue: keyword.bid,
      newValue: 0.77,
    });
    const after = await app.inject({ url: keyword["@id"], headers: as(token) });
    expect(after.json().bid).toBe(0.77);
    expect(sandbox.world.entities.keywords.get(keyword.amazonKeywordId)?.bid).toBe(0.77);
    // The old write-back route is gone.
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/amazon/changes",
          headers: as(token),
          payload: { sellerProfile, entity: "keywords", changes: [{ id: keyword.id, bid: 1 }] },
        })
      ).statusCode,
    ).toBe(404);
  }, 90_000);

  it.each([
    "campaigns",
    "ad_groups",
    "keywords",
    "targets",
    "negative_keywords",
    "product_ads",
    "products",
    "sync_runs",
  ])("/api/%s: rows of the owner only; another tenant's IRI is a 404", async (path) => {
    const own = (await app.inject({ url: `/api/${path}`, headers: as(token) })).json();
    expect(own["hydra:totalItems"]).toBeGreaterThan(0);
    const item = own["hydra:member"][0]["@id"] as string;
    expect((await app.inject({ url: item, headers: as(token) })).statusCode).toBe(200);
    expect((await app.inject({ url: item, headers: as(otherToken) })).statusCode).toBe(404);
    const foreign = (await app.inject({ url: `/api/${path}`, headers: as(otherToken) })).json();
    expect(foreign["hydra:totalItems"]).toBe(0);
    expect((await app.inject({ url: `/api/${path}` })).statusCode).toBe(401);
    const patch = await app.inject({
      method: "PATCH",
      url: item,
      headers: { ...as(token), "content-type": "application/merge-patch+json" },
      payload: "{}",
    });
    expect(patch.statusCode).toBe(405);
  });

  it("streams sync progress as server-sent events", async () => {
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/sync_runs/events`, {
      headers: as(token),
      signal: controller.signal,
    });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    // The stream opens with its reconnect delay and a keep-alive comment, then the runs' events.
    while (!/event: sync-run\ndata: [^\n]*\n\n/.test(text))
      text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text).toMatch(/^retry: \d+\n\n(: keep-alive\n\n)*event: sync-run\ndata: \{/);
    const event = JSON.parse(text.split("data: ")[1]?.split("\n")[0] ?? "{}");
    expect(event.sellerProfile).toBe(sellerProfile);
  }, 30_000);

  it("disconnect deletes the tokens", async () => {
    const res = await app.inject({
      method: "DELETE",
      url: `/api/amazon/connections/ads?sellerProfile=${encodeURIComponent(sellerProfile)}`,
      headers: as(token),
    });
    expect(res.statusCode).toBe(204);
    const list = await app.inject({
      url: `/api/amazon/connections?sellerProfile=${encodeURIComponent(sellerProfile)}`,
      headers: as(token),
    });
    expect(list.json().member.find((c: { api: string }) => c.api === "ads").status).toBe(
      "disconnected",
    );
    const [row] = await t.connection.db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.api, "ads"));
    expect(row?.refreshTokenEncrypted).toBeNull();
  });
});
