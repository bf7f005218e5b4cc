import { DEMO_CLIENT } from "../src/auth.ts";
import { createSandbox, type Sandbox, type SandboxOptions } from "../src/index.ts";

export const DE = "A1PA6795UKMFR9";
export const SELLER = "A3SANDBOXDEMO01";

export async function adsSession(opts: SandboxOptions = {}) {
  const sb = createSandbox({ seed: 7, productsPerMarketplace: 30, ...opts });
  const rt = sb.control.issueRefreshToken({ sellerId: SELLER, api: "ads" });
  const res = await sb.app.inject({
    method: "POST",
    url: "/auth/o2/token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: rt,
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
    }).toString(),
  });
  const token = (res.json() as { access_token: string }).access_token;
  const profile = sb.world.profiles.find((p) => p.sellerId === SELLER && p.marketplaceId === DE);
  if (!profile) throw new Error("no DE profile");
  const headers = (mediaType?: string): Record<string, string> => ({
    authorization: `Bearer ${token}`,
    "amazon-advertising-api-clientid": DEMO_CLIENT.clientId,
    "amazon-advertising-api-scope": String(profile.profileId),
    ...(mediaType ? { "content-type": mediaType, accept: mediaType } : {}),
  });
  return { sb, token, profile, headers };
}

export type Session = Awaited<ReturnType<typeof adsSession>>;
export type { Sandbox };

/** A sandbox plus SP-API headers (access token from a refresh grant) for the demo seller. */
export async function spSession(opts: SandboxOptions = {}) {
  const sb = createSandbox({ seed: 7, productsPerMarketplace: 30, ...opts });
  const refreshToken = sb.control.issueRefreshToken({ sellerId: SELLER, api: "sp" });
  const refresh = async (): Promise<string> => {
    const res = await sb.app.inject({
      method: "POST",
      url: "/auth/o2/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: DEMO_CLIENT.clientId,
        client_secret: DEMO_CLIENT.clientSecret,
      }).toString(),
    });
    if (res.statusCode !== 200) throw new Error(`refresh answered ${res.statusCode}`);
    return (res.json() as { access_token: string }).access_token;
  };
  const token = await refresh();
  return { sb, token, refresh, h: { "x-amz-access-token": token } };
}
