// Memory of a process that only imports @starport/db (issue 23: "peaks at 380 MB"), next to an
// empty Node process, and of one that then opens each kind of database: PostgreSQL (when
// DATABASE_URL is set) and the embedded PGlite in memory. Each case runs in a fresh child
// process; prints its peak RSS (process.resourceUsage().maxRSS) and its RSS at the end, once in a
// plain `node` and once with scripts/esm-resolution-cache.ts loaded as scripts/starport.sh runs
// the server (without it Node re-reads drizzle-orm's 179 KB package.json for every module it
// resolves: that garbage, not the code, is most of a plain process's peak).
// Usage: [DATABASE_URL=postgres://user:pass@host:5432/postgres] node scripts/bench/db-import-memory.ts
//        [--runs 3]   (the median of the runs is printed)
// Not a test: run by hand.
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "3" } } });

const report = `const u = process.resourceUsage(); console.log(JSON.stringify({ peak: u.maxRSS * 1024, rss: process.memoryUsage().rss }));`;
const cases: [string, string][] = [
  ["empty Node process", ""],
  ["import('@starport/db')", `await import("@starport/db");`],
  ...(process.env.DATABASE_URL
    ? ([
        [
          "import + open PostgreSQL (DATABASE_URL)",
          `const { openDatabase } = await import("@starport/db");
           const c = await openDatabase({ databaseUrl: process.env.DATABASE_URL }); await c.close();`,
        ],
      ] as [string, string][])
    : []),
  [
    "import + open PGlite (memory://)",
    `const { openDatabase } = await import("@starport/db");
     const c = await openDatabase({ dataDir: "memory://" }); await c.close();`,
  ],
];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const hook = `--import=${JSON.stringify(`${process.cwd()}/scripts/esm-resolution-cache.ts`)}`;
const modes: [string, string][] = [
  ["plain node", ""],
  ["node --import esm-resolution-cache.ts", hook],
];
console.log("case".padEnd(44), "peak RSS".padStart(10), "end RSS".padStart(10));
for (const [mode, nodeOptions] of modes) {
  console.log(`\n${mode}`);
  for (const [label, code] of cases) {
    const runs = Array.from({ length: Number(args.runs) }, () => {
      const out = execFileSync(
        process.execPath,
        ["--input-type=module", "-e", `${code}\n${report}`],
        {
          cwd: process.cwd(),
          env: { ...process.env, NODE_OPTIONS: nodeOptions },
          encoding: "utf8",
        },
      );
      return JSON.parse(out.trim().split("\n").at(-1)!) as { peak: number; rss: number };
    });
    console.log(
      label.padEnd(44),
      mb(median(runs.map((r) => r.peak))).padStart(10),
      mb(median(runs.map((r) => r.rss))).padStart(10),
    );
  }
}
if (!process.env.DATABASE_URL) console.log("\n(PostgreSQL skipped: DATABASE_URL is not set)");
