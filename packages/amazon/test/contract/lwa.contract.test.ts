/** Contract tests: Login with Amazon consent flows, code exchange, refresh and token caching against the sandbox. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AmazonAuthError } from "../../src/errors.ts";
import { LwaClient } from "../../src/lwa.ts";
import { Transport } from "../../src/transport.ts";
import {
  approveConsent,
  checkAnswersAgainstModels,
  DE,
  FR,
  type Harness,
  SELLER_ID,
  startSandbox,
} from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startSandbox();
});
afterAll(() => h.close());
checkAnswersAgainstModels(() => h);

const REDIRECT = "https://starport.test/oauth/callback";

describe("Ads API authorization (website flow)", () => {
  it("consent → code → tokens → the refresh token works against the Ads API", async () => {
    const url = h.amazon.lwa.adsAuthorizationUrl({
      region: "EU",
      redirectUri: REDIRECT,
      state: "ads-state-1",
    });
    expect(url.startsWith(`${h.baseUrl}/ap/oa?`)).toBe(true);
    const callback = await approveConsent(url);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(callback.searchParams.get("state")).toBe("ads-state-1");
    expect(callback.searchParams.get("scope")).toBe("advertising::campaign_management");
    const code = callback.searchParams.get("code") ?? "";

    const tokens = await h.amazon.lwa.exchangeCode({ code, redirectUri: REDIRECT });
    expect(tokens.accessToken).toMatch(/^Atza\|/);
    expect(tokens.refreshToken).toMatch(/^Atzr\|/);
    expect(tokens.expiresAt).toBeGreaterThan(Date.now() + 3500_000);

    const ads = h.amazon.ads({ refreshToken: tokens.refreshToken ?? "", region: "EU" });
    const profiles = await ads.listProfiles();
    expect(profiles.map((p) => p.accountInfo.marketplaceStringId).sort()).toEqual([DE, FR].sort());

    // codes are single-use
    const reused = await h.amazon.lwa
      .exchangeCode({ code, redirectUri: REDIRECT })
      .catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(AmazonAuthError);
    expect(reused).toMatchObject({ status: 400, code: "invalid_grant" });
  });
});

describe("SP-API authorization (website flow)", () => {
  it("consent → spapi_oauth_code → tokens → the refresh token works against the SP-API", async () => {
    const url = h.amazon.lwa.spAuthorizationUrl({
      region: "EU",
      applicationId: "amzn1.sellerapps.app.00000000-0000-4000-8000-5a4db0c5a4d0",
      state: "sp-state-9",
      redirectUri: REDIRECT,
      beta: true,
    });
    const callback = await approveConsent(url);
    const parsed = LwaClient.parseSpCallback(callback.searchParams);
    expect(parsed).toMatchObject({ state: "sp-state-9", sellingPartnerId: SELLER_ID });
    const tokens = await h.amazon.lwa.exchangeCode({ code: parsed?.spapiOauthCode ?? "" });
    const sp = h.amazon.sp({ refreshToken: tokens.refreshToken ?? "", marketplace: "DE" });
    const participations = await sp.getMarketplaceParticipations();
    expect(participations.map((p) => p.marketplace.id)).toContain(DE);
  });
});

describe("refresh grant and access-token cache", () => {
  it("refreshes, caches until expiry, and shares one refresh between concurrent callers", async () => {
    let tokenCalls = 0;
    const transport = new Transport({
      fetch: (input, init) => {
        if (input.endsWith("/auth/o2/token")) tokenCalls++;
        return fetch(input, init);
      },
    });
    const lwa = new LwaClient({
      clientId: h.amazon.lwa.clientId,
      clientSecret: "amzn1.oa2-cs.v1.starport-sandbox-demo-secret",
      endpoints: h.endpoints,
      transport,
    });
    const tokens = await Promise.all(
      Array.from({ length: 8 }, () => lwa.getAccessToken(h.adsRefreshToken)),
    );
    expect(new Set(tokens).size).toBe(1);
    expect(tokenCalls).toBe(1);
    await lwa.getAccessToken(h.adsRefreshToken);
    expect(tokenCalls).toBe(1);
    const refreshed = await lwa.refresh(h.adsRefreshToken);
    expect(refreshed.refreshToken).toBe(h.adsRefreshToken);
    expect(refreshed.accessToken).not.toBe(tokens[0]);
    expect(tokenCalls).toBe(2);
  });

  it("an unknown refresh token and a wrong client secret are AmazonAuthErrors", async () => {
    const unknown = await h.amazon.lwa.refresh("Atzr|not-issued").catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(AmazonAuthError);
    expect(unknown).toMatchObject({ code: "invalid_grant" });
    const wrong = new LwaClient({
      clientId: h.amazon.lwa.clientId,
      clientSecret: "wrong",
      endpoints: h.endpoints,
    });
    await expect(wrong.refresh(h.adsRefreshToken)).rejects.toMatchObject({
      status: 401,
      code: "invalid_client",
    });
  });

  it("access tokens revoked server-side are replaced transparently (Ads 401, SP-API 403)", async () => {
    const ads = h.amazon.ads({ refreshToken: h.adsRefreshToken, region: "EU" });
    const sp = h.amazon.sp({ refreshToken: h.spRefreshToken, region: "EU" });
    await ads.listProfiles();
    await sp.getMarketplaceParticipations();
    h.sandbox.control.expireAccessTokens();
    await expect(ads.listProfiles()).resolves.toHaveLength(2);
    await expect(sp.getMarketplaceParticipations()).resolves.toHaveLength(2);
  });
});
