// Memory and responsiveness of the server during a large XLSX import (issue 18 §15).
// Starts Starport as `npm start` runs it (production build, demo data, the Amazon sandbox) on a
// throw-away database of the PostgreSQL named by DATABASE_URL, gives the demo seller as many
// listings as the file has rows, writes an XLSX of 400,000 rows (SKU, cost, shipping cost, valid
// from; shared strings after the sheet, as Excel writes them), uploads it through the API, runs
// it and prints:
//   - the server's RSS before the upload, its peak while uploading and importing (sampled every
//     100 ms from /proc), and after the import (after a full GC and an idle pause);
//   - GET /api/health latency p50/p99/max while idle and during the import, and the ratio.
// Usage: DATABASE_URL=postgres://… node scripts/bench/product-import-xlsx-memory.ts
//        [--rows 400000] [--port 3202] [--idle-seconds 10]
// Needs the web build (`npm run build -w @starport/web`). Not a test: run by hand.
// Figures (400,000 rows, 2-core machine at load 13-14 from other work, alternated): batches of
//   5,000 rows: 77.4 s, RSS peak +560 MB, health while importing p99 291 ms, max 761 ms; batches
//   of 1,000 (eb41f32): 62.2 s, peak +340 MB, p99 120 ms, max 277 ms (idle p99 42 ms then).
// Reader thread with resourceLimits (7b185bc), --idle-seconds 3, machine loaded: 100,000 rows
//   peak +226 MB before, +126 MB after; 400,000 rows +331 MB after (+421 MB before, from the
//   issue's run). What still grows with the rows is the server thread (seenKeys: every row's key).
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "@starport/db";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { latencyLine, megabytes as mb, percentile } from "./support/latency.ts";
import { startBenchServer } from "./support/server.ts";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "400000" },
    port: { type: "string", default: "3202" },
    "idle-seconds": { type: "string", default: "10" },
  },
});
const rows = Number(args.rows);
const port = Number(args.port);
const idleSeconds = Number(args["idle-seconds"]);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl?.startsWith("postgres")) {
  console.error("DATABASE_URL (a PostgreSQL URL) is required");
  process.exit(2);
}

const SELLER_PROFILE = "00000000-0000-4000-8000-000000000101"; // DEMO_SELLER_IDS.sellerProfile
const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

const server = await startBenchServer({ name: "xlsx-bench", port, adminUrl, probe: true });
const base = server.base;
const connection = await openDatabase({ databaseUrl: server.databaseUrl as string });

/** The server's RSS after a full GC (the probe collects before it answers). */
async function rssAfterGc(): Promise<number> {
  await server.memoryAfterGc();
  return server.rss();
}

/** GET /api/health one after another every 100 ms until `until` resolves: the latencies. */
async function healthLatencies(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 100));
  }
  return latencies.sort((a, b) => a - b);
}

try {
  await server.ready();
  const token = await server.demoToken();
  const auth = { authorization: `Bearer ${token}` };

  // As many DE listings for the demo seller as the file has rows (the sync's own come first).
  const db = connection.db;
  const account = (await db.execute(sql`
    select id from seller_accounts where seller_profile_id = ${SELLER_PROFILE} limit 1`)) as unknown as {
    rows: { id: string }[];
  };
  const accountId = account.rows[0]!.id;
  await db.execute(sql`
    insert into products (seller_account_id, marketplace, marketplace_id, sku, asin, title,
      currency, status, price_micros)
    select ${accountId}::uuid, 'DE', 'A1PA6795UKMFR9', 'BENCH-' || g, 'X' || lpad(g::text, 9, '0'),
      'Bench product ' || g, 'EUR', 'Active', 49990000
    from generate_series(0, ${rows - 1}) g
    on conflict do nothing`);

  const file = join(server.dataDir, "bench.xlsx");
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = writer.addWorksheet("Kosten");
  sheet.addRow(["SKU", "Einkaufspreis", "Versandkosten", "Gültig ab"]).commit();
  for (let i = 0; i < rows; i++)
    sheet
      .addRow([`BENCH-${i}`, ((i * 7919) % 100_000) / 100, (i % 7) + 0.5, "31.12.2026"])
      .commit();
  sheet.commit();
  await writer.commit();
  const size = statSync(file).size;

  const idleLatencies = await healthLatencies(new Promise((r) => setTimeout(r, 5_000)));
  const before = await rssAfterGc();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 100);

  const started = performance.now();
  const work = (async () => {
    const form = new FormData();
    form.append("file", new Blob([await readFile(file)]), "bench.xlsx");
    const uploaded = await fetch(
      `${base}/api/product_imports/upload?sellerProfile=${SELLER_PROFILE}`,
      { method: "POST", headers: auth, body: form },
    );
    if (uploaded.status !== 201)
      throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const { import: iri, mapping } = (await uploaded.json()) as {
      import: string;
      mapping: Record<string, number>;
    };
    const uploadMs = performance.now() - started;
    const run = await fetch(`${base}${iri}/run`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ mapping }),
    });
    if (run.status !== 202) throw new Error(`run: ${run.status} ${await run.text()}`);
    for (;;) {
      const item = (await (await fetch(`${base}${iri}`, { headers: auth })).json()) as {
        status: string;
        created: number;
        updated: number;
        unchanged: number;
        failed: number;
      };
      if (item.status === "completed" || item.status === "failed") return { item, uploadMs };
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  const [importLatencies, result] = await Promise.all([healthLatencies(work), work]);
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  const after = await rssAfterGc();

  console.log(
    `XLSX import of ${fmt(rows)} rows (${mb(size)}), PostgreSQL, server as \`npm start\` runs it`,
  );
  console.log(
    `upload + preview ${fmt(result.uploadMs / 1000, 1)} s, upload to done ${fmt(totalMs / 1000, 1)} s: ${result.item.status}, created ${result.item.created}, updated ${result.item.updated}, unchanged ${result.item.unchanged}, failed ${result.item.failed}`,
  );
  console.log(
    `server RSS: before ${mb(before)}  peak ${mb(peak)} (+${mb(peak - before)})  after (GC, ${idleSeconds} s idle) ${mb(after)} (+${mb(after - before)})`,
  );
  console.log(latencyLine("GET /api/health idle", idleLatencies, 26));
  console.log(latencyLine("GET /api/health importing", importLatencies, 26));
  console.log(
    `ratio importing / idle    p50 ${fmt(percentile(importLatencies, 50) / percentile(idleLatencies, 50), 1)} ×  p99 ${fmt(percentile(importLatencies, 99) / percentile(idleLatencies, 99), 1)} ×`,
  );
} finally {
  await connection.close().catch(() => {});
  await server.stop();
}
