import { type AmazonEndpoints, createAmazon } from "@starport/amazon";
import type { AmazonDependencies } from "@starport/api";
import type { Config } from "@starport/config";
import { type DatabaseConnection, DEMO_SELLER_IDS, type PgBoss, schema } from "@starport/db";
import {
  createSyncEngine,
  createTokenCipher,
  resolveTokenKey,
  type SyncEngine,
  saveConnection,
} from "@starport/sync";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";

/** The sandbox's demo LwA client (packages/amazon-sandbox DEMO_CLIENT): the default with the sandbox. */
const SANDBOX_CLIENT = {
  clientId: "amzn1.application-oa2-client.starportsandbox0000000000000000",
  clientSecret: "amzn1.oa2-cs.v1.starport-sandbox-demo-secret",
  applicationId: "amzn1.sellerapps.app.00000000-0000-4000-8000-5a4db0c5a4d0",
};
const SANDBOX_DEMO_SELLER = "A3SANDBOXDEMO01";

export interface AmazonRuntime {
  deps: AmazonDependencies;
  engine: SyncEngine;
  /**
   * Amazon's calendar day when it is not the real one (the sandbox keeps its own); Hangar's date
   * ranges end there. Absent: the real clock in the marketplace's time zone.
   */
  today?: () => Promise<string>;
  /**
   * {@link today} for rendering pages, read at most once per {@link PAGE_TODAY_TTL_MS}: every
   * Hangar page asks for it, and the sandbox's day moves only when someone advances its clock.
   * Jobs (syncs, the optimiser) keep reading {@link today} itself.
   */
  pageToday?: () => Promise<string>;
  stop(): Promise<void>;
}

/** How long a page may show the sandbox's day after its clock was advanced. */
export const PAGE_TODAY_TTL_MS = 1_000;

/**
 * `read`'s answer for `ttlMs`, shared by the calls meanwhile (one read in flight at most). A
 * failed read is not kept: the next call reads again. Only for values that are the same for
 * every request (never a customer's data).
 */
export function cachedFor<T>(
  read: () => Promise<T>,
  ttlMs: number,
  now: () => number = Date.now,
): () => Promise<T> {
  let cached: { value: Promise<T>; until: number } | null = null;
  return () => {
    const at = now();
    if (cached && at < cached.until) return cached.value;
    const entry = { value: read(), until: at + ttlMs };
    cached = entry;
    entry.value.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.value;
  };
}

/** Every Amazon endpoint under one base URL, the way the sandbox serves them. */
function sandboxEndpoints(base: string): AmazonEndpoints {
  const regional = { NA: `${base}/na`, EU: `${base}/eu`, FE: `${base}/fe` };
  return {
    lwaTokenUrl: `${base}/auth/o2/token`,
    adsConsentUrl: `${base}/ap/oa`,
    spConsentUrl: `${base}/apps/authorize/consent`,
    adsHosts: regional,
    spHosts: regional,
  };
}

/**
 * Amazon clients, token encryption and the sync engine (jobs on pg-boss): its workers start in the
 * roles that run workers. Undefined without LwA client credentials (and no sandbox): the
 * connection routes are then not served and no sync runs.
 */
