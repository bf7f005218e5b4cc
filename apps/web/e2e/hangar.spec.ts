import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, type Request, test } from "@playwright/test";
import { expectHydrated, VALID_ID } from "./helpers.ts";
import { STATE } from "./session.ts";

/**
 * Issue 9, "Done when": the demo seller works through Hangar in German and in English — KPI
 * cards, the DE campaign table (sort, metric filter, range, comparison), a campaign with its
 * placements and ad groups, an ad group's keywords, targets, product ads and search terms, and
 * the CSV export. Figures are checked against the API for the same range.
 */
test.use({ storageState: STATE.demo });
test.describe.configure({ mode: "parallel" });

const TEXT = {
  de: { prefix: "", last7: "Letzte 7 Tage", separator: ";" },
  en: { prefix: "/en", last7: "Last 7 days", separator: "," },
} as const;

interface Member {
  "@id": string;
  id: string;
  status?: string;
  name?: string;
  campaign?: string;
  metrics?: Record<string, number | null>;
}
interface Collection {
  "hydra:member": Member[];
  "hydra:totalItems": number;
  totals?: Record<string, number | null>;
}

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === "token")?.value;
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function rangeOf(page: Page): Promise<{ from: string; to: string }> {
  const control = page.getByTestId("date-range");
  return {
    from: (await control.getAttribute("data-from")) ?? "",
    to: (await control.getAttribute("data-to")) ?? "",
  };
}

async function rowNames(table: Locator): Promise<string[]> {
  return table.getByTestId("row-link").allInnerTexts();
}

async function numberOf(locator: Locator): Promise<number> {
  return Number(await locator.getAttribute("data-value"));
}

/** The ad group's open tab lists rows, and its totals show impressions. */
async function expectTabWithMetrics(page: Page, tab: string, table: string) {
  await page.getByTestId(`tab-${tab}`).click();
  await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
  const list = page.getByTestId(`table-${table}`);
  await expect(list.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => numberOf(list.getByTestId("total-impressions"))).toBeGreaterThan(0);
}

