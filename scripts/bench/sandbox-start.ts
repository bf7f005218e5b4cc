// Start-up cost of the Amazon sandbox (issue 9, item 10: every sandbox seller has a business).
//   1. What the server does at start: build the world and simulate the demo seller's history
//      (createSandbox + seedDemoAccount), median of REPS runs. With BASELINE=<checkout of an older
//      revision>, the same is timed for that revision's sandbox in this process, alternating runs,
//      and the ratio printed: the other sellers' businesses must not slow the start down.
//   2. What the other sellers cost when they are first used (their business is built lazily):
//      the time to build each one's campaigns and history, and what it holds.
// Usage: node scripts/bench/sandbox-start.ts [days=90]   (REPS=3, BASELINE=/path/to/checkout)
import { join } from "node:path";
import { createSandbox, SELLER_SPECS } from "@starport/amazon-sandbox";

const days = Number(process.argv[2] ?? 90);
const reps = Number(process.env.REPS ?? 3);
type CreateSandbox = typeof createSandbox;
const baseline: CreateSandbox | undefined = process.env.BASELINE
  ? (
      (await import(join(process.env.BASELINE, "packages/amazon-sandbox/src/index.ts"))) as {
        createSandbox: CreateSandbox;
      }
    ).createSandbox
  : undefined;

/** CPU time (user + system) of one start: steadier than wall time on a busy machine. */
function start(create: CreateSandbox): number {
  const t0 = process.cpuUsage();
  const sandbox = create({ seed: 42 });
  sandbox.control.seedDemoAccount({ days });
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / 1000;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const ms = (n: number) => `${Math.round(n).toLocaleString("en-US")} ms`;

const current: number[] = [];
const before: number[] = [];
for (let i = 0; i < reps; i++) {
  if (baseline) before.push(start(baseline));
  current.push(start(createSandbox));
}
console.log(`start (world + demo seller, ${days} days), CPU time, median of ${reps}:`);
console.log(`  this revision: ${ms(median(current))}  (${current.map(ms).join(", ")})`);
if (baseline) {
  console.log(`  baseline:      ${ms(median(before))}  (${before.map(ms).join(", ")})`);
  console.log(`  ratio this/baseline: ${(median(current) / median(before)).toFixed(2)}`);
}

const sandbox = createSandbox({ seed: 42 });
sandbox.control.seedDemoAccount({ days });
const world = sandbox.world;
console.log(`first use of the other sellers (lazy build of campaigns and ${days} days):`);
for (const spec of SELLER_SPECS.filter((s) => !s.main)) {
  const t0 = performance.now();
  const cpu = process.cpuUsage();
  sandbox.control.issueRefreshToken({ sellerId: spec.sellerId, api: "ads" });
  await world.businesses.get(spec.sellerId);
  const elapsed = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const profiles = new Set(
    world.profiles.filter((p) => p.sellerId === spec.sellerId).map((p) => p.profileId),
  );
  const count = (m: Map<string, { profileId: number }>) =>
    [...m.values()].filter((e) => profiles.has(e.profileId)).length;
  const factDays = [...profiles].map(
    (id) => (world.facts.get(id) ?? []).filter((d) => d && d.length > 0).length,
  );
  console.log(
    `  ${spec.name}: ${ms(elapsed)} (CPU ${ms((used.user + used.system) / 1000)}), ${count(world.entities.campaigns)} campaigns, ${count(
      world.entities.adGroups,
    )} ad groups, ${count(world.entities.keywords)} keywords, ${count(
      world.entities.targets,
    )} targets, ${Math.max(...factDays)} days of facts`,
  );
}
