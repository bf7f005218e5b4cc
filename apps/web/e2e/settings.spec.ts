import { expect, test } from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";

/**
 * Spec §5/§7: violations on their fields, translated; save and delete toasts. Each test on a
 * seller of its own (it saves its profile, adds and deletes tags and taxes).
 */

test("a seller-profile form shows the translated violation, then saves", async ({
  page,
  seller,
}) => {
  void seller; // the fixture signed the page in as this test's own seller
  await page.goto("/settings");
  await expectHydrated(page);
  const form = page.getByTestId("seller-profile-form");
  const name = form.getByLabel("Name");
  const original = await name.inputValue();
  expect(original).not.toBe("");

  await name.fill("   ");
  await form.getByRole("button", { name: "Speichern" }).click();
  await expect(form.getByText("Dieses Feld ist erforderlich.")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator('[data-toast="entry-could-not-be-saved"]')).toContainText(
    "Eintrag konnte nicht gespeichert werden",
  );

  await name.fill(original);
  await form.getByRole("button", { name: "Speichern" }).click();
  await expect(page.locator('[data-toast="entry-saved"]')).toContainText("Eintrag gespeichert");
  await expect(form.getByText("Dieses Feld ist erforderlich.")).toHaveCount(0);
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  // Toasts live 3000 ms (spec §9).
  await expect(page.locator('[data-toast="entry-saved"]')).toHaveCount(0, { timeout: 6000 });
});

test("tags and taxes in English: duplicate refused on its field, add and delete toasts", async ({
  page,
  request,
  seller,
}) => {
  // The seller's own tag to collide with, and tax rates on two marketplaces.
  const ld = { ...seller.headers, "content-type": "application/ld+json" };
  const tag = await request.post("/api/tags", {
    headers: ld,
    data: { text: "bestseller", sellerProfile: `/api/seller_profiles/${seller.profileId}` },
  });
  expect(tag.status(), await tag.text()).toBe(201);
  for (const [marketplace, rate] of [
    ["FR", 20],
    ["DE", 19],
  ] as const) {
    const tax = await request.post("/api/taxes", {
      headers: ld,
      data: { marketplace, rate, validFrom: "2026-01-01" },
    });
    expect(tax.status(), await tax.text()).toBe(201);
  }
  await page.goto("/en/settings?tab=tags");
  await expectHydrated(page);
  const tagForm = page.getByTestId("tag-form");
  await tagForm.getByLabel("New tag").fill("bestseller");
  await tagForm.getByRole("button", { name: "Add" }).click();
  await expect(tagForm.getByText("This value is already in use.")).toBeVisible();

  const text = `e2e ${Date.now()}`;
  await tagForm.getByLabel("New tag").fill(text);
  await tagForm.getByRole("button", { name: "Add" }).click();
  await expect(page.locator('[data-toast="entry-saved"]')).toContainText("Entry saved");
  const row = page.getByTestId("tag-row").filter({ hasText: text });
  await expect(row).toBeVisible();
  // Deleting asks first: cancelled, the tag stays; confirmed, it goes.
  await row.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this entry?" });
  await expect(dialog).toContainText(
    `The tag “${text}” is deleted and removed from every product.`,
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Delete" }).click();
  await dialog.getByTestId("confirm-button").click();
  await expect(page.locator('[data-toast="entry-deleted"]')).toContainText("Entry deleted");
  await expect(row).toHaveCount(0);

  await page.getByRole("tab", { name: "Taxes" }).click();
  await expect(page.getByTestId("tax-group").first()).toBeVisible();
  const groups = await page
    .getByTestId("tax-group")
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-marketplace")));
  expect(groups.slice(0, 2)).toEqual(["DE", "FR"]);
  const taxForm = page.getByTestId("tax-form");
  await taxForm.getByLabel("Tax rate (%)").fill("lots");
  await taxForm.getByLabel("Valid from").fill("2026-01-01");
  await taxForm.getByRole("button", { name: "Save" }).click();
  await expect(taxForm.getByText("This value is not valid.")).toBeVisible();
  await taxForm.getByLabel("Tax rate (%)").fill("7,5");
  // Typed and shown as English pages write days, whatever the browser's language.
  await taxForm.getByLabel("Valid from").fill("01/07/2031");
  await taxForm.getByLabel("Valid from").blur();
  await expect(taxForm.getByLabel("Valid from")).toHaveValue("01/07/2031");
  await taxForm.getByRole("button", { name: "Save" }).click();
  await expect(page.locator('[data-toast="entry-saved"]').last()).toBeVisible();
  const added = page.getByTestId("tax-row").filter({ hasText: "01/07/2031" });
  await expect(added).toContainText("7.5%");
  await added.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toContainText("7.5%");
  await expect(dialog).toContainText("01/07/2031");
  await dialog.getByTestId("confirm-button").click();
  await expect(page.locator('[data-toast="entry-deleted"]').last()).toBeVisible();
  await expect(added).toHaveCount(0);
});

test("shipping costs in English: a refused amount on its field, add, edit and delete toasts", async ({
  page,
  seller,
}) => {
  void seller; // a seller of its own: no shipping costs yet
  await page.goto("/en/settings?tab=shipping");
  await expectHydrated(page);
  await expect(page.getByTestId("shipping-settings")).toBeVisible();
  const form = page.getByTestId("shipping-form");
  const cost = form.getByLabel("Shipping cost per unit");
  await cost.fill("lots");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(cost).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator('[data-toast="entry-could-not-be-saved"]')).toBeVisible();

  await cost.fill("4,5");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.locator('[data-toast="entry-saved"]')).toBeVisible();
  await expect(cost).not.toHaveAttribute("aria-invalid", "true");
  const de = page.locator('[data-testid="shipping-row"][data-marketplace="DE"]');
  await expect(de).toContainText("€4.50");

  await de.getByRole("button", { name: /^Edit shipping cost for/ }).click();
  await expect(cost).toHaveValue("4.5");
  await cost.fill("5");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(de).toContainText("€5.00");

  await de.getByRole("button", { name: /^Delete shipping cost for/ }).click();
  await page.getByRole("dialog").getByTestId("confirm-button").click();
  await expect(page.locator('[data-toast="entry-deleted"]')).toBeVisible();
  await expect(de).toHaveCount(0);
});