for (const locale of ["de", "en"] as const) {
  test(`Hangar from the overview to search terms and the CSV export (${locale})`, async ({
    page,
  }) => {
    // One long walk through Hangar; slow on a shared 2-core machine.
    test.setTimeout(360_000);
    const { prefix, last7, separator } = TEXT[locale];

    // The demo seller's first sync has stored campaigns and reports.
    await expect
      .poll(
        async () =>
          (await api<Collection>(page, "/api/sync_runs?kind=initial&itemsPerPage=1"))[
            "hydra:member"
          ][0]?.status,
        { timeout: 90_000 },
      )
      .toBe("succeeded");

    // KPI cards for both marketplaces with non-zero figures.
    await page.goto(`${prefix}/hangar/campaigns`);
    await expectHydrated(page);
    const cards = page.getByTestId("profile-card");
    await expect(cards).toHaveCount(2);
    for (const marketplace of ["DE", "FR"]) {
      const card = page.locator(`[data-testid=profile-card][data-marketplace=${marketplace}]`);
      for (const metric of ["cost", "sales", "clicks"]) {
        expect(
          await numberOf(card.locator(`[data-testid=kpi-tile][data-metric=${metric}]`)),
        ).toBeGreaterThan(0);
      }
      // Each marketplace's goal next to its actual, with a status (it has spend and sales).
      await expect(card.getByTestId("goal-vs-actual")).toHaveAttribute(
        "data-status",
        /^(onTarget|above|below)$/,
      );
    }
    // The profile's default metric (ACoS for the demo seller) leads.
    await expect(cards.first().getByTestId("kpi-tile").first()).toHaveAttribute(
      "data-metric",
      "acos",
    );

    // Open DE.
    await page
      .locator("[data-testid=profile-card][data-marketplace=DE]")
      .getByTestId("profile-card-link")
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/hangar/campaigns/[0-9a-f-]{36}/DE`));
    await expect(page.getByTestId("daily-chart")).toBeVisible();
    const table = page.getByTestId("table-campaigns");
    await expect(table.getByTestId("row-link").first()).toBeVisible();
    const sellerProfileId = page.url().split("/hangar/campaigns/")[1]?.split("/")[0];
    const profiles = await api<{ "hydra:member": { id: string; countryCode: string }[] }>(
      page,
      `/api/advertising_profiles/seller_profile/${sellerProfileId}?active=true`,
    );
    const de = profiles["hydra:member"].find((p) => p.countryCode === "DE");
    expect(de).toBeTruthy();
    const campaignsApi = (query: string) =>
      api<Collection>(page, `/api/campaigns?profile=${de?.id}&itemsPerPage=50&${query}`);

    // Sort by ACoS: the order is the API's.
    await table.getByRole("button", { name: /^ACoS\b/ }).click();
    await expect(page).toHaveURL(/sort=acos/);
    const direction = new URL(page.url()).searchParams.get("dir") ?? "desc";
    const range30 = await rangeOf(page);
    const sorted = await campaignsApi(
      `from=${range30.from}&to=${range30.to}&order[acos]=${direction}`,
    );
    const expected = sorted["hydra:member"].map((m) => m.name);
    await expect.poll(() => rowNames(table)).toEqual(expected);
    // ... and the other way round.
    await table.getByRole("button", { name: /^ACoS\b/ }).click();
    const reverse = direction === "asc" ? "desc" : "asc";
    await expect(page).toHaveURL(new RegExp(`dir=${reverse}`));
    const reversed = await campaignsApi(
      `from=${range30.from}&to=${range30.to}&order[acos]=${reverse}`,
    );
    await expect.poll(() => rowNames(table)).toEqual(reversed["hydra:member"].map((m) => m.name));

    // The keyboard: "/" puts the cursor in the table's search; rows take ↓/j, ↑/k and Enter.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("/");
    await expect(table.locator("[data-table-search]")).toBeFocused();
    const rows = table.locator("tbody tr");
    await rows.first().focus();
    await page.keyboard.press("j");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(rows.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    const second = (await rows.nth(1).getByTestId("row-link").getAttribute("href")) as string;
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname + url.search === second);
    await page.goBack();
    await expect(table.getByTestId("row-link").first()).toBeVisible();

    // Filter "ACoS > 40 %": exactly the API's campaigns above 40 % remain.
    await page.getByTestId("add-metric-filter").click();
    await page.getByTestId("filter-value").fill("40");
    await page.getByTestId("filter-apply").click();
    await expect(page).toHaveURL(/f=acos\.gt\.40/);
    const above = await campaignsApi(
      `from=${range30.from}&to=${range30.to}&order[acos]=${reverse}&acos[gt]=0.4`,
    );
    expect(above["hydra:totalItems"]).toBeLessThan(sorted["hydra:totalItems"]);
    await expect.poll(() => rowNames(table)).toEqual(above["hydra:member"].map((m) => m.name));
    for (const cell of await table.locator("tbody [data-metric=acos]").all()) {
      expect(await numberOf(cell)).toBeGreaterThan(0.4);
    }
    await page.getByTestId("metric-filter-remove").click();
    await expect(page).not.toHaveURL(/f=acos/);
    await expect.poll(() => rowNames(table)).toEqual(reversed["hydra:member"].map((m) => m.name));

    // Last 7 days: the totals change and are the API's for that range.
    const costBefore = await numberOf(table.getByTestId("total-cost"));
    await page.getByTestId("range-preset").click();
    await page.getByRole("option", { name: last7 }).click();
    await expect(page).toHaveURL(/range=last7/);
    await expect.poll(async () => (await rangeOf(page)).from).not.toBe(range30.from);
    const range7 = await rangeOf(page);
    expect(range7.from > range30.from).toBe(true);
    const totals7 = (await campaignsApi(`from=${range7.from}&to=${range7.to}`)).totals;
    await expect.poll(() => numberOf(table.getByTestId("total-cost"))).toBe(totals7?.cost);
    expect(totals7?.cost).not.toBe(costBefore);
    expect(await numberOf(table.getByTestId("total-sales"))).toBe(totals7?.sales);
    expect(await numberOf(table.getByTestId("total-clicks"))).toBe(totals7?.clicks);

    // Compare two campaigns side by side.
    const checkboxes = table.locator("tbody input[type=checkbox]");
    await checkboxes.nth(0).check();
    await checkboxes.nth(1).check();
    await page.getByTestId("compare-button").click();
    const comparison = page.getByTestId("comparison");
    await expect(comparison.getByTestId("comparison-entity")).toHaveCount(2);
    await expect(comparison.locator("tbody tr")).toHaveCount(11);
    await expect(comparison.locator("[data-metric=cost] [data-testid=delta]")).toHaveCount(2);
    // The comparison is in the URL: a reload (or the shared link) opens it again.
    await expect(page).toHaveURL(/[?&]compare=[0-9a-f-]{36}(,|%2C)[0-9a-f-]{36}/);
    const compared = await comparison.getByTestId("comparison-entity").allTextContents();
    await page.reload();
    await expectHydrated(page);
    await expect(comparison.getByTestId("comparison-entity")).toHaveText(compared);
    await expect(comparison.locator("[data-metric=cost] [data-testid=delta]")).toHaveCount(2);
    // Malformed and unknown (or another customer's) ids are left out, without an error.
    const url = new URL(page.url());
    const ids = (url.searchParams.get("compare") ?? "").split(",");
    url.searchParams.set(
      "compare",
      [ids[0], "not-an-id", "00000000-0000-4000-8000-000000000000", ids[1]].join(","),
    );
    await page.goto(url.toString());
    await expectHydrated(page);
    await expect(comparison.getByTestId("comparison-entity")).toHaveText(compared);
    await page.keyboard.press("Escape");
    await expect(comparison).toBeHidden();
    await expect(page).not.toHaveURL(/compare=/);

    // Export CSV: every campaign of the table is in the file, numbers in the locale's format.
    const shown = await rowNames(table);
    await page.getByTestId("export-button").click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("export-csv").click(),
    ]);
    const csv = readFileSync((await download.path()) as string, "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.length).toBe(shown.length + 2); // header, rows, totals
    for (const name of shown) expect(csv).toContain(name);
    expect(lines[0]?.split(separator).length).toBeGreaterThan(5);
    const costText = (totals7?.cost ?? 0).toFixed(2);
    expect(csv).toContain(locale === "de" ? costText.replace(".", ",") : costText);

    // Open an exact-match campaign, its placement breakdown and an ad group.
    await table.getByRole("textbox").first().fill("Exact");
    await table.getByRole("textbox").first().press("Enter");
    await expect(page).toHaveURL(/q=Exact/);
    await expect
      .poll(async () => (await rowNames(table)).every((n) => n.includes("Exact")))
      .toBe(true);
    await table.getByTestId("row-link").first().click();
    await expect(page).toHaveURL(
      new RegExp(`${prefix}/hangar/campaigns/detail/[0-9a-f-]{36}.*range=last7`),
    );
    await expect(page.getByTestId("facts")).toBeVisible();
    await expect(page.getByTestId("kpi-tile")).toHaveCount(9);
    await page.getByTestId("tab-placements").click();
    const placements = page.getByTestId("placements");
    await expect(placements.locator("tbody tr")).toHaveCount(3);
    const placementImpressions = await placements
      .locator("tbody [data-metric=impressions]")
      .evaluateAll((cells) =>
        cells.reduce((sum, c) => sum + Number(c.getAttribute("data-value")), 0),
      );
    expect(placementImpressions).toBeGreaterThan(0);
    await page.getByTestId("tab-adGroups").click();
    const adGroups = page.getByTestId("table-adGroups");
    await adGroups.getByTestId("row-link").first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/hangar/campaigns/adgroup/[0-9a-f-]{36}`));

    // Keywords, product ads and search terms with metrics.
    await expectTabWithMetrics(page, "keywords", "keywords");
    await expectTabWithMetrics(page, "productAds", "productAds");
    await expectTabWithMetrics(page, "searchTerms", "searchTerms");

    // Product targets live in the product-targeting campaigns' ad groups.
    const range = await rangeOf(page);
    const targets = await api<Collection>(
      page,
      `/api/targets?profile=${de?.id}&from=${range.from}&to=${range.to}&order[impressions]=desc&itemsPerPage=1`,
    );
    const targetAdGroup = (targets["hydra:member"][0] as Member & { adGroup: string }).adGroup;
    await page.goto(
      `${prefix}/hangar/campaigns/adgroup/${targetAdGroup.split("/").pop()}?range=last7&tab=targets`,
    );
    await expectHydrated(page);
    const targetTable = page.getByTestId("table-targets");
    await expect(targetTable.locator("tbody tr").first()).toBeVisible();
    await expect
      .poll(() => numberOf(targetTable.getByTestId("total-impressions")))
      .toBeGreaterThan(0);
  });
}

