import { resolve } from "node:path";
import { z } from "zod";

/** Starport's configuration, read from the environment once at start-up. */

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalString = z
  .string()
  .transform((value) => (value.trim() === "" ? undefined : value.trim()))
  .optional();

/**
 * What a process runs. `web`: HTTP (API + SSR) and only enqueues jobs; `worker`: the job workers
 * (sync runs, conversion rates, schedules) and a health endpoint; `all`: both (one-process default).
 */
export const PROCESS_ROLES = ["all", "web", "worker"] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

export const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    /** Public base URL the app is reached at; defaults to http://localhost:PORT. */
    PUBLIC_URL: z.url().optional(),
    /** PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATA_DIR: z.string().min(1).default("data"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /** Signs access tokens (HS256, at least 32 characters). Embedded mode generates one in DATA_DIR. */
    JWT_SECRET: optionalString.pipe(
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    /** Seeds demo data at start (idempotent). */
    SEED_DEMO: booleanFromEnv.default(false),
    /** Local development shortcut: bypasses auth, onboarding and admin checks. Never in production. */
    DEV_MODE: booleanFromEnv.default(false),
    /** Knowledge-base categories page opened from the help badge. */
    KNOWLEDGE_BASE_URL: z.url().default("https://help.starport.dev/categories"),
    /** Error reporting (Sentry DSN); nothing is sent when unset. */
    SENTRY_DSN: optionalString.pipe(z.url().optional()),
    /** The first administrator, created at start when no user has this email (production setup). */
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z.string().min(12, "must be at least 12 characters").optional(),
    ),
    ADMIN_NAME: z.string().trim().min(1).default("Administrator"),
    /** Third-party support widget shown in the help badge's support form; unset: Starport's own form. */
    SUPPORT_WIDGET_PROVIDER: optionalString.pipe(z.enum(["hubspot"]).optional()),
    /** The company's account with that provider (HubSpot: "<portalId>:<formId>"). */
    SUPPORT_WIDGET_ACCOUNT: optionalString,
    /** Serves /__diagnostics/* routes that fail on purpose, for end-to-end tests of error pages. */
    DIAGNOSTIC_ROUTES: booleanFromEnv.default(false),
    /** Runs the local Amazon sandbox (LwA, Ads API, SP-API, simulation) beside the server. */
    AMAZON_SANDBOX: booleanFromEnv.default(false),
    AMAZON_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
    /** Days of simulated history of the sandbox's demo seller. */
    AMAZON_SANDBOX_DEMO_DAYS: z.coerce.number().int().min(1).max(365).default(90),
    /** Login with Amazon client of the Starport app (Ads API and SP-API); the sandbox's demo client by default. */
    AMAZON_CLIENT_ID: optionalString,
    AMAZON_CLIENT_SECRET: optionalString,
    /** SP-API application id (amzn1.sellerapps.app.…) for the Seller Central consent page. */
    AMAZON_SP_APPLICATION_ID: optionalString,
    /**
     * Keeps Amazon's request limits on the client side (per Amazon seller and operation, e.g. one
     * Sales API call every two seconds). Off only where one Amazon account is connected over and
     * over within minutes, as the browser tests connect the sandbox's demo seller.
     */
    AMAZON_CLIENT_RATE_LIMITS: booleanFromEnv.default(true),
    /** Base URL serving every Amazon endpoint (the sandbox's layout); unset: Amazon's real hosts, or the local sandbox with AMAZON_SANDBOX. */
    AMAZON_API_BASE_URL: optionalString.pipe(z.url().optional()),
    /** Encrypts Amazon refresh tokens at rest (AES-256-GCM; ≥ 32 characters). Generated in DATA_DIR when unset. */
    TOKEN_ENCRYPTION_KEY: optionalString.pipe(
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    /** Shuts down within this many milliseconds after SIGTERM, finishing in-flight requests first. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Bytes of uploaded import files a customer may hold at once (imports not yet done). */
    IMPORT_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(500 * 1024 * 1024),
    /**
     * Registrations a client address may attempt per hour (an agency office behind one address
     * registers its clients; the browser tests register a seller per test from 127.0.0.1).
     */
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(20),
    /** Daily source of euro conversion rates (ECB XML format); empty: no refresh, shipped rates only. */
    CONVERSION_RATES_URL: z
      .union([z.literal(""), z.url()])
      .default("https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"),
    /** Hydra terms with the "hydra:" prefix (API Platform 3 style, what the web reads) or without. */
    HYDRA_PREFIX: booleanFromEnv.default(true),
    /** What this process runs: HTTP (API + SSR, enqueues jobs), job workers, or both. */
    STARPORT_ROLE: z.enum(PROCESS_ROLES).default("all"),
  })
  .superRefine((config, ctx) => {
    if (config.DATABASE_URL && !config.JWT_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["JWT_SECRET"],
        message: "is required with DATABASE_URL (only the embedded mode generates one)",
      });
    }
    if (config.DATABASE_URL && !config.TOKEN_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["TOKEN_ENCRYPTION_KEY"],
        message: "is required with DATABASE_URL (only the embedded mode generates one)",
      });
    }
    if (Boolean(config.ADMIN_EMAIL) !== Boolean(config.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [config.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD are set together",
      });
    }
    if (Boolean(config.SUPPORT_WIDGET_PROVIDER) !== Boolean(config.SUPPORT_WIDGET_ACCOUNT)) {
      ctx.addIssue({
        code: "custom",
        path: [
          config.SUPPORT_WIDGET_PROVIDER ? "SUPPORT_WIDGET_ACCOUNT" : "SUPPORT_WIDGET_PROVIDER",
        ],
        message: "SUPPORT_WIDGET_PROVIDER and SUPPORT_WIDGET_ACCOUNT are set together",
      });
    }
    if (
      config.SUPPORT_WIDGET_PROVIDER === "hubspot" &&
      config.SUPPORT_WIDGET_ACCOUNT &&
      !/^\d+:[\w-]+$/.test(config.SUPPORT_WIDGET_ACCOUNT)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["SUPPORT_WIDGET_ACCOUNT"],
        message: 'must be "<portalId>:<formId>" for HubSpot',
      });
    }
    if (config.STARPORT_ROLE !== "all" && !config.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["STARPORT_ROLE"],
        message: `"${config.STARPORT_ROLE}" needs DATABASE_URL: the embedded database serves one process only`,
      });
    }
    if (config.DEV_MODE && config.NODE_ENV === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["DEV_MODE"],
        message: "dev mode bypasses sign-in and must not be enabled when NODE_ENV=production",
      });
    }
  });

