import { describe, expect, it } from "vitest";
import { AmazonAuthError, AmazonInputError, AmazonResponseError } from "../src/errors.ts";
import { LwaClient } from "../src/lwa.ts";
import { Transport } from "../src/transport.ts";
import { json, scriptedFetch, virtualClock } from "./helpers.ts";

function setup(fetch: ReturnType<typeof scriptedFetch>) {
  const clock = virtualClock();
  const transport = new Transport({ fetch, now: clock.now, sleep: clock.sleep, random: () => 0.5 });
  const lwa = new LwaClient({
    clientId: "amzn1.application-oa2-client.abc",
    clientSecret: "s3cret",
    transport,
  });
  return { clock, lwa };
}

let counter = 0;
const tokenResponse = () =>
  json(200, {
    access_token: `Atza|token-${++counter}`,
    token_type: "bearer",
    expires_in: 3600,
    refresh_token: "Atzr|R",
  });

describe("authorization URLs", () => {
  const { lwa } = setup(scriptedFetch(tokenResponse));

  it("builds the regional Ads consent URL", () => {
    const url = new URL(
      lwa.adsAuthorizationUrl({ region: "EU", redirectUri: "https://app.test/cb", state: "xyz" }),
    );
    expect(url.origin + url.pathname).toBe("https://eu.account.amazon.com/ap/oa");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "amzn1.application-oa2-client.abc",
      scope: "advertising::campaign_management",
      response_type: "code",
      redirect_uri: "https://app.test/cb",
      state: "xyz",
    });
    const pkce = new URL(
      lwa.adsAuthorizationUrl({ region: "NA", redirectUri: "https://a/b", codeChallenge: "cc" }),
    );
    expect(pkce.host).toBe("www.amazon.com");
    expect(pkce.searchParams.get("code_challenge_method")).toBe("S256");
  });

  it("builds the SP-API consent URL and parses the callback", () => {
    const url = new URL(
      lwa.spAuthorizationUrl({
        region: "FE",
        applicationId: "amzn1.sellerapps.app.1",
        state: "s1",
        beta: true,
      }),
    );
    expect(url.host).toBe("sellercentral.amazon.co.jp");
    expect(url.pathname).toBe("/apps/authorize/consent");
    expect(url.searchParams.get("application_id")).toBe("amzn1.sellerapps.app.1");
    expect(url.searchParams.get("version")).toBe("beta");
    expect(
      LwaClient.parseSpCallback("state=s1&selling_partner_id=A3F&spapi_oauth_code=ANDx"),
    ).toEqual({
      state: "s1",
      sellingPartnerId: "A3F",
      spapiOauthCode: "ANDx",
      mwsAuthToken: undefined,
    });
    expect(LwaClient.parseSpCallback("state=s1")).toBeUndefined();
  });

  it("uses configured endpoints (e.g. the sandbox)", () => {
    const custom = new LwaClient({
      clientId: "c",
      clientSecret: "s",
      endpoints: {
        adsConsentUrl: "http://127.0.0.1:9/ap/oa",
        spConsentUrl: "http://127.0.0.1:9/apps/authorize/consent",
      },
    });
    expect(custom.adsAuthorizationUrl({ region: "FE", redirectUri: "x" })).toMatch(
      /^http:\/\/127\.0\.0\.1:9\/ap\/oa\?/,
    );
    expect(custom.spAuthorizationUrl({ region: "EU", applicationId: "a", state: "s" })).toMatch(
      /^http:\/\/127\.0\.0\.1:9\/apps\/authorize\/consent\?/,
    );
  });

  it("rejects missing credentials", () => {
    expect(() => new LwaClient({ clientId: "", clientSecret: "x" })).toThrow(AmazonInputError);
  });
});

