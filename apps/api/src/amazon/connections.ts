import { createHash, randomBytes } from "node:crypto";
import { type Amazon, AmazonError, type Region } from "@starport/amazon";
import { type Database, schema } from "@starport/db";
import {
  type AmazonApi,
  disconnect,
  type SyncEngine,
  saveConnection,
  type TokenCipher,
} from "@starport/sync";
import { and, eq, sql } from "drizzle-orm";
import type { Principal } from "../auth/principal.ts";
import { NotFoundError } from "../errors.ts";

/** What the Amazon connection flow needs besides the database. */
export interface AmazonDependencies {
  amazon: Amazon;
  cipher: TokenCipher;
  engine: SyncEngine;
  /** SP-API application id for the Seller Central consent page. */
  spApplicationId: string;
  /** Public base URL of Starport: the callbacks are `<publicUrl>/sp-api-auth` and `/advertising-api-auth`. */
  publicUrl: string;
  /** Amazon's today (YYYY-MM-DD) where it is not the UTC date: the local sandbox keeps its own
   * calendar. Windows such as "the last 30 days" of a collection rule end the day before. */
  today?: () => Promise<string>;
}

/** Why a connection failed; the error page translates `connection.errors.<reason>`. */
export type ConnectionFailure =
  | "denied"
  | "invalidState"
  | "expiredState"
  | "sessionMismatch"
  | "missingCode"
  | "exchangeFailed";

export type CallbackResult =
  | { ok: true; api: AmazonApi; sellerProfileId: string; returnTo: string; syncRunId: string }
  | { ok: false; reason: ConnectionFailure; returnTo: string };

const STATE_TTL_MS = 15 * 60_000;
const CALLBACK_PATH: Record<AmazonApi, string> = {
  ads: "/advertising-api-auth",
  sp: "/sp-api-auth",
};

const hashState = (state: string) => createHash("sha256").update(state).digest("base64url");

