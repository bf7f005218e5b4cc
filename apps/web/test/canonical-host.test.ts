import { fastify } from "fastify";
import { describe, expect, it } from "vitest";
import { canonicalHostRedirect } from "../server/canonical-host.ts";

async function serverFor(publicUrl: string) {
  const app = fastify();
  app.addHook("onRequest", canonicalHostRedirect(publicUrl));
  app.all("/*", async () => "page");
  return app;
}

describe("pages on PUBLIC_URL's host only", () => {
  it("redirects a page request on another name of the server, keeping path and query", async () => {
    const app = await serverFor("http://localhost:3000");
    const answer = await app.inject({
      url: "/en/settings?tab=amazon",
      headers: { host: "127.0.0.1:3000" },
    });
    expect(answer.statusCode).toBe(307);
    expect(answer.headers.location).toBe("http://localhost:3000/en/settings?tab=amazon");
    const post = await app.inject({
      method: "POST",
      url: "/login",
      headers: { host: "[::1]:3000" },
    });
    expect(post.statusCode).toBe(307);
    expect(post.headers.location).toBe("http://localhost:3000/login");
  });

  it("serves the canonical host (any case, default port implied) and the API on every host", async () => {
    const app = await serverFor("https://Starport.example.com/");
    for (const host of ["starport.example.com", "STARPORT.example.com:443"]) {
      expect((await app.inject({ url: "/en", headers: { host } })).statusCode).toBe(200);
    }
    expect(
      (await app.inject({ url: "/en", headers: { host: "starport.example.com:80" } })).statusCode,
    ).toBe(307);
    for (const url of ["/api", "/api/health", "/api?x=1", "/api/tags?text=a"]) {
      expect((await app.inject({ url, headers: { host: "10.0.0.5:3000" } })).statusCode).toBe(200);
    }
    const look = await app.inject({ url: "/apiary", headers: { host: "10.0.0.5:3000" } });
    expect(look.statusCode).toBe(307);
    expect(look.headers.location).toBe("https://Starport.example.com/apiary");
  });

  it("behind a proxy the forwarded host counts; a bad host header is redirected, not an error", async () => {
    const app = await serverFor("https://starport.example.com");
    const proxied = await app.inject({
      url: "/en",
      headers: {
        host: "127.0.0.1:3000",
        "x-forwarded-host": "starport.example.com, proxy.internal",
      },
    });
    expect(proxied.statusCode).toBe(200);
    const bad = await app.inject({ url: "/en", headers: { host: "bad host name" } });
    expect(bad.statusCode).toBe(307);
    expect(bad.headers.location).toBe("https://starport.example.com/en");
  });
});
