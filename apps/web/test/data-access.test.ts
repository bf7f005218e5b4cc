/**
 * The web's data-access rule (docs/architecture.md, "A screen"): loaders read, route actions
 * write, and what cannot be an action (uploads, polling, streams, autocomplete while typing)
 * goes through the one browser seam, `browserHydra()` in lib/api/session-hydra.ts. No screen or
 * component calls the raw API client or `fetch` itself.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const APP = join(import.meta.dirname, "../app");

/** The files that may talk HTTP themselves, each with its reason. */
const ALLOWED = new Set([
  // The API client, the Hydra layer and the seam built on them.
  "lib/api/client.ts",
  "lib/api/hydra.ts",
  "lib/api/session-hydra.ts",
  "lib/api/export.server.ts",
  // The session itself: sign-in, the token refresh, and the browser client the seam wraps.
  "session/store.ts",
  // Static files of the web server, not the API: the messages of a locale, the build id.
  "i18n/i18n.ts",
  "lifecycle/BuildWatcher.tsx",
]);

const RAW_CALL = /\bbrowserApi\(|(?<![\w.])fetch\(/;

/**
 * The files that may still write (POST/PUT/PATCH/DELETE) through the browser seam, each with its
 * reason; every other screen's writes are its route action's (lib/route-write.ts).
 */
const SEAM_WRITES = new Set([
  // The session itself: signing in happens before there is one, signing out ends the tab's.
  "routes/login.tsx",
  "components/UserMenu.tsx",
  // Uploads (a file from the browser) and what follows from them on the same screen.
  "routes/action-center/keyword-recommendations/UserTab.tsx",
  "routes/product/imports/route.tsx",
  // A read that is a POST: the rule collection's size while its rules are typed.
  "components/collections/CollectionForm.tsx",
]);

/** A write in a file that uses the seam: a Hydra write, or a raw request with a writing method. */
const SEAM_WRITE = /\.(create|update|remove)\(|method:\s*["'](POST|PUT|PATCH|DELETE)["']/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name.startsWith("+") ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
}

describe("web data access", () => {
  it("calls the API from the browser only through the seam (no raw browserApi() or fetch())", () => {
    const offenders = sourceFiles(APP)
      .map((path) => relative(APP, path).split("\\").join("/"))
      .filter((path) => !ALLOWED.has(path))
      .filter((path) => RAW_CALL.test(stripComments(readFileSync(join(APP, path), "utf8"))));
    expect(offenders).toEqual([]);
  });

  it("writes through route actions: only the listed files write through browserHydra()", () => {
    const writers = sourceFiles(APP)
      .map((path) => relative(APP, path).split("\\").join("/"))
      .filter((path) => !ALLOWED.has(path))
      .filter((path) => {
        const source = stripComments(readFileSync(join(APP, path), "utf8"));
        return source.includes("browserHydra(") && SEAM_WRITE.test(source);
      });
    expect(writers.filter((path) => !SEAM_WRITES.has(path))).toEqual([]);
    // A file that no longer writes through the seam leaves the list.
    expect([...SEAM_WRITES].filter((path) => !writers.includes(path))).toEqual([]);
  });

  it("knows every allowed file (a moved file must be removed from the list)", () => {
    const files = new Set(
      sourceFiles(APP).map((path) => relative(APP, path).split("\\").join("/")),
    );
    expect([...ALLOWED].filter((path) => !files.has(path))).toEqual([]);
  });
});
