// Backtest speed goal (issue 19): one world of the demo seller's size (100 products per
// marketplace, DE and FR: ~48 campaigns, ~600 ad groups, ~5,000 keywords/targets), 90 days,
// the three strategies, ≤ 30 s, with its RSS. Runs the CLI's path: one worker thread.
// Baseline in the same process: the same world simulated 90 days with nothing observed or
// decided (`static` without reports), so the ratio says what observing and deciding cost.
// Usage: node scripts/bench/backtest-world.ts [days=90] [products=100] [report.json]
//   (the report as the CLI's --json writes it: to check a faster version computes the same)

import { writeFileSync } from "node:fs";
import { simulateDay } from "@starport/amazon-sandbox";
import { buildWorld, DEFAULT_WORLD, runBacktest } from "@starport/backtest";

const days = Number(process.argv[2] ?? 90);
const products = Number(process.argv[3] ?? 100);
const jsonPath = process.argv[4];
const world = { ...DEFAULT_WORLD, products };

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const report = await runBacktest({
  seeds: [1],
  days,
  warmupDays: 30,
  strategies: ["static", "peer", "starport"],
  world,
  config: { targetAcos: 0.3, minBid: 0.02, maxBid: 5 },
  workers: 1,
  cvrDay: 30,
});
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const maxRss = process.resourceUsage().maxRSS / 1024;
if (jsonPath) writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);

const b0 = performance.now();
const w = buildWorld(1, world, 30);
for (let d = 0; d < days; d++) simulateDay(w);
const baseline = performance.now() - b0;

console.log(
  `one world, ${days} days, 3 strategies: ${(wall / 1000).toFixed(1)} s wall (goal ≤ 30 s), ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU of this process incl. its worker`,
);
console.log(`max RSS ${maxRss.toFixed(0)} MB (process and worker)`);
console.log(
  `baseline (build + ${days} simulated days, nothing observed or decided): ${(baseline / 1000).toFixed(1)} s; ratio ${(wall / baseline).toFixed(1)}×`,
);
for (const [name, s] of Object.entries(report.strategies))
  console.log(
    `  ${name}: profit ${s.profit.toFixed(0)}, spend ${s.spend.toFixed(0)}, ACoS ${(s.acos * 100).toFixed(1)} %`,
  );
