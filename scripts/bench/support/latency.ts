/** Latency figures of the benchmark scripts: the same percentile and warm-up everywhere. */

/** The p-th percentile (nearest rank) of ascending times. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Runs `run` `warmup` times unmeasured, then `iterations` times: p50 and p95 in ms. */
export async function measureLatency(
  iterations: number,
  run: () => Promise<unknown>,
  warmup: number = Math.min(5, iterations),
): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** One line of a latency table: count, p50, p95, p99 and max of unsorted times in ms. */
export function latencyLine(label: string, values: readonly number[], width = 24): string {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (n: number) => n.toFixed(1).padStart(7);
  return `${label.padEnd(width)} ${String(sorted.length).padStart(6)}  p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? 0)} ms`;
}

/** Bytes as whole megabytes ("412 MB"). */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
