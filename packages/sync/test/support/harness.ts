/**
 * The in-process Amazon sandbox, a seller profile connected to it, and a sync engine pointed at it:
 * exactly the production wiring with the endpoints on the sandbox.
 */
import { type AmazonEndpoints, type AmazonOptions, createAmazon } from "@starport/amazon";
import { createSandbox, DEMO_CLIENT, type Sandbox } from "@starport/amazon-sandbox";
import { type Database, schema } from "@starport/db";
import { saveConnection } from "../../src/connections.ts";
import { createSyncEngine, type SyncEngineOptions } from "../../src/engine.ts";
import { createTokenCipher } from "../../src/secrets.ts";

export const SELLER_ID = "A3SANDBOXDEMO01";
export const cipher = createTokenCipher("test-key-0123456789abcdef0123456789abcdef");

export interface SandboxHarness {
  sandbox: Sandbox;
  baseUrl: string;
  endpoints: AmazonEndpoints;
  close(): Promise<void>;
}

export async function startSandbox(
  demo: { countries?: string[]; days?: number; maxProducts?: number } = {},
  productsPerMarketplace = 12,
): Promise<SandboxHarness> {
  const sandbox = createSandbox({ seed: 11, productsPerMarketplace, reportPollsUntilReady: 2 });
  const baseUrl = await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
  sandbox.state.baseUrl = baseUrl;
  sandbox.control.seedDemoAccount({ countries: ["DE"], days: 7, maxProducts: 5, ...demo });
  return { sandbox, baseUrl, endpoints: endpointsFor(baseUrl), close: () => sandbox.app.close() };
}

export function endpointsFor(baseUrl: string): AmazonEndpoints {
  const regional = { NA: `${baseUrl}/na`, EU: `${baseUrl}/eu`, FE: `${baseUrl}/fe` };
  return {
    lwaTokenUrl: `${baseUrl}/auth/o2/token`,
    adsConsentUrl: `${baseUrl}/ap/oa`,
    spConsentUrl: `${baseUrl}/apps/authorize/consent`,
    adsHosts: regional,
    spHosts: regional,
  };
}

export function amazonFor(endpoints: AmazonEndpoints, extra: Partial<AmazonOptions> = {}) {
  return createAmazon({
    clientId: DEMO_CLIENT.clientId,
    clientSecret: DEMO_CLIENT.clientSecret,
    endpoints,
    retry: { baseDelayMs: 50, maxDelayMs: 1_000, maxAttempts: 10 },
    timeoutMs: 10_000,
    ...extra,
  });
}

/** A customer with a seller profile whose Ads and SP-API connections point at the sandbox seller. */
export async function connectedSeller(
  db: Database,
  h: SandboxHarness,
  name = "Demo GmbH",
  tokens?: { ads?: string; sp?: string },
  sellerId = SELLER_ID,
): Promise<string> {
  const [customer] = await db.insert(schema.customers).values({ name }).returning();
  const [profile] = await db
    .insert(schema.sellerProfiles)
    .values({ customerId: customer?.id as string, name })
    .returning();
  const sellerProfileId = profile?.id as string;
  await saveConnection(db, cipher, {
    sellerProfileId,
    api: "ads",
    region: "EU",
    refreshToken: tokens?.ads ?? h.sandbox.control.issueRefreshToken({ sellerId, api: "ads" }),
  });
  await saveConnection(db, cipher, {
    sellerProfileId,
    api: "sp",
    region: "EU",
    sellingPartnerId: sellerId,
    refreshToken: tokens?.sp ?? h.sandbox.control.issueRefreshToken({ sellerId, api: "sp" }),
  });
  return sellerProfileId;
}

export function engineFor(db: Database, h: SandboxHarness, extra: Partial<SyncEngineOptions> = {}) {
  return createSyncEngine({
    db,
    // Amazon's rate limits are the transport's tests' subject; here they would only add a minute
    // of waiting per full sync (fee estimates: one request per 2 s; total sales: one per SKU).
    amazon: amazonFor(h.endpoints, { rateLimiting: false }),
    cipher,
    poll: { initialIntervalMs: 10, maxIntervalMs: 50 },
    today: () => h.sandbox.control.today(),
    initialReportDays: 7,
    dailyReportDays: 3,
    ...extra,
  });
}

/** Runs a run to its end the way the job queue would: again while a step failed. */
export async function runToEnd(
  engine: ReturnType<typeof createSyncEngine>,
  runId: string,
): Promise<string> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const status = await engine.runSync(runId);
    if (status !== "retrying") return status;
  }
  return "retrying";
}
