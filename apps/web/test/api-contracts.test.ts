/**
 * Contracts once (issue 20 §2): the web's request and response types come from the API's own
 * schemas through `@starport/api/contracts`, so an API that renames a field breaks the web's
 * typecheck where the web reads or sends it. Proved here with the real compiler: the web is
 * typechecked once as it is (clean), then against a contracts module in which one API type
 * changed the way an API change would change it, and the compiler must name the web file that
 * depends on it.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const web = resolve(import.meta.dirname, "..");
const root = resolve(web, "../..");
const contracts = join(root, "apps/api/src/contracts.ts");
const tsc = join(root, "node_modules/typescript/bin/tsc");

// Inside the web package: the compiler finds its type packages (node, vite/client) from there.
const dir = mkdtempSync(join(web, ".contracts-check-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The route modules' generated types (`npm test` generates them in its typecheck step first).
beforeAll(async () => {
  if (!existsSync(join(web, ".react-router/types")))
    await run(process.execPath, [join(root, "node_modules/.bin/react-router"), "typegen"], {
      cwd: web,
    });
}, 120_000);

/**
 * Typechecks the consumers against a contracts module that is the API's with `override` in
 * front: a local export shadows the re-exported one of the same name, as the changed API would.
 */
async function typecheck(name: string, override: string): Promise<string> {
  const module = join(dir, `${name}.contracts.ts`);
  writeFileSync(module, `export type * from ${JSON.stringify(contracts)};\n${override}\n`);
  const config = join(dir, `${name}.tsconfig.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(web, "tsconfig.json"),
      compilerOptions: { paths: { "@starport/api/contracts": [module] } },
    }),
  );
  try {
    await run(process.execPath, [tsc, "--noEmit", "-p", config], { cwd: web });
    return "";
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

const real = (type: string) =>
  `import type { ${type} as Real${type} } from ${JSON.stringify(contracts)};`;

describe("the web's API contracts", () => {
  it("typecheck as they are", async () => {
    expect(await typecheck("unchanged", "")).toBe("");
  }, 120_000);

  it.each([
    {
      change: "a creation's keyword text renamed",
      override: `${real("CreationRequest")}
export type CreationRequest = Omit<RealCreationRequest, "value"> & {
  value: Omit<RealCreationRequest["value"], "keywordText"> & { text?: string };
};`,
      breaks: "changes.server.ts",
    },
    {
      change: "a bulk action renamed",
      override: `${real("BulkChangeRequest")}
type Action = RealBulkChangeRequest["action"];
export type BulkChangeRequest = Omit<RealBulkChangeRequest, "action"> & {
  action: Exclude<Action, { kind: "setState" }> | { kind: "setStatus"; state: string };
};`,
      breaks: "changes.server.ts",
    },
    {
      change: "a recommendation status renamed",
      override: `${real("RecommendationDecisionRequest")}
export type RecommendationDecisionRequest = Omit<RealRecommendationDecisionRequest, "status"> & {
  status: "accepted" | "rejected" | "snooze";
};`,
      breaks: "queue.server.ts",
    },
    {
      change: "a product list member's field dropped",
      override: `${real("ProductListMember")}
export type ProductListMember = Omit<RealProductListMember, "sku">;`,
      breaks: "app/routes/product/list/",
    },
  ])(
    "fail the web's typecheck when the API changes: $change",
    async ({ change, override, breaks }) => {
      const output = await typecheck(change.replaceAll(/\W+/g, "-"), override);
      expect(output).toContain("error TS");
      expect(output).toContain(breaks);
    },
    120_000,
  );
});
