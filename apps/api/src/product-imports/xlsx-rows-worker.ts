import { parentPort, workerData } from "node:worker_threads";
import type { SheetRow } from "./read-rows.ts";
import { readSheetRows } from "./xlsx-sheet-rows.ts";

/**
 * Worker thread reading one XLSX file (read-xlsx-in-worker.ts starts it): on each "next" from
 * the server it reads up to `batchRows` rows and posts them, so it never runs ahead of the
 * import; it ends with "done" or the reader's error, and the thread (with the reader's heap)
 * goes away when the server terminates it.
 */
export type XlsxWorkerMessage =
  | { rows: SheetRow[]; lastRow?: number }
  | { done: true }
  | { error: { message: string; stack?: string } };

const { path, batchRows } = workerData as { path: string; batchRows: number };
/** The last row the sheet declares, sent with the first batch after it is known. */
let lastRow: number | undefined;
const rows = readSheetRows(path, (row) => {
  lastRow = row;
});
const port = parentPort!;

port.on("message", async () => {
  try {
    const batch: SheetRow[] = [];
    while (batch.length < batchRows) {
      const next = await rows.next();
      if (next.done) break;
      batch.push(next.value);
    }
    const message: XlsxWorkerMessage = batch.length
      ? { rows: batch, ...(lastRow === undefined ? {} : { lastRow }) }
      : { done: true };
    lastRow = undefined;
    port.postMessage(message);
  } catch (error) {
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ error: { message, stack } } satisfies XlsxWorkerMessage);
  }
});
