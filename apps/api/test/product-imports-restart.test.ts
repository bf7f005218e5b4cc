import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImportAborted, runProductImport } from "../src/product-imports/run-import.ts";
import { type HydraTestApp, openHydraTestApp } from "./support/hydra-app.ts";
import {
  multipart,
  ownFieldsOf,
  profileWithProducts,
  waitForImport,
} from "./support/product-import-fixtures.ts";

/**
 * Issue 11 §4: killing the import mid-way loses nothing. A run stopped between batches (PGlite)
 * or a worker process SIGKILLed mid-import (PostgreSQL) resumes from its checkpoint, and the end
 * state — own fields, tags, counters, row errors — equals an uninterrupted import of the file.
 */

const GERMAN = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2 });
const LIFECYCLES = ["Einführung", "Wachstum", "Profit", "Abverkauf"];

/** n rows in German formats; every 97th row broken (negative cost), every 50th unknown. */
function importCsv(n: number): string {
  const lines = ["SKU;Einkaufspreis;Versandkosten;Tags;Lebenszyklus"];
  for (let i = 0; i < n; i++) {
    const sku = i % 50 === 49 ? `GONE-${i}` : `SKU-${i}`;
    const cost = i % 97 === 96 ? "-5" : GERMAN.format(((i * 7919) % 1_000_000) / 100);
    lines.push(`${sku};${cost};${i % 7},50;t${i % 5}, t${i % 3};${LIFECYCLES[i % 4]}`);
  }
  return `${lines.join("\n")}\n`;
}

describe.each(TEST_DATABASE_KINDS)("product import restart (%s)", (kind) => {
  let t: HydraTestApp;
  let dataDir: string;
  // 30,000 rows (six server batches) keep the test near half a minute; the 100,000-row
  // check is `node scripts/bench/product-import-restart.ts` (this test with IMPORT_RESTART_ROWS).
  const rows = Number(process.env.IMPORT_RESTART_ROWS ?? (kind === "postgres" ? 30_000 : 5_000));
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "starport-import-restart-"));
    t = await openHydraTestApp(kind, { importsDataDir: dataDir });
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function uploaded(sellerProfileId: string, csv: string) {
    const { body, headers } = multipart("gross.csv", csv);
    const res = await t.request("own", {
      method: "POST",
      url: `/api/product_imports/upload?sellerProfile=${sellerProfileId}`,
      headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { import: string; mapping: Record<string, number> };
  }

  const summaryOf = async (iri: string) => {
    const body = (await t.request("own", { method: "GET", url: iri })).json();
    return {
      status: body.status,
      totalRows: body.totalRows,
      rowsDone: body.rowsDone,
      created: body.created,
      updated: body.updated,
      unchanged: body.unchanged,
      failed: body.failed,
    };
  };
  const errorsOf = async (iri: string) => {
    const id = iri.split("/").pop()!;
    const result = (await t.db.execute(
      sql`select row, "column", value, reason from product_import_errors where import_id = ${id} order by row, seq`,
    )) as unknown as { rows: unknown[] };
    return result.rows;
  };

  it("ends, after a crash and a resume, where an uninterrupted import ends", async () => {
    const csv = importCsv(rows);
    const reference = await profileWithProducts(t.db, rows);
    const crashed = await profileWithProducts(t.db, rows);

    // The uninterrupted import, through the API and the pg-boss job.
    const ref = await uploaded(reference.sellerProfileId, csv);
    const run = await t.request("own", {
      method: "POST",
      url: `${ref.import}/run`,
      payload: { mapping: ref.mapping },
    });
    expect(run.statusCode).toBe(202);
    await waitForImport(t, ref.import, 300_000);

    // The same file for an identical catalogue, started as the run endpoint does, then killed.
    const victim = await uploaded(crashed.sellerProfileId, csv);
    const victimId = victim.import.split("/").pop()!;
    await t.db
      .update(schema.productImports)
      .set({ mapping: victim.mapping, status: "queued" })
      .where(eq(schema.productImports.id, victimId));
    let killedAt: number;
    if (kind === "postgres") {
      killedAt = await runAndKill(t.databaseUrl!, victimId, dataDir, 3);
    } else {
      let batches = 0;
      await expect(
        runProductImport(t.db, victimId, {
          dataDir,
          batchSize: 500,
          afterBatch: () => {
            batches += 1;
            if (batches === 3) throw new ImportAborted("crash");
          },
        }),
      ).rejects.toThrow(ImportAborted);
      killedAt = 1500;
    }
    const mid = await summaryOf(victim.import);
    expect(mid.status).toBe("running");
    expect(mid.rowsDone).toBeGreaterThanOrEqual(killedAt);
    expect(mid.rowsDone).toBeLessThan(rows);
    // Half-way state is whole batches only: the counters add up to the checkpoint.
    expect(mid.created + mid.updated + mid.unchanged + mid.failed).toBe(mid.rowsDone);

    // Restart: the resumed run continues from the checkpoint (PostgreSQL: in the server's batches).
    await runProductImport(t.db, victimId, {
      dataDir,
      ...(kind === "postgres" ? {} : { batchSize: 500 }),
    });

    const [a, b] = [await summaryOf(ref.import), await summaryOf(victim.import)];
    expect(b).toEqual(a);
    expect(a).toMatchObject({ status: "completed", rowsDone: rows });
    expect(a.failed).toBeGreaterThan(0);
    expect(await errorsOf(victim.import)).toEqual(await errorsOf(ref.import));
    expect(await ownFieldsOf(t.db, crashed.sellerProfileId)).toEqual(
      await ownFieldsOf(t.db, reference.sellerProfileId),
    );
  }, 600_000);
});

/** Runs the import in a child process and SIGKILLs it after `batches` committed batches. */
function runAndKill(
  databaseUrl: string,
  importId: string,
  dataDir: string,
  batches: number,
): Promise<number> {
  // Node itself (it runs TypeScript), not a wrapper: SIGKILL must hit the process doing the work.
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, "support/run-import-child.ts")],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        IMPORT_ID: importId,
        DATA_DIR: dataDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return new Promise((done, fail) => {
    let seen = 0;
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        const match = /^batch (\d+)/.exec(line);
        if (!match) continue;
        seen += 1;
        if (seen === batches) {
          child.kill("SIGKILL");
          done(Number(match[1]));
        }
      }
    });
    child.on("exit", (code, signal) => {
      if (signal !== "SIGKILL") fail(new Error(`child ended ${code}: ${stderr}`));
    });
  });
}
