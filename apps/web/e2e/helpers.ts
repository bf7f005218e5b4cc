import { expect, type Page } from "@playwright/test";

export const VALID_ID = "0d3c1c6e-1a44-4c1a-8f3b-1e2f3a4b5c6d";

/** Waits until React has hydrated the page (the root marks <html data-hydrated>). */
export async function expectHydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}
