/**
 * Login with Amazon: consent pages (Ads `/ap/oa`, SP-API `/apps/authorize/consent`), the token
 * endpoint (`/auth/o2/token`) and access-token checks for both APIs.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** SP-API application id (`amzn1.sellerapps.app.<uuid>`) used by the Seller Central consent page. */
  applicationId?: string;
  /** Allowed return URLs; empty or absent = any http(s) URL. */
  redirectUris?: string[];
}

export interface Grant {
  clientId: string;
  sellerId: string;
  scope: string;
  api: "ads" | "sp";
  /** When a refresh token was issued (ms). */
  issuedAt?: number;
}

interface CodeRecord extends Grant {
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

interface AccessRecord extends Grant {
  expiresAt: number;
}

export const DEMO_CLIENT: ClientCredentials = {
  clientId: "amzn1.application-oa2-client.starportsandbox0000000000000000",
  clientSecret: "amzn1.oa2-cs.v1.starport-sandbox-demo-secret",
  applicationId: "amzn1.sellerapps.app.00000000-0000-4000-8000-5a4db0c5a4d0",
};

function token(prefix: string, bytes = 48): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}

export class AuthStore {
  readonly clients = new Map<string, ClientCredentials>();
  private codes = new Map<string, CodeRecord>();
  private access = new Map<string, AccessRecord>();
  private refresh = new Map<string, Grant>();
  private now: () => number;

  /**
   * Where the refresh tokens are kept across restarts (Amazon's outlive any process): Starport's
   * database holds them, so a sandbox that forgot them would answer invalid_grant after a restart.
   * Access tokens and codes are short-lived and stay in memory.
   */
  private persistFile: string | undefined;

