// Loaded with `node --import` before anything else (scripts/starport.sh, vitest's setup): a resolve
// hook that answers the relative `.js` imports inside ESM packages in node_modules itself.
//
// Why: Node 24 finds a module's format through getPackageScopeConfig, which deserialises the
// nearest package.json again for every module it resolves. drizzle-orm's package.json is 179 KB
// (its exports map), and the server resolves a few hundred drizzle modules: importing
// `drizzle-orm/pg-core` alone took 1.9 s and 145 MB of garbage on a quiet 2-core machine, in every
// process (server, workers, each Vitest file, each child a test spawns). The answer here is the one
// Node would give (realpath of the file, "module" because the nearest package.json says so); any
// other case goes to Node's own resolver unchanged.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { registerHooks } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Directory → does its nearest package.json declare `"type": "module"`. */
const esmScopeByDirectory = new Map<string, boolean>();

function inEsmScope(directory: string): boolean {
  const known = esmScopeByDirectory.get(directory);
  if (known !== undefined) return known;
  let esm: boolean;
  const packageJson = join(directory, "package.json");
  if (existsSync(packageJson)) {
    try {
      esm = (JSON.parse(readFileSync(packageJson, "utf8")) as { type?: unknown }).type === "module";
    } catch {
      esm = false; // Node's own resolver reports the broken file.
    }
  } else {
    const parent = dirname(directory);
    esm = parent !== directory && !directory.endsWith("/node_modules") && inEsmScope(parent);
  }
  esmScopeByDirectory.set(directory, esm);
  return esm;
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parentUrl = context.parentURL;
    if (
      (specifier.startsWith("./") || specifier.startsWith("../")) &&
      specifier.endsWith(".js") &&
      parentUrl?.startsWith("file:") &&
      parentUrl.includes("/node_modules/") &&
      context.conditions?.includes("import")
    ) {
      const path = fileURLToPath(new URL(specifier, parentUrl));
      if (existsSync(path)) {
        const real = realpathSync(path);
        if (inEsmScope(dirname(real)))
          return { url: pathToFileURL(real).href, format: "module", shortCircuit: true };
      }
    }
    return nextResolve(specifier, context);
  },
});