for (const locale of ["de", "en"] as const) {
  test(`an ad group's search terms show their metrics on every row, not "–" (${locale})`, async ({
    page,
  }) => {
    // Issue 17 item 1: the rows showed "–" in every metric column beside a totals row with sums.
    test.setTimeout(240_000);
    const { prefix } = TEXT[locale];
    await expect
      .poll(
        async () =>
          (await api<Collection>(page, "/api/sync_runs?kind=initial&itemsPerPage=1"))[
            "hydra:member"
          ][0]?.status,
        { timeout: 90_000 },
      )
      .toBe("succeeded");
    const groups = await api<Collection>(page, "/api/ad_groups?itemsPerPage=1");
    await page.goto(`${prefix}/hangar/campaigns/adgroup/${groups["hydra:member"][0]?.id}`);
    await expectHydrated(page);
    const range = await rangeOf(page);
    // The search term with the most clicks in the page's range, and its ad group.
    const terms = await api<Collection>(
      page,
      `/api/search_terms?from=${range.from}&to=${range.to}&order[clicks]=desc&itemsPerPage=1`,
    );
    const top = terms["hydra:member"][0] as (Member & { adGroup: string }) | undefined;
    expect(top, "a search term in the range").toBeDefined();
    await page.goto(
      `${prefix}/hangar/campaigns/adgroup/${top?.adGroup.split("/").pop()}?tab=searchTerms&sort=clicks&dir=desc`,
    );
    await expectHydrated(page);
    const list = page.getByTestId("table-searchTerms");
    const first = list.locator("tbody tr").first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    // The top row's figures are on the row, as the totals row has them.
    await expect.poll(() => numberOf(list.getByTestId("total-clicks"))).toBeGreaterThan(0);
    const clicks = first.locator('[data-testid="metric-cell"][data-metric="clicks"]');
    expect(await numberOf(clicks)).toBeGreaterThan(0);
    for (const metric of ["impressions", "clicks", "cost"]) {
      await expect(
        first.locator(`[data-testid="metric-cell"][data-metric="${metric}"]`),
      ).not.toHaveText("–");
    }
  });
}