  constructor(clients: ClientCredentials[], now: () => number, persistFile?: string) {
    for (const c of clients) this.clients.set(c.clientId, c);
    this.now = now;
    this.persistFile = persistFile;
    if (persistFile) {
      let saved: [string, Grant][] = [];
      try {
        saved = (JSON.parse(readFileSync(persistFile, "utf8")) as { refresh: [string, Grant][] })
          .refresh;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
      for (const [rt, grant] of saved) this.refresh.set(rt, grant);
    }
  }

  /** Writes the refresh tokens (a whole new file renamed over the old: never half-written). */
  private persist(): void {
    if (!this.persistFile) return;
    mkdirSync(dirname(this.persistFile), { recursive: true });
    const temporary = `${this.persistFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ refresh: [...this.refresh] }), { mode: 0o600 });
    renameSync(temporary, this.persistFile);
  }

  clientByApplicationId(applicationId: string): ClientCredentials | undefined {
    for (const c of this.clients.values()) if (c.applicationId === applicationId) return c;
    return undefined;
  }

  redirectAllowed(client: ClientCredentials, redirectUri: string): boolean {
    let url: URL;
    try {
      url = new URL(redirectUri);
    } catch {
      return false;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return false;
    if (!client.redirectUris || client.redirectUris.length === 0) return true;
    return client.redirectUris.includes(redirectUri);
  }

  issueCode(grant: Grant, redirectUri: string): string {
    const code = token(grant.api === "ads" ? "ANSandbox" : "RHSandbox", 15);
    this.codes.set(code, {
      ...grant,
      redirectUri,
      expiresAt: this.now() + 5 * 60_000,
      used: false,
    });
    return code;
  }

  /** Issues tokens directly (tests and the demo): returns a refresh token for a seller. */
  issueRefreshToken(grant: Grant): string {
    const rt = token("Atzr|");
    this.refresh.set(rt, { ...grant, issuedAt: this.now() });
    this.persist();
    return rt;
  }

  private issueAccess(grant: Grant): { access_token: string; expires_in: number } {
    const at = token("Atza|");
    // issuedAt: its refresh token's (revoked with it), or now for a code exchange's first token.
    this.access.set(at, {
      ...grant,
      issuedAt: grant.issuedAt ?? this.now(),
      expiresAt: this.now() + 3600_000,
    });
    return { access_token: at, expires_in: 3600 };
  }

  /** Handles a token-endpoint request. Returns status and OAuth body. */
  tokenRequest(body: Record<string, unknown>): { status: number; body: Record<string, unknown> } {
    const str = (k: string): string | undefined =>
      typeof body[k] === "string" ? (body[k] as string) : undefined;
    const grantType = str("grant_type");
    const clientId = str("client_id");
    const clientSecret = str("client_secret");
    const err = (status: number, error: string, description: string) => ({
      status,
      body: { error_description: description, error },
    });
    if (!grantType)
      return err(
        400,
        "invalid_request",
        "The request is missing a required parameter : grant_type",
      );
    if (!["authorization_code", "refresh_token", "client_credentials"].includes(grantType))
      return err(
        400,
        "unsupported_grant_type",
        `The authorization grant type is not supported : ${grantType}`,
      );
    if (!clientId)
      return err(400, "invalid_request", "The request is missing a required parameter : client_id");
    if (!clientSecret)
      return err(
        400,
        "invalid_request",
        "The request is missing a required parameter : client_secret",
      );
    const client = this.clients.get(clientId);
    if (!client || client.clientSecret !== clientSecret)
      return err(401, "invalid_client", "Client authentication failed");
    if (grantType === "authorization_code") {
      const code = str("code");
      if (!code)
        return err(400, "invalid_request", "The request is missing a required parameter : code");
      const rec = this.codes.get(code);
      if (!rec || rec.used || rec.expiresAt < this.now() || rec.clientId !== clientId)
        return err(400, "invalid_grant", "The request has an invalid grant parameter : code");
      const redirectUri = str("redirect_uri");
      if (rec.api === "ads" && redirectUri !== undefined && redirectUri !== rec.redirectUri)
        return err(
          400,
          "invalid_grant",
          "The request has an invalid grant parameter : redirect_uri",
        );
      rec.used = true;
      const grant: Grant = { clientId, sellerId: rec.sellerId, scope: rec.scope, api: rec.api };
      const refreshToken = this.issueRefreshToken(grant);
      return {
        status: 200,
        body: { ...this.issueAccess(grant), refresh_token: refreshToken, token_type: "bearer" },
      };
    }
    if (grantType === "refresh_token") {
      const rt = str("refresh_token");
      if (!rt)
        return err(
          400,
          "invalid_request",
          "The request is missing a required parameter : refresh_token",
        );
      const grant = this.refresh.get(rt);
      if (!grant || grant.clientId !== clientId)
        return err(
          400,
          "invalid_grant",
          "The request has an invalid grant parameter : refresh_token",
        );
      return {
        status: 200,
        body: { ...this.issueAccess(grant), refresh_token: rt, token_type: "bearer" },
      };
    }
    const scope = str("scope");
    if (!scope?.startsWith("sellingpartnerapi::"))
      return err(400, "invalid_scope", "An unknown scope was requested");
    return {
      status: 200,
      body: {
        ...this.issueAccess({ clientId, sellerId: "", scope, api: "sp" }),
        scope,
        token_type: "bearer",
      },
    };
  }

  /** Looks an access token up: the grant, "expired", or undefined (unknown). */
  checkAccess(accessToken: string): AccessRecord | "expired" | undefined {
    const rec = this.access.get(accessToken);
    if (!rec) return undefined;
    if (rec.expiresAt < this.now()) return "expired";
    return rec;
  }

  /** Expires every access token (tests of the refresh path). */
  expireAllAccessTokens(): void {
    for (const rec of this.access.values()) rec.expiresAt = 0;
  }

  revokeRefreshToken(rt: string): boolean {
    const revoked = this.refresh.delete(rt);
    if (revoked) this.persist();
    return revoked;
  }

  /**
   * The seller withdrew the app's authorisation in Seller Central / Amazon Ads: its refresh
   * tokens for that API issued at or after `since` (ms) stop working (invalid_grant).
   */
  revokeGrants(sellerId: string, api: "ads" | "sp", since = 0): number {
    let revoked = 0;
    for (const [rt, grant] of this.refresh)
      if (grant.sellerId === sellerId && grant.api === api && (grant.issuedAt ?? 0) >= since) {
        this.refresh.delete(rt);
        revoked += 1;
      }
    // Their access tokens end with them.
    for (const [at, rec] of this.access)
      if (rec.sellerId === sellerId && rec.api === api && (rec.issuedAt ?? 0) >= since)
        this.access.delete(at);
    if (revoked) this.persist();
    return revoked;
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function consentPage(args: {
  title: string;
  appName: string;
  action: string;
  hidden: Record<string, string>;
  sellers: { sellerId: string; name: string }[];
}): string {
  const hidden = Object.entries(args.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("\n      ");
  const options = args.sellers
    .map(
      (s, i) =>
        `<label><input type="radio" name="seller_id" value="${escapeHtml(s.sellerId)}"${i === 0 ? " checked" : ""}> ${escapeHtml(s.name)} <code>${escapeHtml(s.sellerId)}</code></label><br>`,
    )
    .join("\n      ");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(args.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}button{padding:.5rem 1.5rem;font-size:1rem}fieldset{margin:1rem 0}</style>
</head><body>
  <h1>${escapeHtml(args.title)}</h1>
  <p><strong>${escapeHtml(args.appName)}</strong> would like to access your sandbox seller account.</p>
  <form method="post" action="${escapeHtml(args.action)}">
    <fieldset><legend>Sandbox seller</legend>
      ${options}
    </fieldset>
      ${hidden}
    <button type="submit" name="decision" value="allow">Authorise</button>
    <button type="submit" name="decision" value="deny">Cancel</button>
  </form>
</body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><h1>Authorisation error</h1><p>${escapeHtml(message)}</p></body></html>`;
}
