// Product import throughput and memory (issue 11 §4).
//   1. A 100,000-row CSV in German formats (cost, shipping cost, tags, lifecycle; 1 % broken rows)
//      imported by the import job (streaming parse, batches of DEFAULT_BATCH_SIZE rows in transactions), in its own
//      process as the server runs it; its peak RSS (getrusage maxRSS) is printed.
//   2. PostgreSQL COPY of the same file into a table of its columns: the floor (ratio = 1 / 2).
//   3. The same file again: every row unchanged.
// Usage: DATABASE_URL=postgres://… node scripts/bench/product-import.ts [rows]
// Works in a throw-away database created next to DATABASE_URL's and dropped at the end.
import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { migrateDatabase, openDatabase, schema } from "@starport/db";
import { createThrowawayDatabase } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { from as copyFrom } from "pg-copy-streams";
import { DEFAULT_BATCH_SIZE } from "../../apps/api/src/product-imports/run-import.ts";
import { uploadProductImport } from "../../apps/api/src/product-imports/upload-import.ts";

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl?.startsWith("postgres")) {
  console.error("DATABASE_URL (a PostgreSQL URL) is required");
  process.exit(2);
}
const total = Number(process.argv[2] ?? 100_000);
const throwaway = await createThrowawayDatabase(adminUrl, "starport_bench");
const connection = await openDatabase({ databaseUrl: throwaway.url });
const dataDir = await mkdtemp(join(tmpdir(), "starport-import-bench-"));
const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

try {
  await migrateDatabase(connection);
  const db = connection.db;
  const [customer] = await db.insert(schema.customers).values({ name: "Bench" }).returning();
  const [user] = await db
    .insert(schema.users)
    .values({ customerId: customer!.id, email: "bench@example.test", name: "Bench" })
    .returning();
  const [profile] = await db
    .insert(schema.sellerProfiles)
    .values({ customerId: customer!.id, name: "Bench" })
    .returning();
  const [account] = await db
    .insert(schema.sellerAccounts)
    .values({ sellerProfileId: profile!.id, name: "EU" })
    .returning();
  for (let start = 0; start < total; start += 5000) {
    const values = [];
    for (let i = start; i < Math.min(total, start + 5000); i++)
      values.push({
        sellerAccountId: account!.id,
        marketplace: "DE",
        marketplaceId: "A1PA6795UKMFR9",
        sku: `SKU-${i}`,
        asin: `B0${String(i).padStart(8, "0")}`,
        title: `Product ${i}`,
        currency: "EUR",
        status: "Active",
      });
    await db.insert(schema.products).values(values);
  }

  const german = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2 });
  const stages = ["Einführung", "Wachstum", "Profit", "Abverkauf"];
  const lines = ["\ufeffSKU;Einkaufspreis;Versandkosten;Tags;Lebenszyklus"];
  for (let i = 0; i < total; i++) {
    const cost = i % 100 === 99 ? "-5" : `${german.format(((i * 7919) % 1_000_000) / 100)} €`;
    lines.push(`SKU-${i};${cost};${i % 7},50;t${i % 5}, t${i % 3};${stages[i % 4]}`);
  }
  const csvPath = join(dataDir, "bench.csv");
  await writeFile(csvPath, `${lines.join("\n")}\n`);

  const importOnce = async () => {
    const uploaded = await uploadProductImport(
      db,
      { userId: user!.id, sellerProfileId: profile!.id },
      { fileName: "bench.csv", stream: createReadStream(csvPath) },
      dataDir,
    );
    const id = uploaded.import.split("/").pop()!;
    await db
      .update(schema.productImports)
      .set({ mapping: uploaded.mapping as Record<string, number>, status: "queued" })
      .where(eq(schema.productImports.id, id));
    const started = performance.now();
    const child = spawn(process.execPath, [join(import.meta.dirname, "product-import-worker.ts")], {
      env: { ...process.env, DATABASE_URL: throwaway.url, IMPORT_ID: id, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
    });
    const code = await new Promise<number | null>((r) => child.on("exit", r));
    const ms = performance.now() - started;
    if (code !== 0) throw new Error(`worker exited ${code}`);
    const [done] = await db
      .select()
      .from(schema.productImports)
      .where(eq(schema.productImports.id, id));
    return { ms, maxRssKb: JSON.parse(out.trim()).maxRssKb as number, done: done! };
  };

  const first = await importOnce();

  if (connection.kind !== "postgres") throw new Error("PostgreSQL only");
  const client = await connection.pool.connect();
  let copyMs: number;
  try {
    await client.query(
      "create unlogged table bench_copy (sku text, cost text, shipping text, tags text, lifecycle text)",
    );
    const started = performance.now();
    await pipeline(
      createReadStream(csvPath),
      client.query(
        copyFrom("copy bench_copy from stdin with (format csv, delimiter ';', header true)"),
      ),
    );
    copyMs = performance.now() - started;
  } finally {
    client.release();
  }
  const second = await importOnce();

  const row = (name: string, r: Awaited<ReturnType<typeof importOnce>>) =>
    `${name.padEnd(22)} ${fmt(r.ms / 1000, 2).padStart(7)} s  ${fmt(total / (r.ms / 1000)).padStart(8)} rows/s  peak RSS ${fmt(r.maxRssKb / 1024).padStart(4)} MB  created ${r.done.created}, updated ${r.done.updated}, unchanged ${r.done.unchanged}, failed ${r.done.failed}`;
  console.log(
    `product import of ${fmt(total)} CSV rows (PostgreSQL, batches of ${fmt(DEFAULT_BATCH_SIZE)})`,
  );
  console.log(row("import (job)", first));
  console.log(
    `${"COPY of the same rows".padEnd(22)} ${fmt(copyMs / 1000, 2).padStart(7)} s  ${fmt(total / (copyMs / 1000)).padStart(8)} rows/s`,
  );
  console.log(`${"ratio import / COPY".padEnd(22)} ${fmt(first.ms / copyMs, 1).padStart(7)} ×`);
  console.log(row("same file again", second));
} finally {
  await connection.close();
  await throwaway.drop();
  await rm(dataDir, { recursive: true, force: true });
}