export async function startAmazonRuntime(
  config: Config,
  database: DatabaseConnection,
  jobs: PgBoss,
  log: FastifyBaseLogger,
): Promise<AmazonRuntime | undefined> {
  const base = config.amazon.apiBaseUrl;
  const useSandboxClient = Boolean(base) && !config.amazon.clientId;
  const clientId =
    config.amazon.clientId ?? (useSandboxClient ? SANDBOX_CLIENT.clientId : undefined);
  const clientSecret =
    config.amazon.clientSecret ?? (useSandboxClient ? SANDBOX_CLIENT.clientSecret : undefined);
  if (!clientId || !clientSecret) return undefined;
  const amazon = createAmazon({
    clientId,
    clientSecret,
    rateLimiting: config.amazon.clientRateLimits,
    ...(base ? { endpoints: sandboxEndpoints(base) } : {}),
  });
  const cipher = createTokenCipher(
    resolveTokenKey(config.amazon.tokenEncryptionKey, config.dataDir),
  );
  // One base URL for every endpoint is the sandbox's layout (started here or standalone): the
  // sandbox keeps its own calendar, and its "today" ends the report windows.
  const sandboxToday = base ? () => readSandboxToday(base) : undefined;
  const pageToday = base ? sandboxPageToday(base) : undefined;
  const engine = createSyncEngine({
    db: database.db,
    amazon,
    cipher,
    boss: jobs,
    log,
    ...(sandboxToday
      ? {
          today: sandboxToday,
          poll: { initialIntervalMs: 200, maxIntervalMs: 2_000 },
          // No history before the sandbox's first simulated day.
          initialReportDays: Math.min(90, config.amazonSandbox.demoDays),
        }
      : {}),
  });
  // Workers (roles all and worker) run the queued syncs; a web process only queues them.
  if (config.runsWorkers) await engine.start();
  const runtime: AmazonRuntime = {
    engine,
    ...(sandboxToday && pageToday ? { today: sandboxToday, pageToday } : {}),
    deps: {
      amazon,
      cipher,
      engine,
      spApplicationId:
        config.amazon.spApplicationId ?? (useSandboxClient ? SANDBOX_CLIENT.applicationId : ""),
      publicUrl: config.publicUrl,
      ...(sandboxToday ? { today: sandboxToday } : {}),
    },
    stop: () => engine.stop(),
  };
  if (config.servesHttp && config.seedDemo && config.amazonSandbox.enabled && base) {
    // The sandbox starts right after the server: connect the demo seller once it answers.
    void connectDemoSeller(database, runtime, base, log);
  }
  return runtime;
}

/**
 * The demo customer's seller profile connected to the sandbox's demo seller (Ads + SP-API, EU),
 * and its initial sync queued as a job, once: later starts find the connection and leave it.
 */
async function connectDemoSeller(
  database: DatabaseConnection,
  runtime: AmazonRuntime,
  base: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const db = database.db;
  const sellerProfileId = DEMO_SELLER_IDS.sellerProfile;
  try {
    const existing = await db
      .select()
      .from(schema.amazonConnections)
      .where(
        and(
          eq(schema.amazonConnections.sellerProfileId, sellerProfileId),
          eq(schema.amazonConnections.api, "ads"),
        ),
      );
    if (existing.length > 0) return;
    const token = async (api: "ads" | "sp") => {
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await fetch(`${base}/__sandbox/tokens`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ sellerId: SANDBOX_DEMO_SELLER, api }),
          });
          if (response.ok)
            return ((await response.json()) as { refresh_token: string }).refresh_token;
        } catch {
          // Not listening yet.
        }
        if (attempt > 600) throw new Error("the Amazon sandbox did not start");
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    const [ads, sp] = [await token("ads"), await token("sp")];
    const cipher = runtime.deps.cipher;
    await saveConnection(db, cipher, {
      sellerProfileId,
      api: "sp",
      region: "EU",
      refreshToken: sp,
      sellingPartnerId: SANDBOX_DEMO_SELLER,
    });
    await saveConnection(db, cipher, {
      sellerProfileId,
      api: "ads",
      region: "EU",
      refreshToken: ads,
    });
    const run = await runtime.engine.requestSync(sellerProfileId, "initial");
    log.info(
      { syncRun: run.id },
      "demo seller connected to the Amazon sandbox; initial sync queued",
    );
  } catch (error) {
    log.error({ err: error }, "connecting the demo seller to the Amazon sandbox failed");
  }
}

/** The sandbox's day for rendering pages: {@link AmazonRuntime.pageToday}. */
export function sandboxPageToday(base: string, now: () => number = Date.now) {
  return cachedFor(() => readSandboxToday(base), PAGE_TODAY_TTL_MS, now);
}

async function readSandboxToday(base: string): Promise<string> {
  const answer = (await (await fetch(`${base}/__sandbox/today`)).json()) as { today: string };
  return answer.today;
}
