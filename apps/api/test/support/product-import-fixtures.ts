import { randomBytes } from "node:crypto";
import { schema } from "@starport/db";
import type { HydraTestApp } from "./hydra-app.ts";
import { IDS } from "./hydra-app.ts";

/** Products of a fresh seller profile of customer A, and multipart uploads for the import API. */

const MARKETPLACE_IDS: Record<string, string> = { DE: "A1PA6795UKMFR9", FR: "A13V1IB3VIYZZH" };

export async function profileWithProducts(
  db: HydraTestApp["db"],
  count: number,
  options: { prefix?: string; customerId?: string; marketplaces?: string[] } = {},
) {
  const [profile] = await db
    .insert(schema.sellerProfiles)
    .values({
      customerId: options.customerId ?? IDS.customerA,
      name: `Store ${randomBytes(4).toString("hex")}`,
    })
    .returning();
  const [account] = await db
    .insert(schema.sellerAccounts)
    .values({ sellerProfileId: profile!.id, name: "EU" })
    .returning();
  const prefix = options.prefix ?? "SKU";
  for (const marketplace of options.marketplaces ?? ["DE"]) {
    for (let start = 0; start < count; start += 1000) {
      const values = [];
      for (let i = start; i < Math.min(count, start + 1000); i++)
        values.push({
          sellerAccountId: account!.id,
          marketplace,
          marketplaceId: MARKETPLACE_IDS[marketplace]!,
          sku: `${prefix}-${i}`,
          asin: `B0${String(i).padStart(8, "0")}`,
          title: `Product ${i}`,
          currency: "EUR",
          status: "Active",
        });
      await db.insert(schema.products).values(values);
    }
  }
  return { sellerProfileId: profile!.id, sellerAccountId: account!.id };
}

export function multipart(fileName: string, content: Buffer | string) {
  const boundary = `----starport${randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    typeof content === "string" ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export async function waitForImport(t: HydraTestApp, iri: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request("own", { method: "GET", url: iri });
    const body = res.json();
    if (body.status === "completed" || body.status === "failed") return body;
    if (Date.now() > until) throw new Error(`import still ${body.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starport's own fields of every product of a profile, in SKU order: what an import changes. */
export async function ownFieldsOf(db: HydraTestApp["db"], sellerProfileId: string) {
  const result = (await db.execute(
    (
      await import("drizzle-orm")
    ).sql`
    select p.sku, p.marketplace, d.cost_micros::text as cost, d.cost_currency, d.cost_valid_from::text as valid_from,
      d.shipping_cost_micros::text as shipping, d.lifecycle, d.notes,
      coalesce((select string_agg(t.text, '|' order by t.text) from product_tags pt join tags t on t.id = pt.tag_id
        where pt.product_id = p.id), '') as tags
    from products p join seller_accounts sa on sa.id = p.seller_account_id
    join product_details d on d.product_id = p.id
    where sa.seller_profile_id = ${sellerProfileId}
    order by p.marketplace, p.sku`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
