import type { APIRequestContext } from "@playwright/test";
import { expect as baseExpect, type Seller } from "./fixtures.ts";

/**
 * The action center's specs read and write through the API as their seller (the optimiser run in
 * suggest mode that fills their queue: fixtures.ts' suggestModeRun).
 */
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