describe("token grants", () => {
  it("exchanges a code with a form body and caches the result", async () => {
    const fetch = scriptedFetch(tokenResponse);
    const { lwa, clock } = setup(fetch);
    const tokens = await lwa.exchangeCode({ code: "ANxyz", redirectUri: "https://app.test/cb" });
    expect(tokens.refreshToken).toBe("Atzr|R");
    expect(tokens.expiresAt).toBe(clock.state.now + 3600_000);
    const call = fetch.calls[0];
    expect(call?.url).toBe("https://api.amazon.com/auth/o2/token");
    expect(call?.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(call?.body))).toEqual({
      grant_type: "authorization_code",
      code: "ANxyz",
      redirect_uri: "https://app.test/cb",
      client_id: "amzn1.application-oa2-client.abc",
      client_secret: "s3cret",
    });
    // The exchange primed the cache: no refresh needed.
    expect(await lwa.getAccessToken("Atzr|R")).toBe(tokens.accessToken);
    expect(fetch.calls).toHaveLength(1);
  });

  it("surfaces invalid_grant as AmazonAuthError without retrying", async () => {
    const fetch = scriptedFetch(() =>
      json(400, {
        error: "invalid_grant",
        error_description: "The request has an invalid grant parameter : code",
      }),
    );
    const { lwa } = setup(fetch);
    await expect(lwa.exchangeCode({ code: "old" })).rejects.toBeInstanceOf(AmazonAuthError);
    await expect(lwa.refresh("Atzr|revoked")).rejects.toMatchObject({
      code: "invalid_grant",
      status: 400,
    });
    expect(fetch.calls).toHaveLength(2);
  });

  it("rejects malformed token responses", async () => {
    const { lwa } = setup(scriptedFetch(() => json(200, { token_type: "bearer" })));
    await expect(lwa.refresh("Atzr|x")).rejects.toBeInstanceOf(AmazonResponseError);
  });
});

describe("access-token cache", () => {
  it("reuses the token until 60 s before expiry, then refreshes", async () => {
    const fetch = scriptedFetch(tokenResponse);
    const { lwa, clock } = setup(fetch);
    const first = await lwa.getAccessToken("Atzr|A");
    clock.state.now += 3600_000 - 61_000;
    expect(await lwa.getAccessToken("Atzr|A")).toBe(first);
    expect(fetch.calls).toHaveLength(1);
    clock.state.now += 2_000; // now within the 60 s window
    const second = await lwa.getAccessToken("Atzr|A");
    expect(second).not.toBe(first);
    expect(fetch.calls).toHaveLength(2);
    expect(new URLSearchParams(fetch.calls[1]?.body).get("grant_type")).toBe("refresh_token");
    expect(new URLSearchParams(fetch.calls[1]?.body).get("refresh_token")).toBe("Atzr|A");
  });

  it("concurrent callers share one in-flight refresh; tokens are cached per refresh token", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const fetch = scriptedFetch(async () => {
      await gate;
      return tokenResponse();
    });
    const { lwa } = setup(fetch);
    const waiting = Promise.all([1, 2, 3, 4, 5].map(() => lwa.getAccessToken("Atzr|shared")));
    release();
    const tokens = await waiting;
    expect(new Set(tokens).size).toBe(1);
    expect(fetch.calls).toHaveLength(1);
    const other = await lwa.getAccessToken("Atzr|other");
    expect(other).not.toBe(tokens[0]);
    expect(fetch.calls).toHaveLength(2);
  });

  it("a failed refresh is not cached: the next caller tries again", async () => {
    const fetch = scriptedFetch(
      () => json(400, { error: "invalid_grant", error_description: "x" }),
      tokenResponse,
    );
    const { lwa } = setup(fetch);
    await expect(lwa.getAccessToken("Atzr|B")).rejects.toBeInstanceOf(AmazonAuthError);
    await expect(lwa.getAccessToken("Atzr|B")).resolves.toMatch(/^Atza\|/);
  });

  it("invalidate() forces a refresh", async () => {
    const fetch = scriptedFetch(tokenResponse);
    const { lwa } = setup(fetch);
    await lwa.getAccessToken("Atzr|C");
    lwa.invalidate("Atzr|C");
    await lwa.getAccessToken("Atzr|C");
    expect(fetch.calls).toHaveLength(2);
  });
});
