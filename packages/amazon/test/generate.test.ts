import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const pkg = fileURLToPath(new URL("..", import.meta.url));

describe("generated types", () => {
  it("are up to date with the official models (regeneration yields identical files)", () => {
    const out = mkdtempSync(join(tmpdir(), "amazon-gen-"));
    try {
      execFileSync(process.execPath, ["generate-types.ts", "models", out], {
        cwd: pkg,
        stdio: "pipe",
      });
      const committed = readdirSync(join(pkg, "src/generated"))
        .filter((f) => f.endsWith(".gen.ts"))
        .sort();
      expect(readdirSync(out).sort()).toEqual(committed);
      expect(committed.length).toBe(11); // one per model in generate-types.ts
      for (const file of committed) {
        expect(readFileSync(join(out, file), "utf8"), file).toBe(
          readFileSync(join(pkg, "src/generated", file), "utf8"),
        );
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
