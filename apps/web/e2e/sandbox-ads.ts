/**
 * What reached "Amazon": the local sandbox's own Ads entities, listed through its Ads API as
 * Amazon would answer them, with a token of the seller behind the advertising profile. Specs
 * check a pushed change here, not only in Starport.
 */

import { type APIRequestContext, expect } from "@playwright/test";
import { DEMO_CLIENT } from "@starport/amazon-sandbox";

/** The sandbox the test server starts beside itself (its port + 1000). */
export const SANDBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3199) + 1000}`;

/** Each listable resource's v3 media type and the key its answer lists under. */
const RESOURCES = {
  campaigns: ["application/vnd.spCampaign.v3+json", "campaigns"],
  adGroups: ["application/vnd.spAdGroup.v3+json", "adGroups"],
  productAds: ["application/vnd.spProductAd.v3+json", "productAds"],
  keywords: ["application/vnd.spKeyword.v3+json", "keywords"],
  negativeKeywords: ["application/vnd.spNegativeKeyword.v3+json", "negativeKeywords"],
  targets: ["application/vnd.spTargetingClause.v3+json", "targetingClauses"],
} as const;
export type SandboxResource = keyof typeof RESOURCES;

/** An Ads access token of the seller the sandbox knows behind an advertising profile. */
async function accessTokenFor(request: APIRequestContext, amazonProfileId: string) {
  const state = (await (await request.get(`${SANDBOX}/__sandbox/state`)).json()) as {
    profiles: { profileId: number; sellerId: string }[];
  };
  const sellerId = state.profiles.find((p) => String(p.profileId) === amazonProfileId)?.sellerId;
  expect(sellerId, "the sandbox knows the profile").toBeTruthy();
  const refresh = (await (
    await request.post(`${SANDBOX}/__sandbox/tokens`, { data: { sellerId, api: "ads" } })
  ).json()) as { refresh_token: string };
  const token = (await (
    await request.post(`${SANDBOX}/auth/o2/token`, {
      form: {
        grant_type: "refresh_token",
        refresh_token: refresh.refresh_token,
        client_id: DEMO_CLIENT.clientId,
        client_secret: DEMO_CLIENT.clientSecret,
      },
    })
  ).json()) as { access_token: string };
  return token.access_token;
}

/** The sandbox's entities of one resource of a profile, filtered as the Ads API's list filters. */
export async function sandboxList<T>(
  request: APIRequestContext,
  amazonProfileId: string,
  resource: SandboxResource,
  filter: Record<string, unknown> = {},
): Promise<T[]> {
  const [mediaType, key] = RESOURCES[resource];
  const response = await request.post(`${SANDBOX}/sp/${resource}/list`, {
    headers: {
      authorization: `Bearer ${await accessTokenFor(request, amazonProfileId)}`,
      "amazon-advertising-api-clientid": DEMO_CLIENT.clientId,
      "amazon-advertising-api-scope": amazonProfileId,
      "content-type": mediaType,
      accept: mediaType,
    },
    data: { maxResults: 5000, ...filter },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Record<string, T[]>)[key] ?? [];
}
