/**
 * The repository is self-contained: no tracked file reads or names a path outside it, so a fresh
 * clone with nothing beside it builds and tests. Amazon's models live in packages/amazon/models.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readlinkSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/** Folders beside the repository that project files once read (team inputs, not project files). */
const OUTSIDE_INPUTS = /(?:^|[^\w-])(?:shared\/(?:amazon-models|spec|design|hooks)|\.\.\/shared)\b/;
/** Absolute paths into workspaces and home folders of one machine. */
const MACHINE_PATH = /(?:^|[^\w.:/-])\/(?:work|home|Users|root|mnt)\/[\w.-]/;
/** A run of `..` segments that starts a relative path: `../x`, `../../..`, `..\\x`. */
const PARENT_RUN = /(?<![\w./\\-])\.\.(?:[/\\]\.\.)*(?=[/\\"'`\s)\]]|$)/g;

interface OutsideReference {
  file: string;
  line: number;
  text: string;
  why: string;
}

/**
 * Every reference in one file's text to a path outside the repository: relative paths that climb
 * above the repository root from the file's folder, the team's input folders beside the repository,
 * and absolute paths into a machine's workspaces.
 */
function outsideReferences(file: string, text: string): OutsideReference[] {
  const depth = posix.dirname(file) === "." ? 0 : posix.dirname(file).split("/").length;
  const found: OutsideReference[] = [];
  text.split("\n").forEach((content, index) => {
    const at = (why: string) =>
      found.push({ file, line: index + 1, text: content.trim().slice(0, 160), why });
    if (OUTSIDE_INPUTS.test(content)) at("names an input folder beside the repository");
    if (MACHINE_PATH.test(content)) at("absolute path into a machine's workspace");
    for (const match of content.matchAll(PARENT_RUN)) {
      const ups = match[0].split(/[/\\]/).length;
      if (ups > depth) at(`climbs ${ups} folders up from ${depth} deep`);
    }
  });
  return found;
}

function trackedFiles(): { path: string; mode: string }[] {
  const out = execFileSync("git", ["ls-files", "-s", "-z"], { cwd: root, encoding: "utf8" });
  return out
    .split("\0")
    .filter(Boolean)
    .map((entry) => {
      const [meta, path] = entry.split("\t") as [string, string];
      return { path, mode: meta.split(" ")[0] as string };
    });
}

describe("the repository is self-contained", () => {
  it("no tracked file refers to a path outside the repository", () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    const problems: (OutsideReference | string)[] = [];
    for (const { path, mode } of files) {
      const absolute = join(root, path);
      if (mode === "120000") {
        const target = resolve(dirname(absolute), readlinkSync(absolute));
        if (relative(root, target).startsWith("..")) problems.push(`${path} links to ${target}`);
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = readFileSync(absolute);
      } catch {
        continue; // deleted in the work tree, not yet committed
      }
      if (bytes.includes(0)) continue; // binary
      problems.push(...outsideReferences(path, bytes.toString("utf8")));
    }
    expect(problems).toEqual([]);
  });

  // The detector itself, on lines it must flag and lines it must leave alone (built from parts so
  // that this file does not flag itself).
  const up = "../";
  const models = ["shared", "amazon-models"].join("/");
  const design = ["", "work", "shared", "design"].join("/");
  it.each([
    ["packages/amazon/package.json", `"generate": "node g.ts ${up}${up}${up}${models}"`],
    ["packages/amazon/test/g.test.ts", `run(["g.ts", "${up}${up}${up}${models}"])`],
    ["packages/a/test/c/s.ts", `new URL("${up}${up}${up}${up}${up}x/", import.meta.url)`],
    [".ci/run", `# needs ${up}shared beside it`],
    ["scripts/x.sh", `cd "$(dirname "$0")/${up}.." && cat ${up}${up}notes`],
    ["apps/web/vite.config.ts", `root: "${up}${up}..",`],
    ["packages/db/src/x.ts", `// design: ${design}/simulation.md`],
    ["README.md", `see ${["", "home", "someone"].join("/")}/models`],
  ])("flags %s: %s", (file, line) => {
    expect(outsideReferences(file, line)).not.toEqual([]);
  });

  it.each([
    [
      "packages/amazon/test/contract/schema-check.ts",
      `new URL("${up}${up}models/", import.meta.url)`,
    ],
    ["packages/config/test/x.test.ts", `new URL("${up}${up}..", import.meta.url)`],
    ["apps/web/server/x.ts", `import { a } from "${up}${up}${up}packages/db/src/index.ts";`],
    ["README.md", "Wait… then ... and ..... all fine; /usr/bin/chromium is a system tool"],
    ["packages/config/test/config.test.ts", `loadConfig({}, "/srv/starport")`],
    ["apps/web/app/x.ts", `const shared = load("./shared/amazon.ts"); // a/${up}b`],
  ])("leaves alone %s: %s", (file, line) => {
    expect(outsideReferences(file, line)).toEqual([]);
  });
});
