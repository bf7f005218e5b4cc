import { type PgBoss, schema, startJobs } from "@starport/db";
import { openTestDatabase, type TestDatabaseKind } from "@starport/db/testing";
import {
  type FastifyInstance,
  fastify,
  type InjectOptions,
  type LightMyRequestResponse,
} from "fastify";
import type { SyncEventOptions } from "../../src/advertising/sync-events.ts";
import { createTokenService } from "../../src/auth/tokens.ts";
import { apiPlugin } from "../../src/index.ts";
import { startProductImportJobs } from "../../src/product-imports/jobs.ts";

/** One API over a fresh test database, with three signed-in actors and their customers. */

export const IDS = {
  customerA: "0a000000-0000-4000-8000-00000000000a",
  customerB: "0b000000-0000-4000-8000-00000000000b",
  customerAdmin: "0c000000-0000-4000-8000-00000000000c",
  userA: "1a000000-0000-4000-8000-00000000000a",
  userB: "1b000000-0000-4000-8000-00000000000b",
  userAdmin: "1c000000-0000-4000-8000-00000000000c",
  profileA: "2a000000-0000-4000-8000-00000000000a",
  profileB: "2b000000-0000-4000-8000-00000000000b",
} as const;

export type ActorName = "own" | "foreign" | "admin" | "anonymous";

export interface HydraTestApp {
  app: FastifyInstance;
  db: Awaited<ReturnType<typeof openTestDatabase>>["connection"]["db"];
  /** PostgreSQL URL of the test database (undefined on PGlite), for child processes. */
  databaseUrl: string | undefined;
  /** Authorization headers per actor: own acts for customer A, foreign for B. */
  headers: Record<ActorName, Record<string, string>>;
  request(actor: ActorName, options: InjectOptions): Promise<LightMyRequestResponse>;
  dispose(): Promise<void>;
}

export async function openHydraTestApp(
  kind: TestDatabaseKind,
  options: {
    hydraPrefix?: boolean;
    importsDataDir?: string;
    importsQuotaBytes?: number;
    syncEvents?: SyncEventOptions;
    /** Routes beside /api, as the web server has (its catch-all answers every other path). */
    beside?: (app: FastifyInstance) => void;
  } = {},
): Promise<HydraTestApp> {
  const database = await openTestDatabase(kind);
  const db = database.connection.db;
  // pg-boss on the test database runs the product-import jobs when a test asks for them.
  const boss: PgBoss | undefined = options.importsDataDir
    ? await startJobs(database.connection)
    : undefined;
  const productImports =
    boss && options.importsDataDir
      ? await startProductImportJobs(boss, db, {
          dataDir: options.importsDataDir,
          pollingIntervalSeconds: 0.5,
          ...(options.importsQuotaBytes ? { quotaBytes: options.importsQuotaBytes } : {}),
        })
      : undefined;
  await db.insert(schema.customers).values([
    { id: IDS.customerA, name: "Alpha GmbH" },
    { id: IDS.customerB, name: "Beta AB" },
    { id: IDS.customerAdmin, name: "Operations" },
  ]);
  await db.insert(schema.users).values([
    { id: IDS.userA, customerId: IDS.customerA, email: "a@example.test", name: "Anna" },
    { id: IDS.userB, customerId: IDS.customerB, email: "b@example.test", name: "Bo" },
    {
      id: IDS.userAdmin,
      customerId: IDS.customerAdmin,
      email: "admin@example.test",
      name: "Ada",
      roles: ["ROLE_USER", "ROLE_ADMIN"],
    },
  ]);
  await db.insert(schema.sellerProfiles).values([
    { id: IDS.profileA, customerId: IDS.customerA, name: "Alpha Store" },
    {
      id: IDS.profileB,
      customerId: IDS.customerB,
      name: "Beta Store",
      defaultCurrency: "SEK",
      defaultMarketplace: "SE",
    },
  ]);
  const tokens = createTokenService({ secret: "h".repeat(40), db });
  const app = fastify();
  await app.register(
    async (api) => {
      await apiPlugin(api, {
        db,
        tokens,
        databaseDriver: kind,
        pingDatabase: async () => {},
        pingJobs: async () => {},
        ...(productImports ? { productImports } : {}),
        ...(options.hydraPrefix === undefined ? {} : { hydraPrefix: options.hydraPrefix }),
        ...(options.syncEvents ? { syncEvents: options.syncEvents } : {}),
      });
    },
    { prefix: "/api" },
  );
  options.beside?.(app);
  await app.ready();
  const bearer = async (id: string, customerId: string, roles: string[]) => ({
    authorization: `Bearer ${(await tokens.issue({ id, customerId, roles })).token}`,
  });
  const headers: HydraTestApp["headers"] = {
    own: await bearer(IDS.userA, IDS.customerA, ["ROLE_USER"]),
    foreign: await bearer(IDS.userB, IDS.customerB, ["ROLE_USER"]),
    admin: await bearer(IDS.userAdmin, IDS.customerAdmin, ["ROLE_USER", "ROLE_ADMIN"]),
    anonymous: {},
  };
  return {
    app,
    db,
    databaseUrl: database.connection.kind === "postgres" ? database.connection.url : undefined,
    headers,
    request: (actor, options) =>
      app.inject({
        ...options,
        headers: { ...headers[actor], ...(options.headers as Record<string, string>) },
      }),
    async dispose() {
      await app.close();
      await boss?.stop({ graceful: false, timeout: 2000 });
      await database.dispose();
    },
  };
}

export const LD = { "content-type": "application/ld+json" };
export const MERGE_PATCH = { "content-type": "application/merge-patch+json" };
