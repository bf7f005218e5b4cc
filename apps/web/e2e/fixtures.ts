import { type APIRequestContext, test as base, expect } from "@playwright/test";
import { loginViaApi, sessionCookies } from "./session.ts";

/**
 * Browser tests own their data: `seller` is a customer of this test alone (registered, its
 * onboarding finished, signed in in the test's browser context), optionally connected to a
 * sandbox seller whose initial sync has finished. Specs that change data use it; the demo seller
 * stays read-only for everyone.
 *
 *   import { expect, test } from "./fixtures.ts";
 *   test.use({ sellerOptions: { amazon: "A1SANDBOXALPINE" } });
 *   test("…", async ({ page, seller }) => { … });
 */

/** The sandbox's sellers (packages/amazon-sandbox SELLER_SPECS); each has its own business. */
export const SANDBOX_SELLERS = {
  /** 400 products on DE, FR and US: the demo business (a full sync takes ~40 s under load). */
  demo: "A3SANDBOXDEMO01",
  /** 24 products on DE and FR: enough for a connected seller, synced in seconds. */
  alpine: "A1SANDBOXALPINE",
  /** 36 products on US. */
  lakeside: "A2SANDBOXLAKESD",
} as const;
export type SandboxSeller = (typeof SANDBOX_SELLERS)[keyof typeof SANDBOX_SELLERS];

export interface SellerOptions {
  /** Connect Seller Central and Amazon Ads to this sandbox seller and wait for its initial sync. */
  amazon?: SandboxSeller;
  /** Finish onboarding (default) or leave the seller on the getting-started stepper. */
  onboarded?: boolean;
  /** The target ACoS the onboarding sets (the seller profile's default). */
  targetAcos?: number;
  /** The user's name (default "Erika Test"). */
  name?: string;
}

export interface Seller {
  email: string;
  password: string;
  token: string;
  profileId: string;
  headers: { authorization: string };
}

let counter = 0;

