// `--profile <file>` for benchmark scripts: records a V8 CPU profile around the measured part only
// (not the setup), and prints the functions with the most self time (PGlite's WebAssembly included).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The file named by `--profile <file>` in argv, if any. */
export function profileFileFromArgs(argv = process.argv): string | undefined {
  const at = argv.indexOf("--profile");
  return at >= 0 ? argv[at + 1] : undefined;
}

export async function withCpuProfile<T>(
  file: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (!file) return run();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const result = await run();
  const { profile } = (await session.post("Profiler.stop")) as { profile: Profile };
  session.disconnect();
  writeFileSync(file, JSON.stringify(profile));
  printTopSelfTime(profile);
  return result;
}

function printTopSelfTime(profile: Profile, top = 25): void {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    if (!node) return;
    const f = node.callFrame;
    const where = f.url
      ? `${f.url.replace(/^.*\/(node_modules|work)\//, "")}:${f.lineNumber + 1}`
      : "";
    const key = `${f.functionName || "(anonymous)"} ${where}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  console.log(`\nCPU profile: ${(total / 1000).toFixed(0)} ms sampled; top self time:`);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * us) / total).toFixed(1).padStart(6)} %  ${key}`);
}