export type RawConfig = z.infer<typeof configSchema>;

export interface Config {
  env: RawConfig["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Absolute path of the data folder (embedded database, generated secrets). */
  dataDir: string;
  logLevel: RawConfig["LOG_LEVEL"];
  /** Set explicitly, or undefined in embedded mode (a generated secret in dataDir is used). */
  jwtSecret: string | undefined;
  seedDemo: boolean;
  devMode: boolean;
  knowledgeBaseUrl: string;
  sentryDsn: string | undefined;
  /** The first administrator (created at start when missing), or undefined. */
  initialAdmin: { email: string; password: string; name: string } | undefined;
  supportWidget: SupportWidget | null;
  shutdownTimeoutMs: number;
  /** Per-customer quota of stored import uploads (IMPORT_QUOTA_BYTES). */
  importQuotaBytes: number;
  /** Registration attempts per client address and hour (REGISTRATIONS_PER_ADDRESS_PER_HOUR). */
  registrationsPerAddressPerHour: number;
  diagnosticRoutes: boolean;
  amazonSandbox: { enabled: boolean; port: number; demoDays: number };
  /** Amazon API access: LwA client, SP-API app, endpoint base and the token encryption key. */
  amazon: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    spApplicationId: string | undefined;
    /** Where every Amazon endpoint lives (sandbox layout); undefined: Amazon's own hosts. */
    apiBaseUrl: string | undefined;
    /** Set explicitly, or undefined (a key generated in dataDir is used). */
    tokenEncryptionKey: string | undefined;
    /** Amazon's request limits on the client side (false only in the browser tests). */
    clientRateLimits: boolean;
  };
  /** Where the daily job reads conversion rates; undefined: never refreshed. */
  conversionRatesUrl: string | undefined;
  hydraPrefix: boolean;
  role: ProcessRole;
  /** This process serves the API and the web app (roles all and web). */
  servesHttp: boolean;
  /** This process runs the job workers (roles all and worker). */
  runsWorkers: boolean;
}

