/**
 * Preloaded into a server a benchmark starts (`node --import …/memory-probe.ts`): answers the
 * parent's "memory" message over the IPC channel with process.memoryUsage() (after a full GC
 * when the process runs with --expose-gc, so "retained" means retained), and writes a heap
 * snapshot on "snapshot". Nothing happens without an IPC channel.
 */
import { writeHeapSnapshot } from "node:v8";

const gc = (globalThis as { gc?: () => void }).gc;

if (process.send) {
  process.on("message", (message: unknown) => {
    if (message === "memory") {
      gc?.();
      process.send?.({ memory: process.memoryUsage() });
    } else if (typeof message === "object" && message && "snapshot" in message) {
      gc?.();
      const file = writeHeapSnapshot(String((message as { snapshot: string }).snapshot));
      process.send?.({ snapshot: file });
    }
  });
  // The channel must not keep a server alive that is shutting down.
  process.channel?.unref();
}
