/**
 * The sandbox's HTTP frame: region prefixes, body parsing, Amazon-shaped errors, injected faults,
 * and a seller's business built on the first use of its token.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { ensureBusiness } from "./demo.ts";
import { familyOf, INVALID_JSON, sendError } from "./http.ts";
import type { SandboxState } from "./state.ts";

/** The Fastify app with the sandbox's URL rewriting, body parsing and error answers. */
export function createHttpApp(logger: boolean): FastifyInstance {
  const app = Fastify({
    logger,
    bodyLimit: 20 * 1024 * 1024,
    rewriteUrl(req) {
      const url = req.url ?? "/";
      const m = /^\/(na|eu|fe)(\/.*)$/.exec(url);
      if (m) {
        req.headers["x-sandbox-region"] = (m[1] as string).toUpperCase();
        return m[2] as string;
      }
      delete req.headers["x-sandbox-region"];
      return url;
    },
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (req, body, done) => {
    const text = String(body);
    const ct = String(req.headers["content-type"] ?? "").toLowerCase();
    if (ct.startsWith("application/x-www-form-urlencoded")) {
      done(null, Object.fromEntries(new URLSearchParams(text)));
      return;
    }
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, ct.includes("json") ? { [INVALID_JSON]: true } : text);
    }
  });

  app.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
    const status =
      typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500
        ? err.statusCode
        : 500;
    if (status >= 500) req.log.error(err);
    return sendError(
      reply,
      familyOf(req.url),
      status,
      status >= 500 ? "Internal error" : (err.message ?? "Bad request"),
    );
  });
  app.setNotFoundHandler((req, reply) =>
    sendError(reply, familyOf(req.url), 404, `No route for ${req.method} ${req.url}`),
  );

  return app;
}

/** Fault injection (Amazon endpoints only; never the control surface, consent pages or downloads). */
export function addFaultInjection(app: FastifyInstance, state: SandboxState): void {
  app.addHook("onRequest", async (req, reply) => {
    const path = req.url.split("?")[0] ?? "";
    if (path.startsWith("/__sandbox") || path.startsWith("/ap/") || path.startsWith("/apps/"))
      return;
    const c = state.faults.config;
    if (c.latencyMs > 0) await new Promise((r) => setTimeout(r, c.latencyMs));
    const fault = state.faults.draw();
    if (!fault) return;
    const family = familyOf(path);
    if (fault === "429") {
      reply.header("Retry-After", String(c.retryAfterSeconds));
      if (family === "sp")
        return sendError(reply, "sp", 429, "You exceeded your quota for the requested resource.");
      return sendError(
        reply,
        family,
        429,
        "Request was throttled. Retry after the time in the Retry-After header.",
      );
    }
    const status = fault === "500" ? 500 : 503;
    return sendError(
      reply,
      family,
      status,
      status === 500
        ? "Internal server error (injected fault)"
        : "Service unavailable (injected fault)",
    );
  });
}

/** A seller's business is built the first time one of its tokens is used (see ensureBusiness). */
export function addBusinessOnFirstUse(app: FastifyInstance, state: SandboxState): void {
  app.addHook("onRequest", async (req) => {
    const auth = req.headers.authorization;
    if (typeof auth !== "string" || !/^bearer\s+/i.test(auth)) return;
    const grant = state.auth.checkAccess(auth.replace(/^bearer\s+/i, "").trim());
    if (grant && grant !== "expired" && grant.sellerId)
      await ensureBusiness(state.world, grant.sellerId);
  });
}