test("the campaign list's change switch shows and hides the changes at once", async ({ page }) => {
  // Issue 17 item 4: the switch set delta=1 in the address but stayed off until a reload.
  test.setTimeout(240_000);
  await page.goto("/hangar/campaigns");
  // The overview's first render can take long on a loaded test machine.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 90_000 });
  await page
    .locator("[data-testid=profile-card][data-marketplace=DE]")
    .getByTestId("profile-card-link")
    .click();
  await expect(page).toHaveURL(/\/hangar\/campaigns\/[0-9a-f-]{36}\/DE/);
  const table = page.getByTestId("table-campaigns");
  await expect(table.getByTestId("row-link").first()).toBeVisible({ timeout: 30_000 });
  await expect(table.getByTestId("delta")).toHaveCount(0);
  const toggle = table.getByRole("switch", { name: "Veränderung" });
  // A seller clicks the switch's label: Mantine's input is a 0×0 box that Playwright, on a
  // loaded machine, once found "outside of the viewport" even with force.
  const label = table.locator("label", { hasText: "Veränderung" });
  await expect(toggle).not.toBeChecked();
  await label.click();
  await expect(page).toHaveURL(/[?&]delta=1/);
  await expect(toggle).toBeChecked();
  await expect(table.getByTestId("delta").first()).toBeVisible();
  await label.click();
  await expect(page).not.toHaveURL(/delta=1/);
  await expect(table.getByTestId("delta")).toHaveCount(0);
});

