import { expect, SANDBOX_SELLERS, test } from "./fixtures.ts";

/**
 * Issue 17 §12: the profile-wide change history. A seller of this test alone (connected to the
 * sandbox's alpine business) first finds the page empty with the reason, stages a bid change,
 * then finds it from Hangar in German and in English — with its four-digit-year date, the words
 * of its field, the name of the person who made it and its status — filters by field (kept in the
 * URL, empty with the reason) and by person, and gets the export link with the same filters.
 */
test.use({ sellerOptions: { amazon: SANDBOX_SELLERS.alpine } });

const TEXT = {
  de: {
    prefix: "",
    empty: "Noch keine Änderungen",
    emptyFiltered: "Keine Änderung entspricht Ihren Filtern",
    field: "Gebot",
    date: /\d{2}\.\d{2}\.\d{4}/,
  },
  en: {
    prefix: "/en",
    empty: "No changes yet",
    emptyFiltered: "No change matches your filters",
    field: "Bid",
    date: /\d{2}\/\d{2}\/\d{4}/,
  },
} as const;

test("the change history lists every change of the profile, filtered in the URL (de and en)", async ({
  page,
  request,
  seller,
}) => {
  test.setTimeout(180_000);
  await page.goto("/hangar/history");
  await expect(page.getByTestId("history-empty")).toContainText(TEXT.de.empty);

  const keywords = await request.get("/api/keywords?itemsPerPage=1", { headers: seller.headers });
  expect(keywords.status(), await keywords.text()).toBe(200);
  const keyword = (await keywords.json())["hydra:member"][0];
  const staged = await request.post("/api/changes", {
    headers: { ...seller.headers, "content-type": "application/ld+json" },
    data: { entityType: "keywords", entity: keyword.id, field: "bid", value: 0.77 },
  });
  expect(staged.status(), await staged.text()).toBe(201);

  for (const locale of ["de", "en"] as const) {
    const text = TEXT[locale];
    await page.goto(`${text.prefix}/hangar/campaigns`);
    await page.getByTestId("open-change-history").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/hangar/history`));
    const row = page.getByTestId("history-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(keyword.keywordText);
    await expect(row).toContainText(text.field);
    // The person, by name (the fixture's seller), not "a user".
    await expect(row.getByTestId("history-author")).toHaveText("Erika Test");
    await expect(row).toContainText(text.date);

    // A filter lives in the URL: a reload keeps it, and nothing matches "budget".
    await page.goto(`${text.prefix}/hangar/history?field=budget`);
    await expect(page.getByTestId("history-empty")).toContainText(text.emptyFiltered);
    await page.goto(`${text.prefix}/hangar/history?field=bid&authorKind=user`);
    await expect(page.getByTestId("history-row")).toHaveCount(1);
    // The filter by person: the customer's people by name, the choice in the URL.
    await page.getByTestId("history-filter-author").click();
    await page.getByRole("option", { name: "Erika Test" }).click();
    await expect(page).toHaveURL(/[?&]author=[0-9a-f-]{36}/);
    await expect(page.getByTestId("history-row")).toHaveCount(1);
    await page.getByTestId("export-button").click();
    const href = await page.getByTestId("export-xlsx").getAttribute("href");
    expect(href).toContain(`${text.prefix}/hangar/history/export?`);
    expect(href).toContain("field=bid");
    expect(href).toContain(`locale=${locale}`);
    const file = await page.request.get(href!.replace("format=xlsx", "format=csv"));
    expect(file.status()).toBe(200);
    const csv = await file.text();
    expect(csv).toContain(keyword.keywordText);
    expect(csv).toContain(text.field);
    expect(csv).not.toMatch(/\bkeywords\b|\bpending\b/);
  }
});