/** Only paths of this app: no scheme, no host, no protocol-relative URL. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/";
  if (/[\\\s]/.test(value)) return "/";
  return value;
}

export function createAmazonConnections(db: Database, deps: AmazonDependencies) {
  async function ownedSellerProfile(principal: Principal, sellerProfileId: string) {
    const id = sellerProfileId.split("/").pop() ?? "";
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundError();
    const [profile] = await db
      .select()
      .from(schema.sellerProfiles)
      .where(
        and(
          eq(schema.sellerProfiles.id, id),
          eq(schema.sellerProfiles.customerId, principal.customerId),
        ),
      );
    if (!profile) throw new NotFoundError();
    return profile;
  }

  /** Starts Login with Amazon: a single-use state tied to the signed-in user, and the consent URL. */
  async function start(
    principal: Principal,
    input: { api: AmazonApi; sellerProfile: string; region: Region; returnTo?: string | undefined },
  ): Promise<{ url: string }> {
    const profile = await ownedSellerProfile(principal, input.sellerProfile);
    const state = randomBytes(32).toString("base64url");
    await db.delete(schema.amazonAuthorizationStates).where(sql`expires_at < now()`);
    await db.insert(schema.amazonAuthorizationStates).values({
      stateHash: hashState(state),
      userId: principal.userId,
      customerId: principal.customerId,
      sellerProfileId: profile.id,
      sessionId: principal.tokenId,
      api: input.api,
      region: input.region,
      returnTo: safeReturnTo(input.returnTo),
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    const redirectUri = `${deps.publicUrl}${CALLBACK_PATH[input.api]}`;
    const url =
      input.api === "ads"
        ? deps.amazon.lwa.adsAuthorizationUrl({ region: input.region, redirectUri, state })
        : deps.amazon.lwa.spAuthorizationUrl({
            region: input.region,
            applicationId: deps.spApplicationId,
            redirectUri,
            state,
          });
    return { url };
  }

  /**
   * Completes the callback: the state must be one this user started (single use, 15 minutes);
   * the code is exchanged, the refresh token stored encrypted, profiles or participations are
   * fetched at once (the success page shows them) and the full sync is queued.
   */
  async function complete(
    principal: Principal,
    api: AmazonApi,
    query: Record<string, string | undefined>,
  ): Promise<CallbackResult> {
    const state = query.state ?? "";
    const [pending] = state
      ? await db
          .delete(schema.amazonAuthorizationStates)
          .where(eq(schema.amazonAuthorizationStates.stateHash, hashState(state)))
          .returning()
      : [];
    if (!pending || pending.api !== api)
      return { ok: false, reason: "invalidState", returnTo: "/" };
    const returnTo = pending.returnTo;
    if (pending.userId !== principal.userId || pending.customerId !== principal.customerId) {
      return { ok: false, reason: "sessionMismatch", returnTo: "/" };
    }
    if (pending.expiresAt.getTime() < Date.now())
      return { ok: false, reason: "expiredState", returnTo };
    if (query.error) return { ok: false, reason: "denied", returnTo };
    const code = api === "ads" ? query.code : query.spapi_oauth_code;
    if (!code || (api === "sp" && !query.selling_partner_id)) {
      return { ok: false, reason: "missingCode", returnTo };
    }
    let refreshToken: string;
    try {
      const tokens = await deps.amazon.lwa.exchangeCode({
        code,
        redirectUri: `${deps.publicUrl}${CALLBACK_PATH[api]}`,
      });
      refreshToken = tokens.refreshToken as string;
    } catch (error) {
      if (error instanceof AmazonError) return { ok: false, reason: "exchangeFailed", returnTo };
      throw error;
    }
    await saveConnection(db, deps.cipher, {
      sellerProfileId: pending.sellerProfileId,
      api,
      region: pending.region,
      refreshToken,
      sellingPartnerId: api === "sp" ? (query.selling_partner_id ?? null) : null,
    });
    // The success page lists what the connection brought: fetch it now, the rest as a job.
    await deps.engine.runInline(
      pending.sellerProfileId,
      api === "ads" ? "profiles" : "participations",
    );
    const initial = await deps.engine.requestSync(pending.sellerProfileId, "initial");
    await markOnboardingStep(principal.userId, api === "ads" ? "advertising-api" : "sp-api");
    return {
      ok: true,
      api,
      sellerProfileId: pending.sellerProfileId,
      returnTo,
      syncRunId: initial.id,
    };
  }

  /** The getting-started stepper's step counts as done once its connection exists. */
  async function markOnboardingStep(userId: string, step: string) {
    await db.execute(sql`
      update onboarding_progress
      set completed_steps = array_append(completed_steps, ${step}),
          skipped_steps = array_remove(skipped_steps, ${step}), updated_at = now()
      where user_id = ${userId} and not (${step} = any(completed_steps))`);
  }

  async function list(principal: Principal, sellerProfile: string) {
    const profile = await ownedSellerProfile(principal, sellerProfile);
    const rows = await db
      .select()
      .from(schema.amazonConnections)
      .where(eq(schema.amazonConnections.sellerProfileId, profile.id))
      .orderBy(schema.amazonConnections.api, schema.amazonConnections.region);
    return {
      "@id": `/api/amazon/connections?sellerProfile=${profile.id}`,
      member: rows.map((c) => ({
        id: c.id,
        api: c.api,
        region: c.region,
        status: c.status,
        sellingPartnerId: c.sellingPartnerId,
        lastError: c.lastError,
        connectedAt: c.connectedAt.toISOString(),
      })),
    };
  }

  async function remove(principal: Principal, sellerProfile: string, api: AmazonApi) {
    const profile = await ownedSellerProfile(principal, sellerProfile);
    const rows = await disconnect(db, profile.id, api);
    if (rows.length === 0) throw new NotFoundError();
  }

  async function requestSync(principal: Principal, sellerProfile: string, kind: string) {
    const profile = await ownedSellerProfile(principal, sellerProfile);
    const allowed = ["initial", "daily", "entities", "reports", "listings"] as const;
    const k = (allowed as readonly string[]).includes(kind)
      ? (kind as (typeof allowed)[number])
      : "daily";
    return deps.engine.requestSync(profile.id, k);
  }

  return { start, complete, list, remove, requestSync, ownedSellerProfile };
}

export type AmazonConnections = ReturnType<typeof createAmazonConnections>;