export interface SupportWidget {
  provider: "hubspot";
  /** The company's account with the provider (public: it is in every embed snippet). */
  account: string;
}

/** The only configuration values the browser ever receives. */
export interface PublicConfig {
  devMode: boolean;
  knowledgeBaseUrl: string;
  sentryDsn: string | null;
  supportWidget: SupportWidget | null;
}

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "ConfigError";
    this.issues = issues;
  }
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
    );
  }
  const raw = result.data;
  return {
    env: raw.NODE_ENV,
    isProduction: raw.NODE_ENV === "production",
    port: raw.PORT,
    host: raw.HOST,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ""),
    databaseUrl: raw.DATABASE_URL,
    dataDir: resolve(cwd, raw.DATA_DIR),
    logLevel: raw.LOG_LEVEL,
    jwtSecret: raw.JWT_SECRET,
    seedDemo: raw.SEED_DEMO,
    devMode: raw.DEV_MODE,
    knowledgeBaseUrl: raw.KNOWLEDGE_BASE_URL,
    sentryDsn: raw.SENTRY_DSN,
    initialAdmin:
      raw.ADMIN_EMAIL && raw.ADMIN_PASSWORD
        ? { email: raw.ADMIN_EMAIL, password: raw.ADMIN_PASSWORD, name: raw.ADMIN_NAME }
        : undefined,
    supportWidget:
      raw.SUPPORT_WIDGET_PROVIDER && raw.SUPPORT_WIDGET_ACCOUNT
        ? { provider: raw.SUPPORT_WIDGET_PROVIDER, account: raw.SUPPORT_WIDGET_ACCOUNT }
        : null,
    shutdownTimeoutMs: raw.SHUTDOWN_TIMEOUT_MS,
    importQuotaBytes: raw.IMPORT_QUOTA_BYTES,
    registrationsPerAddressPerHour: raw.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    diagnosticRoutes: raw.DIAGNOSTIC_ROUTES,
    amazonSandbox: {
      enabled: raw.AMAZON_SANDBOX,
      port: raw.AMAZON_SANDBOX_PORT,
      demoDays: raw.AMAZON_SANDBOX_DEMO_DAYS,
    },
    amazon: {
      clientId: raw.AMAZON_CLIENT_ID,
      clientSecret: raw.AMAZON_CLIENT_SECRET,
      spApplicationId: raw.AMAZON_SP_APPLICATION_ID,
      apiBaseUrl:
        raw.AMAZON_API_BASE_URL?.replace(/\/$/, "") ??
        (raw.AMAZON_SANDBOX ? `http://localhost:${raw.AMAZON_SANDBOX_PORT}` : undefined),
      tokenEncryptionKey: raw.TOKEN_ENCRYPTION_KEY,
      clientRateLimits: raw.AMAZON_CLIENT_RATE_LIMITS,
    },
    conversionRatesUrl: raw.CONVERSION_RATES_URL || undefined,
    hydraPrefix: raw.HYDRA_PREFIX,
    role: raw.STARPORT_ROLE,
    servesHttp: raw.STARPORT_ROLE !== "worker",
    runsWorkers: raw.STARPORT_ROLE !== "web",
  };
}

export function toPublicConfig(config: Config): PublicConfig {
  return {
    devMode: config.devMode,
    knowledgeBaseUrl: config.knowledgeBaseUrl,
    sentryDsn: config.sentryDsn ?? null,
    supportWidget: config.supportWidget,
  };
}
