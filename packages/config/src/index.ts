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
    SENTRY_DSN: optionalString,
    /** Serves /__diagnostics/* routes that fail on purpose, for end-to-end tests of error pages. */
    DIAGNOSTIC_ROUTES: booleanFromEnv.default(false),
    /** Runs the local Amazon sandbox (LwA, Ads API, SP-API, simulation) beside the server. */
    AMAZON_SANDBOX: booleanFromEnv.default(false),
    AMAZON_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
    /** Shuts down within this many milliseconds after SIGTERM, finishing in-flight requests first. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  })
  .superRefine((config, ctx) => {
    if (config.DATABASE_URL && !config.JWT_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["JWT_SECRET"],
        message: "is required with DATABASE_URL (only the embedded mode generates one)",
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
  shutdownTimeoutMs: number;
  diagnosticRoutes: boolean;
  amazonSandbox: { enabled: boolean; port: number };
}

/** The only configuration values the browser ever receives. */
export interface PublicConfig {
  devMode: boolean;
  knowledgeBaseUrl: string;
  sentryDsn: string | null;
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
    shutdownTimeoutMs: raw.SHUTDOWN_TIMEOUT_MS,
    diagnosticRoutes: raw.DIAGNOSTIC_ROUTES,
    amazonSandbox: { enabled: raw.AMAZON_SANDBOX, port: raw.AMAZON_SANDBOX_PORT },
  };
}

export function toPublicConfig(config: Config): PublicConfig {
  return {
    devMode: config.devMode,
    knowledgeBaseUrl: config.knowledgeBaseUrl,
    sentryDsn: config.sentryDsn ?? null,
  };
}