/** Registers a customer with a seller profile (DE, EUR, ACoS); finishes onboarding unless told. */
export async function createSeller(
  request: APIRequestContext,
  options: SellerOptions = {},
): Promise<Seller> {
  counter += 1;
  const unique = `${Date.now().toString(36)}-${process.pid}-${counter}`;
  const email = `e2e-${unique}@example.com`;
  const password = "e2e-passwort-123";
  const registered = await request.post("/api/register", {
    data: { name: options.name ?? "Erika Test", company: `Test ${unique} GmbH`, email, password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = await loginViaApi(request, email, password);
  const headers = { authorization: `Bearer ${token}` };
  const step = await request.put("/api/onboarding/steps/seller-profile", {
    headers,
    data: {
      name: "Test Store",
      defaultMarketplace: "DE",
      defaultCurrency: "EUR",
      defaultAdvertisingMetric: "ACoS",
    },
  });
  expect(step.status(), await step.text()).toBe(200);
  const profileId = ((await step.json()) as { sellerProfile: { id: string } }).sellerProfile.id;
  if (options.onboarded !== false) {
    for (const key of ["sp-api", "advertising-api", "marketplaces"]) {
      const skipped = await request.put(`/api/onboarding/steps/${key}`, {
        headers,
        data: { skipped: true },
      });
      expect(skipped.status(), await skipped.text()).toBe(200);
    }
    const target = await request.put("/api/onboarding/steps/target-acos", {
      headers,
      data: { targetAcos: options.targetAcos ?? 20 },
    });
    expect(target.status(), await target.text()).toBe(200);
    const finished = await request.post("/api/onboarding/finish", { headers });
    expect(finished.status(), await finished.text()).toBe(200);
  }
  const seller = { email, password, token, profileId, headers };
  if (options.amazon) await connectSandbox(request, seller, options.amazon);
  return seller;
}

/**
 * Waits until the optimiser run that the connection's first report sync scheduled has ended, so
 * that a test's own run and decisions are not overtaken by it (it proposes and supersedes too).
 */
export async function scheduledOptimiserRunSettled(
  request: APIRequestContext,
  seller: Seller,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `/api/optimiser_runs?sellerProfile=${seller.profileId}&trigger=scheduled`,
          { headers: seller.headers },
        );
        const runs = ((await response.json()) as { "hydra:member": { status: string }[] })[
          "hydra:member"
        ];
        return (
          runs.length > 0 && runs.every((r) => r.status === "succeeded" || r.status === "failed")
        );
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(true);
}

/**
 * Puts the seller's profile in suggest mode (with the settings `values` name, e.g. pause on low
 * cover) and runs the optimiser (after the run the initial sync scheduled: its proposals replace
 * that run's), waiting for the run's end and for open recommendations: the seller's own
 * proposals, nothing sent to Amazon. Waits on states, never on time.
 */
export async function suggestModeRun(
  request: APIRequestContext,
  seller: Seller,
  values: Record<string, unknown> = {},
): Promise<void> {
  const read = async (path: string) => {
    const response = await request.get(path, { headers: seller.headers });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const settings = (
    (await read(`/api/seller_profile_settings?sellerProfile=${seller.profileId}`))[
      "hydra:member"
    ] as Record<string, unknown>[]
  )[0]!;
  const patched = await request.patch(String(settings["@id"]), {
    headers: { ...seller.headers, "content-type": "application/merge-patch+json" },
    data: { values: { ...(settings.values as object), automationMode: "suggest", ...values } },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  await scheduledOptimiserRunSettled(request, seller);
  const posted = await request.post("/api/optimiser_runs", {
    headers: { ...seller.headers, "content-type": "application/ld+json" },
    data: { sellerProfile: `/api/seller_profiles/${seller.profileId}` },
  });
  expect(posted.status(), await posted.text()).toBeLessThan(300);
  const run = String(((await posted.json()) as Record<string, unknown>)["@id"]);
  await expect
    .poll(async () => (await read(run)).status, { timeout: 120_000, intervals: [1000] })
    .toBe("succeeded");
  await expect
    .poll(
      async () =>
        (
          await read(
            `/api/recommendations?sellerProfile=${seller.profileId}&status=open&itemsPerPage=1`,
          )
        )["hydra:totalItems"],
      { timeout: 120_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);
}

/**
 * Connects both Amazon APIs to a sandbox seller the way the browser does (consent page, callback),
 * through HTTP, and waits for the initial sync through the API: its run's status, never a time.
 */
export async function connectSandbox(
  request: APIRequestContext,
  seller: Seller,
  sandboxSeller: SandboxSeller,
): Promise<void> {
  for (const api of ["sp", "ads"] as const) {
    const started = await request.post("/api/amazon/authorizations", {
      headers: seller.headers,
      data: { api, sellerProfile: seller.profileId },
    });
    expect(started.status(), await started.text()).toBe(200);
    const consentUrl = new URL(((await started.json()) as { url: string }).url);
    const page = await (await request.get(consentUrl.toString())).text();
    const form: Record<string, string> = {};
    for (const [, name, value] of page.matchAll(
      /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
    ))
      form[name as string] = unescapeHtml(value as string);
    form.seller_id = sandboxSeller;
    form.decision = "allow";
    const consent = await request.post(new URL(consentUrl.pathname, consentUrl).toString(), {
      form,
      maxRedirects: 0,
    });
    expect(consent.status(), await consent.text()).toBe(302);
    const back = new URL(consent.headers().location as string);
    const callback = await request.post(`/api/amazon/callbacks/${api}`, {
      headers: seller.headers,
      data: Object.fromEntries(back.searchParams),
    });
    const result = (await callback.json()) as { ok: boolean };
    expect(result.ok, JSON.stringify(result)).toBe(true);
  }
  await syncFinished(request, seller);
}

/**
 * Waits until the seller profile's sync runs have ended (polling the API; a failed look, such as
 * a connection the busy server reset, is looked at again) and expects the latest to have succeeded.
 */
export async function syncFinished(
  request: APIRequestContext,
  seller: Pick<Seller, "headers" | "profileId">,
): Promise<void> {
  let latest: { id: string; status: string; error: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const runs = await request.get(
          `/api/sync_runs?sellerProfile=${seller.profileId}&itemsPerPage=10`,
          { headers: seller.headers },
        );
        const members = ((await runs.json()) as { "hydra:member": (typeof latest & {})[] })[
          "hydra:member"
        ];
        latest = members[0];
        if (!latest) return "no run";
        return members.some((run) => ["queued", "running", "retrying"].includes(run.status))
          ? "running"
          : "ended";
      },
      // As long as the sync takes: bounded by the test's (or the fixture's) timeout alone.
      { timeout: 0, intervals: [250, 500, 1000] },
    )
    .toBe("ended");
  expect(latest?.status, `sync run ${latest?.id}: ${latest?.error ?? ""}`).toBe("succeeded");
}

function unescapeHtml(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** Ends what the seller left running: its Amazon connections (no more scheduled syncs). */
async function cleanUp(request: APIRequestContext, seller: Seller): Promise<void> {
  for (const api of ["sp", "ads"] as const) {
    const removed = await request.delete(
      `/api/amazon/connections/${api}?sellerProfile=${seller.profileId}`,
      { headers: seller.headers },
    );
    expect([204, 404], `disconnect ${api}`).toContain(removed.status());
  }
}

export const test = base.extend<
  { sellerOptions: SellerOptions; seller: Seller; workerDemoSeller: Seller },
  { demoBusiness: Seller }
>({
  sellerOptions: [{}, { option: true }],
  seller: [
    async ({ request, context, baseURL, sellerOptions }, use) => {
      const seller = await createSeller(request, sellerOptions);
      await context.addCookies(sessionCookies(baseURL as string, seller.token, seller.profileId));
      await use(seller);
      await cleanUp(request, seller);
    },
    // Its own budget: registering hashes a password (argon2) and an initial sync imports weeks
    // of reports; both take long on a busy machine, and the test's timeout is for the test.
    { timeout: 300_000 },
  ],
  /**
   * A customer of this worker connected to the sandbox's demo business (400 products on three
   * marketplaces), synced once per worker: for tests that need a large catalogue and change only
   * what they name uniquely (their own tags, collections, a product per locale).
   */
  demoBusiness: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL as string,
      });
      const seller = await createSeller(request, { amazon: SANDBOX_SELLERS.demo });
      await use(seller);
      await cleanUp(request, seller);
      await request.dispose();
    },
    { scope: "worker", timeout: 300_000 },
  ],
  /** The page signed in as the worker's demo-business seller. */
  workerDemoSeller: async ({ context, baseURL, demoBusiness }, use) => {
    await context.addCookies(
      sessionCookies(baseURL as string, demoBusiness.token, demoBusiness.profileId),
    );
    await use(demoBusiness);
  },
});

export { expect };
