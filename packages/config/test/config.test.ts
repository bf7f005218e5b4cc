import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, toPublicConfig } from "../src/index.ts";

describe("loadConfig", () => {
  it("applies defaults", () => {
    const config = loadConfig({}, "/srv/starport");
    expect(config).toMatchObject({
      env: "development",
      port: 3000,
      publicUrl: "http://localhost:3000",
      dataDir: "/srv/starport/data",
      databaseUrl: undefined,
      devMode: false,
    });
  });

  it("names every invalid variable", () => {
    try {
      loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
      expect(message).toContain("LOG_LEVEL");
    }
  });

  it("refuses dev mode in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DEV_MODE: "true" })).toThrow(/DEV_MODE/);
  });

  it("gives the browser only the whitelisted subset", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://u:secret@db/x",
      JWT_SECRET: "s".repeat(40),
      SENTRY_DSN: "",
    });
    const exposed = toPublicConfig(config);
    expect(Object.keys(exposed).sort()).toEqual(["devMode", "knowledgeBaseUrl", "sentryDsn"]);
    expect(JSON.stringify(exposed)).not.toContain("secret");
    expect(exposed.sentryDsn).toBeNull();
  });
});

describe("JWT secret", () => {
  it("is required with an external database and must be long enough", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/x" })).toThrow(
      /JWT_SECRET: is required/,
    );
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET: must be at least 32/);
    expect(loadConfig({ JWT_SECRET: "x".repeat(32) }).jwtSecret).toBe("x".repeat(32));
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });
});
