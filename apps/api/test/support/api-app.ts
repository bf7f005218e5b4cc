import { seedDemoData } from "@starport/db";
import { openTestDatabase, type TestDatabaseKind } from "@starport/db/testing";
import { type FastifyInstance, fastify } from "fastify";
import type { AuthRateLimits } from "../../src/auth/rate-limit.ts";
import { createTokenService } from "../../src/auth/tokens.ts";
import { apiPlugin } from "../../src/index.ts";

export const TEST_SECRET = "s".repeat(40);

export interface TestApi {
  app: FastifyInstance;
  database: Awaited<ReturnType<typeof openTestDatabase>>;
  tokens: ReturnType<typeof createTokenService>;
  /** Moves the server's clock (tokens and rate limits). */
  clock: { now: number };
  close(): Promise<void>;
  login(email: string, password: string, ip?: string): Promise<string>;
}

/** The real API plugin on a fresh, seeded database, called through app.inject. */
export async function startTestApi(
  kind: TestDatabaseKind,
  options: { devMode?: boolean; rateLimits?: AuthRateLimits } = {},
): Promise<TestApi> {
  const database = await openTestDatabase(kind);
  await seedDemoData(database.connection.db);
  const clock = { now: Date.now() };
  const tokens = createTokenService({
    secret: TEST_SECRET,
    db: database.connection.db,
    now: () => clock.now,
  });
  const app = fastify();
  await app.register(
    async (api) => {
      await apiPlugin(api, {
        db: database.connection.db,
        tokens,
        databaseDriver: database.connection.kind,
        pingDatabase: async () => {},
        pingJobs: async () => {},
        now: () => clock.now,
        ...(options.devMode ? { devMode: true } : {}),
        ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
      });
    },
    { prefix: "/api" },
  );
  await app.ready();
  return {
    app,
    database,
    tokens,
    clock,
    async close() {
      await app.close();
      await database.dispose();
    },
    async login(email, password, ip = "10.0.0.1") {
      const response = await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email, password },
        remoteAddress: ip,
      });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
      return response.json().token as string;
    },
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
