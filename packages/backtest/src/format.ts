import type { BacktestReport } from "./run.ts";

const money = (x: number) => x.toLocaleString("en-US", { maximumFractionDigits: 0 });
const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)} %`;
const signed = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(1)} %`;

/** The table per strategy and the paired differences to `peer`, as the CLI prints them. */
export function formatReport(r: BacktestReport): string {
  const lines: string[] = [];
  lines.push(
    `Backtest: ${r.seeds.length} seeds (${r.seeds[0]}–${r.seeds.at(-1)}), ${r.days} days, target ACoS ${pct(r.targetAcos, 0)}, world ${JSON.stringify(r.world)}`,
  );
  lines.push("Means per seed (currency units of the marketplaces, DE and FR summed):");
  const head = [
    "strategy",
    "profit",
    "ad profit",
    "ad sales",
    "spend",
    "ACoS",
    "TACoS",
    "profit vs peer (95 % CI)",
    "ad profit vs peer (95 % CI)",
  ];
  const rows: string[][] = [head];
  for (const [name, s] of Object.entries(r.strategies)) {
    const v = r.vsPeer[name];
    const ci = (c: [number, number] | null) => (c ? ` [${signed(c[0])}, ${signed(c[1])}]` : "");
    rows.push([
      name,
      money(s.profit),
      money(s.adProfit),
      money(s.adSales),
      money(s.spend),
      pct(s.acos),
      pct(s.tacos),
      v ? `${signed(v.profitDiffPct)}${ci(v.ci95)}` : "—",
      v ? `${signed(v.adProfitDiffPct)}${ci(v.adProfitCi95)}` : "—",
    ]);
  }
  const widths = head.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  for (const row of rows)
    lines.push(
      row
        .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
        .join("  "),
    );
  if (r.cvrError.median !== null)
    lines.push(
      `CVR error of the optimiser at day 30 (median relative error, targets with ≥ 1 click; median over seeds): ${pct(r.cvrError.median)}`,
    );
  if (r.projection) {
    const f2 = (x: number | null) => (x === null ? "—" : x.toFixed(2));
    const eur = (x: number | null) => (x === null ? "—" : x.toFixed(2));
    lines.push(
      `Projection vs realised (the optimiser's applied changes, pooled over seeds; realised: the entity's ad profit ${r.projection.windowDays} days after vs before, per month, from the simulation's full record):`,
    );
    for (const kind of ["bid", "budget", "all"] as const) {
      const s = r.projection[kind];
      lines.push(
        `  ${kind.padEnd(6)} n ${String(s.n).padStart(6)}  Pearson ${f2(s.pearson)}  Spearman ${f2(s.spearman)}  mean projected ${eur(s.meanProjected)}  mean realised ${eur(s.meanRealised)}  realised/projected ${f2(s.calibration)}`,
      );
    }
  }
  lines.push(`Elapsed: ${(r.elapsedMs / 1000).toFixed(1)} s`);
  return `${lines.join("\n")}\n`;
}
