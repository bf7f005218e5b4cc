/**
 * The in-process Amazon sandbox with a synced seller, and the API over it with the change jobs:
 * pushes are queued in memory and the test applies them (`applyQueued`) as the job would, or a
 * real pg-boss runs them (`boss: true`).
 */
import { type AmazonOptions, createAmazon } from "@starport/amazon";
import { createSandbox, DEMO_CLIENT, type Sandbox } from "@starport/amazon-sandbox";
import {
  type Database,
  type DatabaseConnection,
  type PgBoss,
  schema,
  startJobs,
} from "@starport/db";
import { openTestDatabase, type TestDatabaseKind } from "@starport/db/testing";
import { createSyncEngine, createTokenCipher, saveConnection } from "@starport/sync";
import {
  type FastifyInstance,
  fastify,
  type InjectOptions,
  type LightMyRequestResponse,
} from "fastify";
import { createTokenService } from "../../src/auth/tokens.ts";
import { type ApplyOptions, applyBatch } from "../../src/changes/apply-batch.ts";
import { type ChangeJobs, startChangeJobs } from "../../src/changes/jobs.ts";
import { apiPlugin } from "../../src/index.ts";

export const SELLER_ID = "A3SANDBOXDEMO01";
export const cipher = createTokenCipher("test-key-0123456789abcdef0123456789abcdef");

export function sandboxEndpoints(baseUrl: string) {
  const regional = { NA: `${baseUrl}/na`, EU: `${baseUrl}/eu`, FE: `${baseUrl}/fe` };
  return {
    lwaTokenUrl: `${baseUrl}/auth/o2/token`,
    adsConsentUrl: `${baseUrl}/ap/oa`,
    spConsentUrl: `${baseUrl}/apps/authorize/consent`,
    adsHosts: regional,
    spHosts: regional,
  };
}

export function amazonFor(baseUrl: string, extra: Partial<AmazonOptions> = {}) {
  return createAmazon({
    clientId: DEMO_CLIENT.clientId,
    clientSecret: DEMO_CLIENT.clientSecret,
    endpoints: sandboxEndpoints(baseUrl),
    retry: { baseDelayMs: 5, maxDelayMs: 50, maxAttempts: 4 },
    timeoutMs: 10_000,
    ...extra,
  });
}

export interface ChangesHarness {
  sandbox: Sandbox;
  sandboxUrl: string;
  db: Database;
  /** The database connection (a second job engine on it, as a restarted process). */
  connection: DatabaseConnection;
  databaseUrl: string | undefined;
  app: FastifyInstance;
  sellerProfileId: string;
  userId: string;
  headers: Record<string, string>;
  otherHeaders: Record<string, string>;
  /** An administrator of another customer: sees no more of this customer than a stranger. */
  adminHeaders: Record<string, string>;
  /** A second user of the same customer (their own tray). */
  colleagueHeaders: Record<string, string>;
  /** Batches pushed and not yet applied (without pg-boss). */
  queued: string[];
  applyQueued(options?: ApplyOptions): Promise<void>;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  access: { amazon: ReturnType<typeof createAmazon>; cipher: typeof cipher };
  /** Starts the change workers again, as a restarted server does (with `boss: true`). */
  restartJobs(): Promise<void>;
  /** Syncs the entities again (what Amazon has now becomes Starport's synced rows). */
  syncEntities(): Promise<void>;
  /** Runs a sync of that kind to its end ("reports", "listings" …). */
  sync(kind: string): Promise<void>;
  dispose(): Promise<void>;
}

