/**
 * Issue 11 §4, "import from Amazon": the merchant listings report (SP-API
 * GET_MERCHANT_LISTINGS_ALL_DATA) as an import source, through the real HTTP API and pg-boss job
 * against the Amazon sandbox: the listings arrive as the sandbox's report lists them, the import
 * shows its source, progress and summary in the history, a second run changes nothing, a changed
 * listing is updated, Starport's own fields stay, and bad input is a 4xx (foreign profile 404).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { merchantListingsTsv, type Sandbox } from "@starport/amazon-sandbox";
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AmazonTestApp,
  DE_MARKETPLACE_ID,
  openAmazonTestApp,
  SANDBOX_SELLER,
  startSandbox,
} from "./support/amazon-sandbox-app.ts";

let sandbox: Sandbox;
let sandboxUrl: string;
beforeAll(async () => {
  ({ sandbox, url: sandboxUrl } = await startSandbox(17));
  sandbox.control.seedDemoAccount({ countries: ["DE"], days: 1, maxProducts: 3 });
});
afterAll(() => sandbox?.app.close());

/** The sandbox's report, parsed: SKU → title and price as Amazon lists them. */
function reportListings() {
  const [header, ...lines] = merchantListingsTsv(sandbox.state.world, SANDBOX_SELLER, [
    DE_MARKETPLACE_ID,
  ])
    .trim()
    .split("\n");
  const cols = header!.split("\t");
  return new Map(
    lines.map((line) => {
      const cells = line.split("\t");
      const get = (name: string) => cells[cols.indexOf(name)] ?? "";
      return [get("seller-sku"), { title: get("item-name"), price: Number(get("price")) }];
    }),
  );
}

describe.each(TEST_DATABASE_KINDS)("import from Amazon on %s", (kind) => {
  let a: AmazonTestApp;
  let dataDir: string;
  let token: string;
  let sellerProfileId: string;
  let sellerAccountId: string;
  const as = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "starport-amazon-import-"));
    a = await openAmazonTestApp(kind, sandbox, sandboxUrl, { importsDataDir: dataDir });
    token = await a.login("demo@starport.dev", "starport-demo");
    ({ sellerProfileId, sellerAccountId } = await a.connectedProfile(`Amazon-Import ${kind}`));
  }, 180_000);
  afterAll(async () => {
    await a?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function importFromAmazon(marketplace = "DE") {
    const res = await a.app.inject({
      method: "POST",
      url: "/api/product_imports/amazon",
      headers: as(),
      payload: { sellerProfile: `/api/seller_profiles/${sellerProfileId}`, marketplace },
    });
    return res;
  }
  async function finished(iri: string) {
    const until = Date.now() + 60_000;
    for (;;) {
      const body = (await a.app.inject({ url: iri, headers: as() })).json();
      if (body.status === "completed" || body.status === "failed") return body;
      if (Date.now() > until) throw new Error(`import still ${body.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const listings = async () =>
    new Map(
      (
        await a.db
          .select()
          .from(schema.products)
          .where(eq(schema.products.sellerAccountId, sellerAccountId))
      ).map((p) => [p.sku, { title: p.title, price: (p.priceMicros ?? 0) / 1e6 }]),
    );

  it("imports the merchant listings report, shows it in the history, and changes nothing the second time", async () => {
    const expected = reportListings();
    expect(expected.size).toBeGreaterThan(0);
    const started = await importFromAmazon();
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({
      source: "amazon",
      marketplace: "DE",
      status: "queued",
      fileName: "GET_MERCHANT_LISTINGS_ALL_DATA (DE)",
    });
    const first = await finished(started.json()["@id"]);
    expect(first).toMatchObject({
      status: "completed",
      totalRows: expected.size,
      rowsDone: expected.size,
      created: expected.size,
      updated: 0,
      unchanged: 0,
      failed: 0,
      headers: expect.arrayContaining(["seller-sku", "asin1", "item-name", "price"]),
    });
    expect(await listings()).toEqual(expected);

    const history = (
      await a.app.inject({
        url: `/api/product_imports?sellerProfile=/api/seller_profiles/${sellerProfileId}`,
        headers: as(),
      })
    ).json();
    expect(history["hydra:member"][0]).toMatchObject({
      "@id": started.json()["@id"],
      source: "amazon",
    });

    // Starport's own fields stay; the same report again changes nothing; a listing that drifted
    // from Amazon's view is put back.
    const [one] = await a.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.sellerAccountId, sellerAccountId));
    await a.db
      .update(schema.productDetails)
      .set({ costMicros: 4_200_000, costCurrency: "EUR" })
      .where(eq(schema.productDetails.productId, one!.id));
    const again = await finished((await importFromAmazon()).json()["@id"]);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: expected.size, failed: 0 });
    await a.db
      .update(schema.products)
      .set({ title: "Veraltet" })
      .where(eq(schema.products.id, one!.id));
    const third = await finished((await importFromAmazon()).json()["@id"]);
    expect(third).toMatchObject({ created: 0, updated: 1, unchanged: expected.size - 1 });
    expect(await listings()).toEqual(expected);
    const [details] = await a.db
      .select()
      .from(schema.productDetails)
      .where(eq(schema.productDetails.productId, one!.id));
    expect(details).toMatchObject({ costMicros: 4_200_000, costCurrency: "EUR" });
  }, 120_000);

  it("refuses a marketplace without a connected account (422), a bad code or none (422) and a foreign profile (404)", async () => {
    const fr = await importFromAmazon("FR");
    expect(fr.statusCode, fr.body).toBe(422);
    expect(fr.json().violations[0]).toMatchObject({
      propertyPath: "marketplace",
      code: "notConnected",
    });
    expect((await importFromAmazon("XX")).statusCode).toBe(422);
    const [customer] = await a.db.insert(schema.customers).values({ name: "Fremd" }).returning();
    const [foreign] = await a.db
      .insert(schema.sellerProfiles)
      .values({ customerId: customer!.id, name: "Fremd" })
      .returning();
    const res = await a.app.inject({
      method: "POST",
      url: "/api/product_imports/amazon",
      headers: as(),
      payload: { sellerProfile: foreign!.id, marketplace: "DE" },
    });
    expect(res.statusCode).toBe(404);
    const missing = await a.app.inject({
      method: "POST",
      url: "/api/product_imports/amazon",
      headers: as(),
      payload: { marketplace: "DE" },
    });
    expect(missing.statusCode).toBe(422);
  });
});
