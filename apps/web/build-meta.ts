import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** What builds/latest.json and builds/meta/{id}.json hold. */
export interface BuildMeta {
  id: string;
  timestamp: number;
}

/**
 * Spec §7/§9 build detection: every build gets an id, compiled into the client as
 * __STARPORT_BUILD_ID__, and writes builds/latest.json (polled hourly by open tabs) and
 * builds/meta/{id}.json beside the client assets.
 */
export function buildMeta(): Plugin {
  const meta: BuildMeta = {
    id:
      process.env.STARPORT_BUILD_ID ||
      `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`,
    timestamp: Date.now(),
  };
  return {
    name: "starport-build-meta",
    config() {
      return { define: { __STARPORT_BUILD_ID__: JSON.stringify(meta.id) } };
    },
    writeBundle(options) {
      // Only the browser build serves these files (the server build has its own folder).
      if (this.environment?.name !== "client" || !options.dir) return;
      mkdirSync(join(options.dir, "builds", "meta"), { recursive: true });
      writeFileSync(join(options.dir, "builds", "latest.json"), JSON.stringify(meta));
      writeFileSync(join(options.dir, "builds", "meta", `${meta.id}.json`), JSON.stringify(meta));
    },
  };
}