export async function openChangesHarness(
  kind: TestDatabaseKind,
  options: {
    boss?: boolean;
    apply?: ApplyOptions;
    seed?: number;
    /** Hooks on the sandbox before it listens (tests count what reaches Amazon). */
    beforeListen?: (sandbox: Sandbox) => void;
    demo?: { maxProducts?: number; productsPerMarketplace?: number; days?: number };
  } = {},
): Promise<ChangesHarness> {
  const sandbox = createSandbox({
    seed: options.seed ?? 7,
    productsPerMarketplace: options.demo?.productsPerMarketplace ?? 8,
    reportPollsUntilReady: 1,
  });
  options.beforeListen?.(sandbox);
  const sandboxUrl = await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
  sandbox.state.baseUrl = sandboxUrl;
  sandbox.control.seedDemoAccount({
    countries: ["DE"],
    days: options.demo?.days ?? 2,
    maxProducts: options.demo?.maxProducts ?? 4,
  });
  const database = await openTestDatabase(kind);
  const db = database.connection.db;
  const [customer] = await db.insert(schema.customers).values({ name: "Steuer GmbH" }).returning();
  const [other] = await db.insert(schema.customers).values({ name: "Fremd AG" }).returning();
  const [user] = await db
    .insert(schema.users)
    .values({ customerId: customer!.id, email: `u-${Date.now()}@example.test`, name: "Uta" })
    .returning();
  const [colleague] = await db
    .insert(schema.users)
    .values({ customerId: customer!.id, email: `k-${Date.now()}@example.test`, name: "Kai" })
    .returning();
  const [otherUser] = await db
    .insert(schema.users)
    .values({ customerId: other!.id, email: `f-${Date.now()}@example.test`, name: "Fritz" })
    .returning();
  const admin = { roles: ["ROLE_USER", "ROLE_ADMIN"] };
  const [adminUser] = await db
    .insert(schema.users)
    .values({ customerId: other!.id, email: `a-${Date.now()}@example.test`, name: "Ada", ...admin })
    .returning();
  const [profile] = await db
    .insert(schema.sellerProfiles)
    .values({ customerId: customer!.id, name: "Steuer GmbH" })
    .returning();
  const sellerProfileId = profile!.id;
  for (const api of ["ads", "sp"] as const)
    await saveConnection(db, cipher, {
      sellerProfileId,
      api,
      region: "EU",
      ...(api === "sp" ? { sellingPartnerId: SELLER_ID } : {}),
      refreshToken: sandbox.control.issueRefreshToken({ sellerId: SELLER_ID, api }),
    });
  const amazon = amazonFor(sandboxUrl);
  const engine = createSyncEngine({
    db,
    amazon,
    cipher,
    poll: { initialIntervalMs: 5, maxIntervalMs: 20 },
    today: () => sandbox.control.today(),
    initialReportDays: 1,
  });
  const run = await engine.requestSync(sellerProfileId, "profiles");
  await engine.runSync(run.id);
  const sync = async (kind: string) => {
    const run = await engine.requestSync(sellerProfileId, kind as "entities");
    for (let i = 0; i < 5 && (await engine.runSync(run.id)) === "retrying"; i++);
  };
  const syncEntities = () => sync("entities");
  await syncEntities();

  const access = { amazon, cipher };
  const queued: string[] = [];
  let boss: PgBoss | undefined;
  let jobs: ChangeJobs;
  if (options.boss) {
    boss = await startJobs(database.connection);
    jobs = await startChangeJobs(boss, db, access, {
      pollingIntervalSeconds: 0.5,
      apply: options.apply ?? {},
    });
  } else {
    jobs = {
      enqueue: async (id) => {
        queued.push(id);
      },
    };
  }
  const tokens = createTokenService({ secret: "c".repeat(40), db });
  const app = fastify();
  await app.register(
    async (api) =>
      apiPlugin(api, {
        db,
        tokens,
        databaseDriver: kind,
        pingDatabase: async () => {},
        pingJobs: async () => {},
        changes: jobs,
        amazon: {
          amazon,
          cipher,
          engine,
          spApplicationId: DEMO_CLIENT.applicationId as string,
          publicUrl: "http://localhost:3000",
        },
      }),
    { prefix: "/api" },
  );
  await app.ready();
  const bearer = async (id: string, customerId: string, roles = ["ROLE_USER"]) => ({
    authorization: `Bearer ${(await tokens.issue({ id, customerId, roles })).token}`,
  });
  const headers = await bearer(user!.id, customer!.id);
  return {
    sandbox,
    sandboxUrl,
    db,
    connection: database.connection,
    databaseUrl: database.connection.kind === "postgres" ? database.connection.url : undefined,
    app,
    sellerProfileId,
    userId: user!.id,
    headers,
    otherHeaders: await bearer(otherUser!.id, other!.id),
    adminHeaders: await bearer(adminUser!.id, other!.id, admin.roles),
    colleagueHeaders: await bearer(colleague!.id, customer!.id),
    queued,
    access,
    syncEntities,
    sync,
    async restartJobs() {
      // A second start of the workers, as after a restart: it re-queues open batches.
      if (boss)
        await startChangeJobs(boss, db, access, {
          pollingIntervalSeconds: 0.5,
          apply: options.apply ?? {},
        });
    },
    async applyQueued(apply) {
      while (queued.length) await applyBatch(db, access, queued.shift()!, apply ?? options.apply);
    },
    request: (o) =>
      app.inject({ ...o, headers: { ...headers, ...(o.headers as Record<string, string>) } }),
    async dispose() {
      await app.close();
      await boss?.stop({ graceful: false, timeout: 2000 });
      await database.dispose();
      await sandbox.app.close();
    },
  };
}
