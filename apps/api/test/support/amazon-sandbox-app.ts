import { createAmazon } from "@starport/amazon";
import { createSandbox, DEMO_CLIENT, type Sandbox } from "@starport/amazon-sandbox";
import { type PgBoss, schema, seedDemoData, startJobs } from "@starport/db";
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from "@starport/db/testing";
import { createSyncEngine, createTokenCipher, saveConnection } from "@starport/sync";
import { eq } from "drizzle-orm";
import { type FastifyInstance, fastify } from "fastify";
import { createTokenService } from "../../src/auth/tokens.ts";
import { apiPlugin } from "../../src/index.ts";
import { startProductImportJobs } from "../../src/product-imports/jobs.ts";

/**
 * The API against the local Amazon sandbox, for tests of Amazon-backed features: a sandbox on a
 * free port with a demo seller, a test database with the demo data, the API plugin with Amazon
 * clients pointed at the sandbox (fast retries, no rate limiting), product-import jobs on pg-boss
 * when `importsDataDir` is given, and helpers to sign in and connect a seller profile.
 */

export const SANDBOX_SELLER = "A3SANDBOXDEMO01";
export const DE_MARKETPLACE_ID = "A1PA6795UKMFR9";

export async function startSandbox(seed: number): Promise<{ sandbox: Sandbox; url: string }> {
  const sandbox = createSandbox({ seed, productsPerMarketplace: 12, reportPollsUntilReady: 1 });
  const url = await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
  sandbox.state.baseUrl = url;
  return { sandbox, url };
}

export interface AmazonTestApp {
  t: TestDatabase;
  app: FastifyInstance;
  db: TestDatabase["connection"]["db"];
  /** The Amazon clients the API uses (pointed at the sandbox), and the token cipher. */
  amazon: ReturnType<typeof createAmazon>;
  cipher: ReturnType<typeof createTokenCipher>;
  login(email: string, password: string): Promise<string>;
  /** A new seller profile of the demo customer, connected (SP-API, EU) to the sandbox seller. */
  connectedProfile(name: string): Promise<{ sellerProfileId: string; sellerAccountId: string }>;
  dispose(): Promise<void>;
}

export async function openAmazonTestApp(
  kind: TestDatabaseKind,
  sandbox: Sandbox,
  sandboxUrl: string,
  options: {
    importsDataDir?: string;
    /** Amazon's rate limits on our side, as in production (off by default: tests run fast). */
    rateLimiting?: boolean;
  } = {},
): Promise<AmazonTestApp> {
  const cipher = createTokenCipher("k".repeat(40));
  const t = await openTestDatabase(kind);
  const db = t.connection.db;
  await seedDemoData(db);
  const regional = { NA: `${sandboxUrl}/na`, EU: `${sandboxUrl}/eu`, FE: `${sandboxUrl}/fe` };
  const amazon = createAmazon({
    clientId: DEMO_CLIENT.clientId,
    clientSecret: DEMO_CLIENT.clientSecret,
    endpoints: {
      lwaTokenUrl: `${sandboxUrl}/auth/o2/token`,
      adsConsentUrl: `${sandboxUrl}/ap/oa`,
      spConsentUrl: `${sandboxUrl}/apps/authorize/consent`,
      adsHosts: regional,
      spHosts: regional,
    },
    retry: { baseDelayMs: 20, maxDelayMs: 200 },
    rateLimiting: options.rateLimiting ?? false,
  });
  const engine = createSyncEngine({ db, amazon, cipher, today: () => sandbox.control.today() });
  const boss: PgBoss | undefined = options.importsDataDir
    ? await startJobs(t.connection)
    : undefined;
  const productImports =
    boss && options.importsDataDir
      ? await startProductImportJobs(boss, db, {
          dataDir: options.importsDataDir,
          pollingIntervalSeconds: 0.5,
          amazon: { amazon, cipher },
          reportPoll: { initialIntervalMs: 20, maxIntervalMs: 100 },
        })
      : undefined;
  const app = fastify();
  await app.register(
    async (api) =>
      apiPlugin(api, {
        db,
        tokens: createTokenService({ secret: "s".repeat(40), db }),
        databaseDriver: t.connection.kind,
        pingDatabase: async () => {},
        pingJobs: async () => {},
        ...(productImports ? { productImports } : {}),
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
  return {
    t,
    app,
    db,
    amazon,
    cipher,
    async login(email, password) {
      const res = await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email, password },
      });
      return res.json().token as string;
    },
    async connectedProfile(name) {
      const [user] = await db
        .select()
        .from(schema.users)
        .where(eq(schema.users.email, "demo@starport.dev"));
      const [profile] = await db
        .insert(schema.sellerProfiles)
        .values({ customerId: user!.customerId, name })
        .returning();
      await saveConnection(db, cipher, {
        sellerProfileId: profile!.id,
        api: "sp",
        region: "EU",
        sellingPartnerId: SANDBOX_SELLER,
        refreshToken: sandbox.control.issueRefreshToken({ sellerId: SANDBOX_SELLER, api: "sp" }),
      });
      const [account] = await db
        .insert(schema.sellerAccounts)
        .values({
          sellerProfileId: profile!.id,
          name: "EU",
          sellingPartnerId: SANDBOX_SELLER,
          marketplaceParticipations: [{ marketplace: "DE", isParticipating: true }],
        })
        .returning();
      return { sellerProfileId: profile!.id, sellerAccountId: account!.id };
    },
    async dispose() {
      await app.close();
      await boss?.stop({ graceful: false, timeout: 2000 });
      await t.dispose();
    },
  };
}
