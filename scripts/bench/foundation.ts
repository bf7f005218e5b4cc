// Measures the foundation's figures: server start time (spawn → /api/health 200) and the
// first-load JavaScript of the login page (every script and modulepreload it references, gzip).
// Usage: npm run build -w @starport/web && node scripts/bench/foundation.ts [runs]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const root = resolve(import.meta.dirname, "../..");
const runs = Number(process.argv[2] ?? 3);
const port = 3400 + Math.floor(Math.random() * 500);

async function startOnce(): Promise<{ ms: number; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "starport-bench-"));
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, "apps/web/server.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (performance.now() - started > 120_000) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - started;
  return {
    ms,
    stop: async () => {
      const exited = new Promise((r) => child.on("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const times: number[] = [];
let server: Awaited<ReturnType<typeof startOnce>> | undefined;
for (let i = 0; i < runs; i++) {
  server = await startOnce();
  times.push(server.ms);
  if (i < runs - 1) await server.stop();
}

const html = await (await fetch(`http://127.0.0.1:${port}/en/login`)).text();
const assets = new Set<string>();
for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) assets.add(match[1]!);
for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) assets.add(match[1]!);
let raw = 0;
let gzip = 0;
for (const asset of assets) {
  const bytes = readFileSync(join(root, "apps/web/build/client", asset));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
await server?.stop();

const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
console.log(
  `server start (spawn → health 200), ${runs} runs: median ${median.toFixed(0)} ms, all ${times.map((t) => t.toFixed(0)).join(", ")} ms`,
);
console.log(
  `login page first-load JS: ${assets.size} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip`,
);
