import { parentPort } from "node:worker_threads";
import { runWorld, type WorldRunConfig } from "./run-world.ts";

/** One worker thread: runs the worlds it is sent, one at a time, each with its own model constants. */
parentPort?.on("message", (run: WorldRunConfig) => {
  try {
    parentPort?.postMessage({ ok: true, result: runWorld(run) });
  } catch (error) {
    parentPort?.postMessage({
      ok: false,
      error: error instanceof Error ? error.stack : String(error),
    });
  }
});