test("a campaign's ad group comparison is kept in the URL and opens again after a reload", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A campaign with at least two ad groups (the demo seller's first sync has stored them).
  await expect
    .poll(
      async () =>
        (await api<Collection>(page, "/api/sync_runs?kind=initial&itemsPerPage=1"))[
          "hydra:member"
        ][0]?.status,
      { timeout: 90_000 },
    )
    .toBe("succeeded");
  const groups = await api<Collection>(page, "/api/ad_groups?pagination=false");
  const perCampaign = new Map<string, number>();
  for (const g of groups["hydra:member"])
    if (g.campaign) perCampaign.set(g.campaign, (perCampaign.get(g.campaign) ?? 0) + 1);
  const campaign = [...perCampaign].find(([, count]) => count >= 2)?.[0];
  expect(campaign, "a campaign with two ad groups").toBeDefined();
  await page.goto(`/en/hangar/campaigns/detail/${campaign?.split("/").pop()}?range=last30`);
  await expectHydrated(page);
  const table = page.getByTestId("table-adGroups");
  const checkboxes = table.locator("tbody input[type=checkbox]");
  await checkboxes.nth(0).check();
  await checkboxes.nth(1).check();
  await table.getByTestId("compare-button").click();
  const comparison = page.getByTestId("comparison");
  await expect(comparison.getByTestId("comparison-entity")).toHaveCount(2);
  await expect(page).toHaveURL(/[?&]ag\.compare=/);
  const compared = await comparison.getByTestId("comparison-entity").allTextContents();
  await page.reload();
  await expectHydrated(page);
  await expect(comparison.getByTestId("comparison-entity")).toHaveText(compared);
  await page.keyboard.press("Escape");
  await expect(comparison).toBeHidden();
  await expect(page).not.toHaveURL(/compare=/);
});

/** The demo seller's DE campaigns, from the overview of the profiles; answers the table. */
async function openCampaignsOfDe(page: Page) {
  await page.goto("/en/hangar/campaigns");
  await expectHydrated(page);
  await page
    .locator("[data-testid=profile-card][data-marketplace=DE]")
    .getByTestId("profile-card-link")
    .click();
  const table = page.getByTestId("table-campaigns");
  await expect(table.getByTestId("row-link").first()).toBeVisible();
  return table;
}

test("the campaign search filters as one types, once per pause, without Enter", async ({
  page,
}) => {
  const queries: string[] = [];
  page.on("request", (r) => {
    const q = new URL(r.url()).searchParams.get("q");
    if (q !== null) queries.push(q);
  });
  const table = await openCampaignsOfDe(page);
  await table.getByRole("textbox").first().pressSequentially("Exact", { delay: 40 });
  await expect(page).toHaveURL(/q=Exact/);
  await expect
    .poll(async () => {
      const names = await table.getByTestId("row-link").allInnerTexts();
      return names.length > 0 && names.every((n) => n.includes("Exact"));
    })
    .toBe(true);
  // Debounced: not one request per key ("E", "Ex", "Exa", "Exac"); a loaded machine may pause
  // mid-word once.
  expect(queries.filter((q) => q !== "Exact").length).toBeLessThan(4);
});

