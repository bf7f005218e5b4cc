/**
 * Login with Amazon (amazon-api-reference.md §1): consent URLs for the Ads API and the SP-API,
 * authorization-code exchange, refresh-token grant, and an access-token cache per refresh token.
 */
import { type AmazonEndpoints, pickRegional, type Region, resolveEndpoints } from "./config.ts";
import { AmazonInputError, AmazonResponseError } from "./errors.ts";
import { type RateLimit, Transport } from "./transport.ts";

export interface LwaCredentials {
  /** LWA client id (`amzn1.application-oa2-client.…`). */
  clientId: string;
  clientSecret: string;
}

export interface LwaClientOptions extends LwaCredentials {
  endpoints?: Partial<AmazonEndpoints>;
  transport?: Transport;
  /** Refresh this long before the token expires (default 60 000 ms). */
  refreshSkewMs?: number;
}

export interface TokenSet {
  accessToken: string;
  /** Present after a code exchange; on refresh Amazon echoes the same refresh token. */
  refreshToken: string | undefined;
  tokenType: string;
  /** Absolute expiry (ms since epoch, by the transport's clock). */
  expiresAt: number;
}

export interface AdsAuthorizationUrlInput {
  region: Region;
  redirectUri: string;
  state?: string;
  /** Default `advertising::campaign_management`. */
  scope?: string;
  /** PKCE */
  codeChallenge?: string;
  codeChallengeMethod?: "S256" | "plain";
}

export interface SpAuthorizationUrlInput {
  region: Region;
  /** SP-API application id (`amzn1.sellerapps.app.…`). */
  applicationId: string;
  state: string;
  /** Needed only when several redirect URIs are registered. */
  redirectUri?: string;
  /** `version=beta` while the app is in Draft state. */
  beta?: boolean;
}

/** Parameters Amazon appends to the SP-API redirect URI after consent (§1.3 step 3). */
export interface SpAuthorizationCallback {
  state: string;
  sellingPartnerId: string;
  spapiOauthCode: string;
  mwsAuthToken: string | undefined;
}

/** LWA token endpoint: no published quota; keep it gentle. */
const LWA_RATE_LIMIT: RateLimit = { rate: 5, burst: 10 };

export class LwaClient {
  readonly clientId: string;
  private readonly clientSecret: string;
  private readonly endpoints: AmazonEndpoints;
  private readonly transport: Transport;
  private readonly refreshSkewMs: number;
  private readonly cache = new Map<string, TokenSet>();
  private readonly inFlight = new Map<string, Promise<TokenSet>>();

  constructor(options: LwaClientOptions) {
    if (!options.clientId || !options.clientSecret) {
      throw new AmazonInputError("LWA clientId and clientSecret are required");
    }
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    this.endpoints = resolveEndpoints(options.endpoints);
    this.transport = options.transport ?? new Transport();
    this.refreshSkewMs = options.refreshSkewMs ?? 60_000;
  }

  /** Ads API consent URL (`/ap/oa`, §1.2). */
  adsAuthorizationUrl(input: AdsAuthorizationUrlInput): string {
    const url = new URL(pickRegional(this.endpoints.adsConsentUrl, input.region));
    url.searchParams.set("client_id", this.clientId);
    url.searchParams.set("scope", input.scope ?? "advertising::campaign_management");
    url.searchParams.set("response_type", "code");
    url.searchParams.set("redirect_uri", input.redirectUri);
    if (input.state !== undefined) url.searchParams.set("state", input.state);
    if (input.codeChallenge !== undefined) {
      url.searchParams.set("code_challenge", input.codeChallenge);
      url.searchParams.set("code_challenge_method", input.codeChallengeMethod ?? "S256");
    }
    return url.toString();
  }

  /** SP-API website-workflow consent URL (`/apps/authorize/consent`, §1.3). */
  spAuthorizationUrl(input: SpAuthorizationUrlInput): string {
    const url = new URL(pickRegional(this.endpoints.spConsentUrl, input.region));
    url.searchParams.set("application_id", input.applicationId);
    url.searchParams.set("state", input.state);
    if (input.redirectUri !== undefined) url.searchParams.set("redirect_uri", input.redirectUri);
    if (input.beta) url.searchParams.set("version", "beta");
    return url.toString();
  }

