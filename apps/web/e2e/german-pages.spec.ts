import { expect, type Page, test } from "@playwright/test";
import { expectHydrated } from "./helpers.ts";
import { STATE } from "./session.ts";

/**
 * Issue 17 §13: the German pages say everything in German. What a seller reads (the text) and
 * what a screen reader announces (aria-label, title, placeholder) on the main screens of the
 * demo seller, against English words and phrases a UI library or a forgotten default brings in.
 * Product names, brand names (Hangar, Cargo Bay) and the terms Amazon's German pages use too
 * (Keywords, ACoS, SKU) are not English words for this list.
 */
test.use({ storageState: STATE.demo, locale: "de-DE" });

const ENGLISH = [
  "Previous page",
  "Next page",
  "Toggle password visibility",
  "Germany",
  "France",
  "United States",
  "Active",
  "Inactive",
  "Paused",
  "Enabled",
  "Archived",
  "Manual",
  "Automatic",
  "Ad group",
  "Search",
  "Loading",
  "Close",
  "Cancel",
  "Save",
  "Delete",
  "Remove",
  "Edit",
  "Settings",
  "Overview",
  "Products",
  "Campaigns",
  "Targets",
  "Placements",
  "Search terms",
  "Sales",
  "Orders",
  "Clicks",
  "Impressions",
  "Spend",
  "Budget type",
  "Daily",
  "Select",
  "No results",
  "Nothing found",
];
const PATTERN = new RegExp(`(?<![\\p{L}\\d-])(${ENGLISH.join("|")})(?![\\p{L}\\d-])`, "u");

/** Every English phrase of the list the page shows or announces, with where it was found. */
async function englishOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [document.body.innerText];
    for (const element of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
      for (const attribute of ["aria-label", "title", "placeholder"]) {
        const value = element.getAttribute(attribute);
        if (value) found.push(`${attribute}="${value}"`);
      }
    }
    return found;
  });
  return texts.flatMap((text) =>
    text
      .split("\n")
      .filter((line) => PATTERN.test(line))
      .map((line) => line.trim().slice(0, 120)),
  );
}

async function sellerProfileId(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === "token")?.value;
  const response = await page.request.get("/api/seller_profiles", {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { "hydra:member": { id: string }[] })["hydra:member"][0]
    ?.id as string;
}

test("the main German screens show and announce no English words", async ({ page }) => {
  test.setTimeout(180_000);
  const profile = await sellerProfileId(page);
  const paths = [
    "/",
    "/hangar/campaigns",
    `/hangar/campaigns/${profile}/DE`,
    `/hangar/campaigns/${profile}/DE/new`,
    "/product/list",
    "/product/imports",
    "/cargo-bay/collections",
    "/settings",
    "/profile",
  ];
  const offenders: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expectHydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    for (const line of await englishOn(page)) offenders.push(`${path}: ${line}`);
  }
  expect(offenders).toEqual([]);
});
