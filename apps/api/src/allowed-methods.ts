import type { FastifyInstance, RouteOptions } from "fastify";

/**
 * Which methods a path under /api answers, from the routes registered: the `Allow` header of a
 * 405. Routes that only refuse (the catch-all, the Hydra layer's "not allowed" answers) mark
 * themselves with `config: { refuses: true }` and do not count.
 */
export interface AllowedMethods {
  /** The methods some route serves for the path (HEAD with GET), sorted; empty when none. */
  of(path: string): string[];
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route only answers 405: its method is not among the path's `Allow`. */
    refuses?: boolean;
  }
}

export const REFUSES = { refuses: true };

interface Pattern {
  regex: RegExp;
  methods: Set<string>;
}

/** A Fastify route URL as a regular expression: `:name` is one segment, `*` anything. */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => {
      if (part === "*") return ".*";
      if (part.startsWith(":")) return "[^/]+";
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${source}$`);
}

/** Collects the routes registered on `app` and below it (call before they are registered). */
export function trackAllowedMethods(app: FastifyInstance): AllowedMethods {
  const patterns = new Map<string, Pattern>();
  app.addHook("onRoute", (route: RouteOptions) => {
    if (route.config?.refuses) return;
    let pattern = patterns.get(route.url);
    if (!pattern) {
      pattern = { regex: patternOf(route.url), methods: new Set() };
      patterns.set(route.url, pattern);
    }
    for (const method of [route.method].flat()) pattern.methods.add(method.toUpperCase());
  });
  return {
    of(path) {
      const methods = new Set<string>();
      for (const pattern of patterns.values()) {
        if (pattern.regex.test(path)) for (const method of pattern.methods) methods.add(method);
      }
      if (methods.has("GET")) methods.add("HEAD");
      return [...methods].sort();
    },
  };
}
