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
      TOKEN_ENCRYPTION_KEY: "e".repeat(40),
      SENTRY_DSN: "",
    });
    const exposed = toPublicConfig(config);
    expect(Object.keys(exposed).sort()).toEqual([
      "devMode",
      "knowledgeBaseUrl",
      "sentryDsn",
      "supportWidget",
    ]);
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

describe("token encryption key", () => {
  it("is required with an external database, like the JWT secret", () => {
    expect(() =>
      loadConfig({ DATABASE_URL: "postgres://db/x", JWT_SECRET: "j".repeat(32) }),
    ).toThrow(/TOKEN_ENCRYPTION_KEY: is required/);
    expect(() => loadConfig({ TOKEN_ENCRYPTION_KEY: "short" })).toThrow(/at least 32/);
  });
});

describe("first administrator", () => {
  it("comes from ADMIN_EMAIL and ADMIN_PASSWORD, set together", () => {
    expect(loadConfig({}).initialAdmin).toBeUndefined();
    expect(
      loadConfig({ ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: "correct horse battery" })
        .initialAdmin,
    ).toEqual({
      email: "ops@example.com",
      password: "correct horse battery",
      name: "Administrator",
    });
    expect(() => loadConfig({ ADMIN_EMAIL: "ops@example.com" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_PASSWORD: "correct horse battery" })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ ADMIN_EMAIL: "nope", ADMIN_PASSWORD: "x".repeat(12) })).toThrow(
      /ADMIN_EMAIL/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: "short" })).toThrow(
      /ADMIN_PASSWORD: must be at least 12/,
    );
  });

  it("never reaches the browser", () => {
    const config = loadConfig({ ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: "s3cret-s3cret" });
    expect(JSON.stringify(toPublicConfig(config))).not.toContain("s3cret");
  });
});

describe("support widget", () => {
  it("is off by default, so the support form is Starport's own", () => {
    expect(toPublicConfig(loadConfig({})).supportWidget).toBeNull();
  });

  it("takes a provider and the company's account, set together and well-formed", () => {
    const config = loadConfig({
      SUPPORT_WIDGET_PROVIDER: "hubspot",
      SUPPORT_WIDGET_ACCOUNT: "123456:abc-def",
    });
    expect(toPublicConfig(config).supportWidget).toEqual({
      provider: "hubspot",
      account: "123456:abc-def",
    });
    expect(() => loadConfig({ SUPPORT_WIDGET_PROVIDER: "hubspot" })).toThrow(
      /SUPPORT_WIDGET_ACCOUNT/,
    );
    expect(() =>
      loadConfig({ SUPPORT_WIDGET_PROVIDER: "zendesk", SUPPORT_WIDGET_ACCOUNT: "1:a" }),
    ).toThrow(/SUPPORT_WIDGET_PROVIDER/);
    expect(() =>
      loadConfig({ SUPPORT_WIDGET_PROVIDER: "hubspot", SUPPORT_WIDGET_ACCOUNT: "not an id" }),
    ).toThrow(/SUPPORT_WIDGET_ACCOUNT/);
  });
});

describe("error reporting", () => {
  it("takes a Sentry DSN URL and exposes it; a blank value is unset", () => {
    const dsn = "https://public@o1.ingest.sentry.io/2";
    expect(toPublicConfig(loadConfig({ SENTRY_DSN: dsn })).sentryDsn).toBe(dsn);
    expect(toPublicConfig(loadConfig({ SENTRY_DSN: " " })).sentryDsn).toBeNull();
    expect(() => loadConfig({ SENTRY_DSN: "not a url" })).toThrow(/SENTRY_DSN/);
  });
});

describe("process role", () => {
  it("runs everything in one process by default", () => {
    const config = loadConfig({});
    expect(config.role).toBe("all");
    expect(config.servesHttp).toBe(true);
    expect(config.runsWorkers).toBe(true);
  });

  it("splits HTTP and job workers for scale-out, on PostgreSQL only", () => {
    const shared = {
      DATABASE_URL: "postgres://starport@db/starport",
      JWT_SECRET: "j".repeat(32),
      TOKEN_ENCRYPTION_KEY: "k".repeat(32),
    };
    const web = loadConfig({ ...shared, STARPORT_ROLE: "web" });
    expect([web.servesHttp, web.runsWorkers]).toEqual([true, false]);
    const worker = loadConfig({ ...shared, STARPORT_ROLE: "worker" });
    expect([worker.servesHttp, worker.runsWorkers]).toEqual([false, true]);
  });

  it("fails fast on an unknown role, naming the variable", () => {
    expect(() => loadConfig({ STARPORT_ROLE: "scheduler" })).toThrow(/STARPORT_ROLE/);
    expect(() => loadConfig({ STARPORT_ROLE: "" })).toThrow(/STARPORT_ROLE/);
    // The embedded database lives in one process: a split role there would serve nobody's jobs.
    expect(() => loadConfig({ STARPORT_ROLE: "worker" })).toThrow(
      /STARPORT_ROLE: "worker" needs DATABASE_URL/,
    );
  });
});
