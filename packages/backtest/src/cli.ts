#!/usr/bin/env node
/**
 * npm run backtest -- --seeds 1-20 --days 90 --strategies static,peer,starport --json out.json
 *   [--world competitorSigma=0.5,cpcScale=1,cvrScale=1,attributionLag=short|long,products=100]
 *   [--target-acos 30] [--min-bid 0.02] [--max-bid 5] [--warmup 30] [--workers 2]
 */
import { appendFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { SETTING_DEFAULTS } from "@starport/settings";
import { formatReport } from "./format.ts";
import { runBacktest } from "./run.ts";
import { STRATEGIES, type StrategyName } from "./run-world.ts";
import { parseWorldParams } from "./world-params.ts";

const USAGE = `Usage: npm run backtest -- [options]
  --seeds 1-20            seeds (a list or ranges: 1-5,8)
  --days 90               days each strategy runs after the warm-up
  --strategies static,peer,starport
                          of: ${STRATEGIES.join(", ")}
  --world key=value,...   competitorSigma, cpcScale, cvrScale, attributionLag=short|long, products
  --target-acos 30        target ACoS in per cent (the settings' default)
  --min-bid 0.02 --max-bid 5
  --warmup 30             days of history with the seeded bids before the strategies start
  --workers 2             worker threads (worlds in parallel)
  --cvr-day 30            backtest day of the CVR error measure
  --json out.json         the report as JSON (each world's result in out.json.seeds.jsonl)
  --help                  this text
`;
const OPTIONS = new Set([
  "seeds",
  "days",
  "strategies",
  "world",
  "target-acos",
  "min-bid",
  "max-bid",
  "warmup",
  "workers",
  "cvr-day",
  "json",
]);

/** `--name value` or `--name=value`; an unknown name is an error (a typo must not start a long run). */
function parseArgs(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--help" || a === "-h") return new Map([["help", ""]]);
    if (!a.startsWith("--")) throw new Error(`unexpected argument: ${a}\n${USAGE}`);
    const eq = a.indexOf("=");
    const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    if (!OPTIONS.has(name)) throw new Error(`unknown option --${name}\n${USAGE}`);
    out.set(name, eq > 0 ? a.slice(eq + 1) : (argv[++i] ?? ""));
  }
  return out;
}

export function parseSeeds(text: string): number[] {
  const seeds: number[] = [];
  for (const part of text.split(",")) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw new Error(`seeds: "${part}" is not a number or a range like 1-20`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    for (let s = Math.min(a, b); s <= Math.max(a, b); s++) seeds.push(s);
  }
  return seeds;
}

const positive = (name: string, text: string | undefined, fallback: number): number => {
  if (text === undefined) return fallback;
  const v = Number(text);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
};

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.has("help")) {
    process.stdout.write(USAGE);
    return;
  }
  const strategies = (args.get("strategies") ?? "static,peer,starport")
    .split(",")
    .map((s) => s.trim());
  for (const s of strategies)
    if (!(STRATEGIES as readonly string[]).includes(s))
      throw new Error(`unknown strategy ${s} (known: ${STRATEGIES.join(", ")})`);
  const targetPercent = positive(
    "target-acos",
    args.get("target-acos"),
    SETTING_DEFAULTS.targetAcos ?? 30,
  );
  const options = {
    seeds: parseSeeds(args.get("seeds") ?? "1-20"),
    days: Math.round(positive("days", args.get("days"), 90)),
    warmupDays: Math.round(positive("warmup", args.get("warmup"), 30)),
    strategies: strategies as StrategyName[],
    world: parseWorldParams(args.get("world")),
    config: {
      targetAcos: targetPercent / 100,
      minBid: positive(
        "min-bid",
        args.get("min-bid"),
        (SETTING_DEFAULTS.minBidMicros ?? 20_000) / 1e6,
      ),
      maxBid: positive(
        "max-bid",
        args.get("max-bid"),
        (SETTING_DEFAULTS.maxBidMicros ?? 5_000_000) / 1e6,
      ),
    },
    workers: Math.round(
      positive("workers", args.get("workers"), Math.min(2, availableParallelism())),
    ),
    cvrDay: Math.round(positive("cvr-day", args.get("cvr-day"), 30)),
  };
  const json = args.get("json");
  // each world's result as it finishes, so a long run that is stopped keeps what it did
  if (json) writeFileSync(`${json}.seeds.jsonl`, "");
  const report = await runBacktest({
    ...options,
    onWorld: (r) => {
      process.stderr.write(`seed ${r.seed} done in ${(r.elapsedMs / 1000).toFixed(1)} s\n`);
      if (json) appendFileSync(`${json}.seeds.jsonl`, `${JSON.stringify(r)}\n`);
    },
  });
  process.stdout.write(formatReport(report));
  if (json) writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