test("the campaign search keeps what one types while an earlier search loads", async ({ page }) => {
  const table = await openCampaignsOfDe(page);
  // The load of "Ex" is held until the seller has typed on: it lands while the box says "Exa".
  // The server's answer is fetched first and handed over at once on release: on a busy machine
  // the server took longer than the typing pause, the load of "Exa" began and dropped that of "Ex".
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let exAnswered: () => void = () => {};
  const exAnswer = new Promise<void>((resolve) => {
    exAnswered = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith(".data") && url.searchParams.get("q") === "Ex",
    async (route) => {
      const response = await route.fetch();
      exAnswered();
      await held;
      await route.fulfill({ response });
    },
  );
  const box = table.getByRole("textbox").first();
  await box.pressSequentially("Ex");
  await exAnswer;
  // Settled either way: on a busy machine the debounce of "Exa" may fire before the release
  // reaches the browser, and React Router then aborts the load of "Ex" (no response to wait for;
  // the box must keep what was typed all the same).
  const isEx = (r: Request) =>
    new URL(r.url()).searchParams.get("q") === "Ex" && r.url().includes(".data");
  const landed = new Promise<void>((resolve) => {
    page.on("requestfinished", (r) => isEx(r) && resolve());
    page.on("requestfailed", (r) => isEx(r) && resolve());
  });
  await box.press("a");
  release();
  await landed;
  await expect(box).toHaveValue("Exa");
  await box.pressSequentially("ct");
  await expect(box).toHaveValue("Exact");
  await expect(page).toHaveURL(/q=Exact/);
  await expect
    .poll(async () => {
      const names = await table.getByTestId("row-link").allInnerTexts();
      return names.length > 0 && names.every((n) => n.includes("Exact"));
    })
    .toBe(true);
});

test("a campaign or ad group that is not the seller's is a 404", async ({ page }) => {
  for (const path of [
    `/hangar/campaigns/detail/${VALID_ID}`,
    `/en/hangar/campaigns/adgroup/${VALID_ID}`,
    `/hangar/campaigns/${VALID_ID}/DE`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

test("the marketplace campaign page sends its shell before its figures", async ({
  page,
  baseURL,
}) => {
  // Issue 23 (SSR time to first byte): a seller's browser gets the header, range and filters
  // first and the chart and table later in the same response; a crawler gets it all at once.
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const token = cookies.find((c) => c.name === "token")?.value;
  const sellerProfile = cookies.find((c) => c.name === "sellerProfile")?.value;
  const profiles = await api<Collection>(
    page,
    `/api/advertising_profiles/seller_profile/${sellerProfile}?active=true`,
  );
  expect(token && profiles["hydra:member"].length).toBeTruthy();
  const browser =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
  const response = await fetch(`${baseURL}/en/hangar/campaigns/${sellerProfile}/DE`, {
    headers: { cookie, "user-agent": browser },
  });
  expect(response.status).toBe(200);
  // Read whole: how the client's reads split the body depends on the machine's load; what React
  // wrote does not. A part rendered after the shell was sent comes as a hidden segment
  // (<div hidden id="S:…">) that a script moves into its placeholder; a part ready in time would
  // be inline in the shell.
  const html = await response.text();
  const at = (text: string, from = 0) => html.indexOf(text, from);
  const pending = at('data-testid="figures-pending"');
  expect(pending, "the shell holds the figures' place").toBeGreaterThan(0);
  const range = at('data-testid="date-range"');
  expect(range, "the range is in the shell").toBeGreaterThan(0);
  expect(range).toBeLessThan(pending);
  const segment = at('<div hidden id="S:', pending);
  const rows = at('data-testid="row-link"');
  expect(segment, "the figures come as a segment after the shell").toBeGreaterThan(pending);
  expect(rows, "the campaign rows are in that segment").toBeGreaterThan(segment);
  // The figures are read after the shell is sent: even the campaign count in the header (its own
  // small part) is not in the shell (read before the shell, it would be rendered inline).
  expect(html.slice(0, pending)).not.toMatch(/\d+ campaigns</);
  expect(html.slice(segment)).toMatch(/\d+ campaigns</);
  // The streamed figures say they are not hydrated yet (helpers.ts' expectHydrated waits for it).
  expect(at("<span data-hydrating", segment)).toBeGreaterThan(segment);
});
