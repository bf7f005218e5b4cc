import { Worker } from "node:worker_threads";
import type { SheetRow } from "./read-rows.ts";
import type { XlsxWorkerMessage } from "./xlsx-rows-worker.ts";

/** Rows per message: large enough that messaging costs little, small enough to hold briefly. */
const BATCH_ROWS = 1000;

/**
 * The reader thread's heap limits. Unbounded, V8 let exceljs' garbage (parsed XML, row objects)
 * pile up before collecting: reading 100,000 rows alone peaked at heap 170 MB, RSS +255 MB, of
 * which 13-19 MB stayed live (the shared strings). A small young generation makes the short-lived
 * garbage die young (measured standalone with the same limits as node flags: 100,000 rows peak
 * +61 MB, 400,000 rows +87 MB); the old generation keeps room for the shared strings of a far
 * larger file than the 400,000 rows measured.
 */
export const XLSX_READER_LIMITS = { maxYoungGenerationSizeMb: 3, maxOldGenerationSizeMb: 256 };

/**
 * The rows of an XLSX file's first worksheet, read in a worker thread: exceljs' reader holds
 * every shared string and parses the sheet in bursts, which in the server's thread grew its heap
 * for good (400,000 rows: RSS 222 → 510 MB) and held up other requests. The worker reads a batch
 * only when asked for one, and is terminated when the rows end, fail or are no longer wanted, so
 * its memory goes back to the operating system.
 */
export async function* readXlsxInWorker(
  path: string,
  onLastRow?: (lastRow: number) => void,
): AsyncGenerator<SheetRow> {
  const worker = new Worker(new URL("./xlsx-rows-worker.ts", import.meta.url), {
    workerData: { path, batchRows: BATCH_ROWS },
    resourceLimits: XLSX_READER_LIMITS,
  });
  let failure: Error | undefined;
  let settle: ((message: XlsxWorkerMessage | Error) => void) | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    settle?.(failure);
  };
  worker.on("message", (message: XlsxWorkerMessage) => settle?.(message));
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`XLSX reader thread exited (code ${code})`)));
  const nextBatch = () =>
    new Promise<XlsxWorkerMessage | Error>((resolve) => {
      if (failure) return resolve(failure);
      settle = resolve;
      worker.postMessage("next");
    });
  try {
    for (;;) {
      const message = await nextBatch();
      settle = undefined;
      if (message instanceof Error) throw message;
      if ("error" in message)
        throw Object.assign(new Error(message.error.message), { stack: message.error.stack });
      if ("done" in message) return;
      if (message.lastRow !== undefined) onLastRow?.(message.lastRow);
      yield* message.rows;
    }
  } finally {
    await worker.terminate();
  }
}
