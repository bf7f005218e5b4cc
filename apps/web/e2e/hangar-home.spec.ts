import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";
import { STATE } from "./session.ts";

/**
 * Issue 9: home `/` (the seller's overview, de and en) and the Hangar currency switch. The demo
 * seller's figures are checked against the API for the range the page shows (read only). The
 * currency test changes a seller profile's default currency: the worker's own copy of the demo
 * business, never the demo seller that other specs read beside it.
 */
test.use({ storageState: STATE.demo });

const PREFIX = { de: "", en: "/en" } as const;

type MetricsRow = Record<string, number | string | null> & { entity?: string };
interface SellerProfile {
  id: string;
  settings: { defaultAdvertisingMetric: string; defaultCurrency: string };
}

async function token(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === "token")?.value ?? "";
}

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function sellerProfile(page: Page): Promise<SellerProfile> {
  const id = (await page.context().cookies()).find((c) => c.name === "sellerProfile")?.value;
  const list = await api<{ "hydra:member": SellerProfile[] }>(page, "/api/seller_profiles");
  const profile = list["hydra:member"].find((p) => p.id === id) ?? list["hydra:member"][0];
  expect(profile).toBeTruthy();
  return profile as SellerProfile;
}

async function setDefaultCurrency(page: Page, profileId: string, currency: string) {
  const response = await page.request.patch(`/api/seller_profiles/${profileId}`, {
    headers: {
      authorization: `Bearer ${await token(page)}`,
      "content-type": "application/merge-patch+json",
    },
    data: JSON.stringify({ settings: { defaultCurrency: currency } }),
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function rangeOf(page: Page): Promise<{ from: string; to: string }> {
  const control = page.getByTestId("date-range").first();
  return {
    from: (await control.getAttribute("data-from")) ?? "",
    to: (await control.getAttribute("data-to")) ?? "",
  };
}

async function numberOf(locator: Locator): Promise<number> {
  return Number(await locator.getAttribute("data-value"));
}

async function waitForFirstSync(page: Page) {
  await expect
    .poll(
      async () =>
        (
          await api<{ "hydra:member": { status: string }[] }>(
            page,
            "/api/sync_runs?kind=initial&itemsPerPage=1",
          )
        )["hydra:member"][0]?.status,
      { timeout: 90_000 },
    )
    .toBe("succeeded");
}

/** The ids of a ranking table's campaigns, in the order shown. */
async function rankedIds(table: Locator): Promise<string[]> {
  const hrefs = await table
    .locator("tbody a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => href.split("/").pop() ?? "");
}

for (const locale of ["de", "en"] as const) {
  test(`home shows KPI tiles, the best and worst campaigns and the sync state (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await waitForFirstSync(page);
    const profile = await sellerProfile(page);
    // The demo seller ranks by ACoS, where lower is better.
    expect(profile.settings.defaultAdvertisingMetric).toBe("ACoS");
    const currency = profile.settings.defaultCurrency;

    await page.goto(`${PREFIX[locale]}/`);
    // The first figures after a sync take a while on a busy machine.
    await expect(page.locator("[data-page=home]")).toBeVisible({ timeout: 60_000 });
    await expectHydrated(page);
    await expect(page.getByTestId("home-no-profiles")).toHaveCount(0);

    // The sync state: the demo seller's last sync succeeded.
    await expect(page.getByTestId("sync-state")).toBeVisible();
    await expect(page.getByTestId("sync-status")).toHaveAttribute("data-status", "succeeded");

    // KPI tiles over both marketplaces, non-zero and equal to the API's totals.
    const { from, to } = await rangeOf(page);
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const totals = (
      await api<{ "hydra:member": MetricsRow[] }>(
        page,
        `/api/metrics?entity=campaigns&sellerProfile=${profile.id}&groupBy=none&currency=${currency}&from=${from}&to=${to}`,
      )
    )["hydra:member"][0];
    expect(totals).toBeTruthy();
    for (const metric of ["cost", "sales", "clicks", "orders"]) {
      const tile = page.locator(`[data-testid=kpi-tile][data-metric=${metric}]`);
      const shown = await numberOf(tile);
      expect(shown, metric).toBeGreaterThan(0);
      expect(shown, metric).toBeCloseTo(Number(totals?.[metric]), 2);
    }
    // The default metric leads.
    await expect(page.getByTestId("kpi-tile").first()).toHaveAttribute("data-metric", "acos");

    // Top and bottom campaigns by ACoS (among campaigns that spent money), as the API ranks them.
    const perCampaign = (
      await api<{ "hydra:member": MetricsRow[] }>(
        page,
        `/api/metrics?entity=campaigns&sellerProfile=${profile.id}&groupBy=entity&currency=${currency}&from=${from}&to=${to}&itemsPerPage=1000`,
      )
    )["hydra:member"];
    const acosOf = new Map(
      perCampaign
        .filter((m) => Number(m.cost) > 0 && m.acos !== null)
        .map((m) => [String(m.entity).split("/").pop() ?? "", Number(m.acos)]),
    );
    const ascending = [...acosOf.values()].sort((a, b) => a - b);
    expect(ascending.length).toBeGreaterThan(10);

    const top = await rankedIds(page.getByTestId("top-campaigns"));
    const bottom = await rankedIds(page.getByTestId("bottom-campaigns"));
    expect(top).toHaveLength(5);
    expect(bottom).toHaveLength(5);
    // Compared by value, so that campaigns with equal ACoS may come in either order.
    expect(top.map((id) => acosOf.get(id))).toEqual(ascending.slice(0, 5));
    expect(bottom.map((id) => acosOf.get(id))).toEqual(ascending.slice(-5).reverse());

    // A ranked campaign opens its Hangar page.
    await page.getByTestId("top-campaigns").locator("tbody a").first().click();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}/hangar/campaigns/detail/${top[0]}`));
  });
}

test("the currency switch shows money in the seller profile's default currency (de)", async ({
  page,
  workerDemoSeller,
}) => {
  expect((await sellerProfile(page)).id).toBe(workerDemoSeller.profileId);
  test.setTimeout(180_000);
  await waitForFirstSync(page);
  const profile = await sellerProfile(page);
  const original = profile.settings.defaultCurrency;
  // The demo marketplaces (DE, FR) use EUR: another default currency brings the switch.
  const target = original === "USD" ? "GBP" : "USD";
  await setDefaultCurrency(page, profile.id, target);
  try {
    const profiles = await api<{ "hydra:member": { id: string; countryCode: string }[] }>(
      page,
      `/api/advertising_profiles/seller_profile/${profile.id}?active=true`,
    );
    const de = profiles["hydra:member"].find((p) => p.countryCode === "DE");
    expect(de).toBeTruthy();

    await page.goto(`/hangar/campaigns/${profile.id}/DE`);
    await expect(page.locator("[data-page=campaigns-marketplace]")).toBeVisible({
      timeout: 60_000,
    });
    await expectHydrated(page);
    const table = page.getByTestId("table-campaigns");
    await expect(table.locator("tbody tr").first()).toBeVisible();
    const { from, to } = await rangeOf(page);
    const query = `profile=${de?.id}&from=${from}&to=${to}&itemsPerPage=1`;
    const native = await api<{ totals: Record<string, number | string> }>(
      page,
      `/api/campaigns?${query}`,
    );
    const converted = await api<{ totals: Record<string, number | string> }>(
      page,
      `/api/campaigns?${query}&currency=${target}`,
    );
    expect(native.totals.currency).toBe("EUR");
    expect(converted.totals.currency).toBe(target);
    expect(Number(converted.totals.cost)).not.toBeCloseTo(Number(native.totals.cost), 0);

    // mantine-datatable's hidden labels (sort icons, selection, paging) are German here.
    const sortLabels = await table
      .locator("thead [role=img]")
      .evaluateAll((icons) => icons.map((icon) => icon.getAttribute("aria-label")));
    expect(sortLabels.length).toBeGreaterThan(5);
    expect(sortLabels).toContain("Absteigend sortiert");
    for (const label of sortLabels) {
      expect(["Nicht sortiert", "Aufsteigend sortiert", "Absteigend sortiert"]).toContain(label);
    }
    await expect(table.getByRole("checkbox", { name: "Alle Zeilen auswählen" })).toHaveCount(1);
    await expect(table.getByRole("checkbox", { name: "Zeile 1 auswählen" })).toHaveCount(1);

    // In the marketplace's currency first.
    const totalCost = table.getByTestId("total-cost");
    expect(await numberOf(totalCost)).toBeCloseTo(Number(native.totals.cost), 2);
    await expect(totalCost).toContainText("€");

    // Switched: converted amounts, as the API converts them.
    const currencySwitch = page.getByTestId("currency-switch");
    await expect(currencySwitch).toBeVisible();
    await currencySwitch.getByText(`Standardwährung (${target})`).click();
    await expect(page).toHaveURL(/currency=default/);
    await expect.poll(() => numberOf(totalCost)).toBeCloseTo(Number(converted.totals.cost), 2);
    await expect(totalCost).toContainText(target === "USD" ? "$" : "£");
    await expect
      .poll(() => numberOf(table.getByTestId("total-sales")))
      .toBeCloseTo(Number(converted.totals.sales), 2);

    // The conversion rate's date on hover.
    const rates = await api<{ "hydra:member": { currencyCode: string; date: string }[] }>(
      page,
      `/api/conversion_rates?date=${new Date().toISOString().slice(0, 10)}&currencyCode[]=${target}`,
    );
    const rateDate = rates["hydra:member"].find((r) => r.currencyCode === target)?.date;
    expect(rateDate).toBeTruthy();
    const money = totalCost.getByTestId("money");
    await expect(money).toHaveAttribute("data-rate-date", rateDate ?? "");
    await money.hover();
    // In the locale's format: 2026-11-20 reads 20.11.2026 in German.
    const [year, month, day] = (rateDate ?? "").split("-");
    await expect(page.getByRole("tooltip")).toContainText(`${day}.${month}.${year}`);

    // And back to the marketplace's currency.
    await currencySwitch.getByText("Marktplatzwährung (EUR)").click();
    await expect.poll(() => numberOf(totalCost)).toBeCloseTo(Number(native.totals.cost), 2);
  } finally {
    await setDefaultCurrency(page, profile.id, original);
  }
});
