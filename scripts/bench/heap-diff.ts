// Compares two V8 heap snapshots (.heapsnapshot, e.g. from soak.ts --snapshots): prints the
// object groups (constructor or type) whose count and self size grew most between them.
// Usage: node scripts/bench/heap-diff.ts before.heapsnapshot after.heapsnapshot [rows]
import { readFileSync } from "node:fs";

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

function groups(file: string): Map<string, { count: number; size: number }> {
  const data = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const types = data.snapshot.meta.node_types[0];
  const result = new Map<string, { count: number; size: number }>();
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt] as number] ?? "?";
    const name = data.strings[data.nodes[i + nameAt] as number] ?? "?";
    // Objects and closures by constructor; strings, arrays, code by their type only.
    const key =
      type === "object" || type === "closure" || type === "native"
        ? `${type} ${name.slice(0, 60)}`
        : `(${type})`;
    const entry = result.get(key) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += data.nodes[i + sizeAt] as number;
    result.set(key, entry);
  }
  return result;
}

const [beforeFile, afterFile, rowsArg] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error(
    "usage: node scripts/bench/heap-diff.ts before.heapsnapshot after.heapsnapshot [rows]",
  );
  process.exit(64);
}
const before = groups(beforeFile);
const after = groups(afterFile);
const total = (m: Map<string, { size: number }>) => [...m.values()].reduce((s, e) => s + e.size, 0);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(`self size: ${kb(total(before))} → ${kb(total(after))}\n`);
const rows = [...after.entries()]
  .map(([key, a]) => {
    const b = before.get(key) ?? { count: 0, size: 0 };
    return { key, count: a.count - b.count, size: a.size - b.size, now: a.count };
  })
  .sort((x, y) => y.size - x.size)
  .slice(0, Number(rowsArg ?? 30));
console.log("Δ size".padStart(10), "Δ count".padStart(10), "count".padStart(10), " group");
for (const r of rows)
  console.log(
    kb(r.size).padStart(10),
    String(r.count).padStart(10),
    String(r.now).padStart(10),
    ` ${r.key}`,
  );
