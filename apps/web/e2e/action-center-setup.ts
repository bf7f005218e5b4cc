import type { APIRequestContext } from "@playwright/test";
import { expect as baseExpect, type Seller, scheduledOptimiserRunSettled } from "./fixtures.ts";

/** The action center's specs: a fresh seller's queue after an optimiser run in suggest mode. */
const expect = baseExpect.configure({ timeout: 30_000 });

export interface Collection {
  "hydra:member": Record<string, unknown>[];
  "hydra:totalItems": number;
}

export async function api<T>(
  request: APIRequestContext,
  seller: Seller,
  path: string,
  init: { method?: string; data?: unknown } = {},
): Promise<T> {
  const response = await request.fetch(path, {
    method: init.method ?? "GET",
    headers: {
      ...seller.headers,
      ...(init.data ? { "content-type": "application/ld+json" } : {}),
    },
    ...(init.data ? { data: init.data } : {}),
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/**
 * Suggest mode on the profile (and the settings `values` name, e.g. pause on low cover), then a
 * run (the worker takes it) that leaves open proposals.
 */
export async function suggestModeRun(
  request: APIRequestContext,
  seller: Seller,
  values: Record<string, unknown> = {},
): Promise<void> {
  const [settings] = (
    await api<Collection>(
      request,
      seller,
      `/api/seller_profile_settings?sellerProfile=${seller.profileId}`,
    )
  )["hydra:member"];
  const patched = await request.patch(String(settings!["@id"]), {
    headers: { ...seller.headers, "content-type": "application/merge-patch+json" },
    data: { values: { ...(settings!.values as object), automationMode: "suggest", ...values } },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  await scheduledOptimiserRunSettled(request, seller);
  const run = await api<Record<string, unknown>>(request, seller, "/api/optimiser_runs", {
    method: "POST",
    data: { sellerProfile: `/api/seller_profiles/${seller.profileId}` },
  });
  // Its proposals replace those of the run the initial sync scheduled: wait for its end.
  await expect
    .poll(
      async () => (await api<Record<string, unknown>>(request, seller, String(run["@id"]))).status,
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe("succeeded");
}
