import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Worker } from "node:worker_threads";
import { schema } from "@starport/db";
import { TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type HydraTestApp, openHydraTestApp } from "./support/hydra-app.ts";
import {
  multipart,
  profileWithProducts,
  waitForImport,
} from "./support/product-import-fixtures.ts";

/**
 * Issue 18 §15: XLSX files are read in a worker thread. A file the reader cannot read still ends
 * its upload or import with "unreadable" (no hang, no 5xx), and no reader thread outlives it.
 */

// Every worker the server starts, until it has exited.
const running = vi.hoisted(() => ({
  workers: new Set<Worker>(),
  started: 0,
  limits: [] as Worker["resourceLimits"][],
}));
vi.mock("node:worker_threads", async (original) => {
  const threads = await original<typeof import("node:worker_threads")>();
  class TrackedWorker extends threads.Worker {
    constructor(...args: ConstructorParameters<typeof threads.Worker>) {
      super(...args);
      running.started += 1;
      running.workers.add(this);
      running.limits.push(this.resourceLimits);
      this.once("exit", () => running.workers.delete(this));
    }
  }
  return { ...threads, Worker: TrackedWorker };
});

async function workbook(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Produkte");
  sheet.addRow(["SKU", "Kosten"]);
  for (let i = 0; i < rows; i++) sheet.addRow([`SKU-${i}`, 10 + i]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const NOT_A_ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);

describe.each(TEST_DATABASE_KINDS)("XLSX reader thread (%s)", (kind) => {
  let t: HydraTestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "starport-xlsx-worker-"));
    t = await openHydraTestApp(kind, { importsDataDir: dataDir });
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (sellerProfileId: string, content: Buffer) => {
    const { body, headers } = multipart("kosten.xlsx", content);
    return t.request("own", {
      method: "POST",
      url: `/api/product_imports/upload?sellerProfile=/api/seller_profiles/${sellerProfileId}`,
      headers,
      payload: body,
    });
  };

  it.each([
    ["truncated", async () => (await workbook(2000)).subarray(0, 4000)],
    ["not a zip", async () => NOT_A_ZIP],
  ] as const)("refuses a %s XLSX upload as unreadable and ends its reader", async (_name, file) => {
    const { sellerProfileId } = await profileWithProducts(t.db, 1);
    const started = running.started;
    const res = await upload(sellerProfileId, await file());
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().violations[0]).toMatchObject({ propertyPath: "file", code: "unreadable" });
    expect(running.started).toBeGreaterThan(started);
    expect(running.workers.size).toBe(0);
  });

  it.each([
    ["truncated", (file: Buffer) => file.subarray(0, Math.floor(file.length / 2))],
    ["not a zip", () => NOT_A_ZIP],
  ] as const)(
    "fails an import whose stored file is %s as unreadable and ends its reader",
    async (_name, damage) => {
      const { sellerProfileId } = await profileWithProducts(t.db, 3);
      const res = await upload(sellerProfileId, await workbook(3));
      expect(res.statusCode, res.body).toBe(201);
      const { import: iri, mapping } = res.json();
      // The file breaks on disk after a good upload: the job's reader meets it first.
      const [stored] = await t.db
        .select({ storagePath: schema.productImports.storagePath })
        .from(schema.productImports)
        .where(eq(schema.productImports.id, iri.split("/").pop()));
      const path = join(dataDir, stored!.storagePath);
      await writeFile(path, damage(await readFile(path)));
      const started = running.started;
      const run = await t.request("own", {
        method: "POST",
        url: `${iri}/run`,
        payload: { mapping },
      });
      expect(run.statusCode, run.body).toBe(202);
      const done = await waitForImport(t, iri, 20_000);
      expect(done).toMatchObject({ status: "failed", failureReason: "unreadable", rowsDone: 0 });
      expect(running.started).toBeGreaterThan(started);
      expect(running.workers.size).toBe(0);
    },
  );

  it("reads an XLSX once for its import: no counting pass, the total is the exact count at the end", async () => {
    const { sellerProfileId } = await profileWithProducts(t.db, 3);
    const res = await upload(sellerProfileId, await workbook(3));
    expect(res.statusCode, res.body).toBe(201);
    const { import: iri, mapping } = res.json();
    const started = running.started;
    const run = await t.request("own", { method: "POST", url: `${iri}/run`, payload: { mapping } });
    expect(run.statusCode, run.body).toBe(202);
    const done = await waitForImport(t, iri, 20_000);
    expect(done).toMatchObject({ status: "completed", rowsDone: 3, totalRows: 3 });
    // One reader thread: the rows themselves. Counting them first read the file a second time.
    expect(running.started - started).toBe(1);
    expect(running.workers.size).toBe(0);
  });

  it("reads an XLSX in a thread with a small young generation and a bounded heap", async () => {
    // Unbounded, V8 let the reader's garbage pile up: its peak grew to 170 MB of heap for
    // 100,000 rows. The limits make it collect early; the shared strings still fit.
    const { sellerProfileId } = await profileWithProducts(t.db, 1);
    const started = running.started;
    const res = await upload(sellerProfileId, await workbook(1));
    expect(res.statusCode, res.body).toBe(201);
    const limits = running.limits.slice(started);
    expect(limits.length).toBeGreaterThan(0);
    for (const limit of limits) {
      expect(limit?.maxYoungGenerationSizeMb).toBeGreaterThan(0);
      expect(limit?.maxYoungGenerationSizeMb).toBeLessThanOrEqual(4);
      expect(limit?.maxOldGenerationSizeMb).toBeGreaterThan(0);
      expect(limit?.maxOldGenerationSizeMb).toBeLessThanOrEqual(256);
    }
  });
});
