import { loadConfig } from "@starport/config";
import { fastify } from "fastify";
import { describe, expect, it } from "vitest";
import {
  AMAZON_IMAGE_ORIGINS,
  cspNonceOf,
  registerSecurityHeaders,
} from "../server/security-headers.ts";

/** A Fastify app with Starport's security headers and one page that echoes its nonce. */
async function serverWith(env: Record<string, string>, devServer = false) {
  const app = fastify();
  await registerSecurityHeaders(app, loadConfig({ DATA_DIR: "unused", ...env }), { devServer });
  app.get("/page", async (request) => ({ nonce: cspNonceOf(request.raw) }));
  await app.ready();
  return app;
}

function directives(header: string): Map<string, string[]> {
  return new Map(
    header.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("security headers", () => {
  it("send a nonce-based CSP that forbids framing, and a same-origin referrer policy", async () => {
    const app = await serverWith({});
    const first = await app.inject("/page");
    const second = await app.inject("/page");
    const csp = directives(String(first.headers["content-security-policy"]));
    const { nonce } = first.json<{ nonce: string }>();

    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("frame-src")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    // Product images come from Amazon's image hosts (issue 17 §7: they were blocked).
    expect(csp.get("img-src")).toEqual(["'self'", "data:", ...AMAZON_IMAGE_ORIGINS]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    // Each response has its own nonce.
    expect(second.json<{ nonce: string }>().nonce).not.toBe(nonce);
    expect(second.headers["content-security-policy"]).toContain(
      `'nonce-${second.json<{ nonce: string }>().nonce}'`,
    );

    expect(first.headers["referrer-policy"]).toBe("same-origin");
    expect(first.headers["x-frame-options"]).toBe("DENY");
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["strict-transport-security"]).toBeUndefined();
    await app.close();
  });

  it("allow the images of the configured Amazon endpoint (the local sandbox)", async () => {
    const app = await serverWith({ AMAZON_SANDBOX: "true", AMAZON_SANDBOX_PORT: "4123" });
    const csp = directives(String((await app.inject("/page")).headers["content-security-policy"]));
    expect(csp.get("img-src")).toContain("http://localhost:4123");
    await app.close();
  });

  it("allow Sentry's and the support widget's origins only when they are configured", async () => {
    const app = await serverWith({
      SENTRY_DSN: "https://public@o42.ingest.sentry.io/7",
      SUPPORT_WIDGET_PROVIDER: "hubspot",
      SUPPORT_WIDGET_ACCOUNT: "123:abc",
      PUBLIC_URL: "https://starport.example",
    });
    const response = await app.inject("/page");
    const csp = directives(String(response.headers["content-security-policy"]));
    expect(csp.get("connect-src")).toContain("https://o42.ingest.sentry.io");
    expect(csp.get("connect-src")).toContain("https://*.hsforms.com");
    expect(csp.get("script-src")).toContain("https://js.hsforms.net");
    expect(csp.get("worker-src")).toContain("blob:");
    expect(csp.get("frame-src")).not.toContain("'none'");
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    await app.close();
  });

  it("leave the CSP to the Vite dev server, whose client injects styles without a nonce", async () => {
    const app = await serverWith({}, true);
    const response = await app.inject("/page");
    expect(response.headers["content-security-policy"]).toBeUndefined();
    expect(response.headers["referrer-policy"]).toBe("same-origin");
    await app.close();
  });
});