  /** Reads the SP-API consent callback query; returns `undefined` if a required parameter is missing. */
  static parseSpCallback(query: URLSearchParams | string): SpAuthorizationCallback | undefined {
    const q = typeof query === "string" ? new URLSearchParams(query) : query;
    const state = q.get("state");
    const sellingPartnerId = q.get("selling_partner_id");
    const spapiOauthCode = q.get("spapi_oauth_code");
    if (!state || !sellingPartnerId || !spapiOauthCode) return undefined;
    return {
      state,
      sellingPartnerId,
      spapiOauthCode,
      mwsAuthToken: q.get("mws_auth_token") ?? undefined,
    };
  }

  /** Exchanges an authorization code (Ads `code` / SP `spapi_oauth_code`) for tokens. */
  async exchangeCode(input: {
    code: string;
    redirectUri?: string;
    signal?: AbortSignal;
  }): Promise<TokenSet> {
    if (!input.code) throw new AmazonInputError("authorization code is required");
    const form = new URLSearchParams({ grant_type: "authorization_code", code: input.code });
    if (input.redirectUri !== undefined) form.set("redirect_uri", input.redirectUri);
    const tokens = await this.grant("lwa.exchangeCode", form, input.signal);
    if (!tokens.refreshToken) {
      throw new AmazonResponseError("lwa.exchangeCode: response has no refresh_token", {
        operation: "lwa.exchangeCode",
      });
    }
    this.cache.set(tokens.refreshToken, tokens);
    return tokens;
  }

  /** Refresh-token grant (always hits the token endpoint; use `getAccessToken` for the cached path). */
  async refresh(refreshToken: string, signal?: AbortSignal): Promise<TokenSet> {
    if (!refreshToken) throw new AmazonInputError("refresh token is required");
    const form = new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken });
    const tokens = await this.grant("lwa.refreshToken", form, signal);
    this.cache.set(refreshToken, tokens);
    return tokens;
  }

  /**
   * Access token for a refresh token, served from cache until `refreshSkewMs` before expiry.
   * Concurrent callers share one in-flight refresh.
   */
  async getAccessToken(refreshToken: string): Promise<string> {
    const cached = this.cache.get(refreshToken);
    if (cached && cached.expiresAt - this.refreshSkewMs > this.transport.now())
      return cached.accessToken;
    let pending = this.inFlight.get(refreshToken);
    if (!pending) {
      // Shared by every waiting caller, so no single caller's AbortSignal may cancel it.
      pending = this.refresh(refreshToken).finally(() => this.inFlight.delete(refreshToken));
      this.inFlight.set(refreshToken, pending);
    }
    return (await pending).accessToken;
  }

  /** Drops the cached access token (e.g. after Amazon rejected it). */
  invalidate(refreshToken: string): void {
    this.cache.delete(refreshToken);
  }

  private async grant(
    operation: string,
    form: URLSearchParams,
    signal?: AbortSignal,
  ): Promise<TokenSet> {
    form.set("client_id", this.clientId);
    form.set("client_secret", this.clientSecret);
    const sentAt = this.transport.now();
    const res = await this.transport.request({
      operation,
      method: "POST",
      url: this.endpoints.lwaTokenUrl,
      headers: {
        "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
        accept: "application/json",
      },
      body: form.toString(),
      // A refresh grant is repeatable; a code exchange retried after a lost answer at worst yields
      // invalid_grant (codes are single-use) and never creates anything twice.
      idempotent: true,
      rateLimit: LWA_RATE_LIMIT,
      signal,
    });
    const b = res.body as Record<string, unknown> | undefined;
    const accessToken = b?.access_token;
    const expiresIn = Number(b?.expires_in);
    if (typeof accessToken !== "string" || accessToken === "" || !Number.isFinite(expiresIn)) {
      throw new AmazonResponseError(`${operation}: token response lacks access_token/expires_in`, {
        operation,
        status: res.status,
      });
    }
    return {
      accessToken,
      refreshToken: typeof b?.refresh_token === "string" ? b.refresh_token : undefined,
      tokenType: typeof b?.token_type === "string" ? b.token_type : "bearer",
      expiresAt: sentAt + expiresIn * 1000,
    };
  }
}
