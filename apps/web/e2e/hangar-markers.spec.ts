import type { APIRequestContext } from "@playwright/test";
import {
  expect as baseExpect,
  SANDBOX_SELLERS,
  type Seller,
  suggestModeRun,
  test,
} from "./fixtures.ts";

/**
 * Issue 21 §4, in German and in English, each test on its own customer connected to the
 * sandbox's small "alpine" business, in suggest mode (nothing is sent to Amazon): after an
 * optimiser run, the keyword a bid recommendation is for shows a marker in its ad group's table
 * (the count, an accessible name, a tooltip with the reason and the projected impact in the
 * locale's money format); it opens the proposals, leads to the queue filtered to the keyword, and
 * accepting there puts the change in the seller's tray and takes the proposal off the marker.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ sellerOptions: { amazon: SANDBOX_SELLERS.alpine } });

const TEXT = {
  de: {
    prefix: "",
    marker: /offene Empfehlung/,
    projected: "Erwartet:",
    money: /\d,\d{2}\s€/,
  },
  en: {
    prefix: "/en",
    marker: /open recommendation/,
    projected: "Projected:",
    money: /€\d[\d,]*\.\d{2}/,
  },
} as const;

type Member = Record<string, unknown>;

async function read(request: APIRequestContext, seller: Seller, path: string): Promise<Member> {
  const response = await request.get(path, { headers: seller.headers });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as Member;
}
const members = (collection: Member) => collection["hydra:member"] as Member[];
const idOf = (iri: unknown) => String(iri).split("/").pop()!;

/**
 * An open bid recommendation of a keyword whose text is unique in its ad group (so its row is the
 * one row a search for it shows), with its keyword's text.
 */
async function bidRecommendation(request: APIRequestContext, seller: Seller) {
  const recs = members(
    await read(
      request,
      seller,
      `/api/recommendations?sellerProfile=${seller.profileId}&status=open&kind=bid&itemsPerPage=1000`,
    ),
  ).filter((rec) => rec.entityType === "keywords" && typeof rec.impact === "number");
  for (const rec of recs) {
    const keyword = await read(request, seller, `/api/keywords/${rec.entity}`);
    const text = String(keyword.keywordText);
    const siblings = members(
      await read(request, seller, `/api/keywords?adGroup=${idOf(rec.adGroup)}&itemsPerPage=1000`),
    ).filter((k) => String(k.keywordText).toLowerCase().includes(text.toLowerCase()));
    if (siblings.length === 1) return { rec, text };
  }
  throw new Error(
    `no open bid recommendation of a keyword unique in its ad group (${recs.length})`,
  );
}

for (const locale of ["de", "en"] as const) {
  const text = TEXT[locale];
  test(`a keyword's open recommendation shows a marker that opens it; accept (${locale})`, async ({
    page,
    request,
    seller,
  }) => {
    test.setTimeout(240_000);
    await suggestModeRun(request, seller);
    const { rec, text: keywordText } = await bidRecommendation(request, seller);
    const recId = String(rec.id);
    const openOfEntity = async () =>
      members(
        await read(request, seller, `/api/recommendations?entity=${rec.entity}&status=open`),
      ).map((r) => String(r.id));
    const open = await openOfEntity();
    expect(open).toContain(recId);

    const adGroupPage = `${text.prefix}/hangar/campaigns/adgroup/${idOf(rec.adGroup)}?q=${encodeURIComponent(keywordText)}`;
    await page.goto(adGroupPage);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const table = page.getByTestId("table-keywords");
    // Exactly this keyword: the search also lists longer keywords that contain it.
    const row = table
      .locator("tbody tr")
      .filter({ has: page.getByText(keywordText, { exact: true }) });
    await expect(row).toHaveCount(1);
    const marker = row.getByTestId("recommendation-marker");
    await expect(marker).toHaveAttribute("data-count", String(open.length));
    await expect(marker).toHaveText(String(open.length));
    await expect(row.getByRole("button", { name: text.marker })).toBeVisible();

    // The tooltip: the best proposal's reason and its projected impact in the locale's money.
    await marker.hover();
    const tooltip = page.getByRole("tooltip");
    await expect(tooltip).toContainText(text.projected);
    await expect(tooltip).toContainText(text.money);
    const tooltipText = await tooltip.innerText();

    // A click opens the proposals; the tooltip's is the first (highest projected profit).
    await marker.click();
    const popover = page.getByTestId("recommendation-popover");
    await expect(popover).toBeVisible();
    const proposals = popover.getByTestId("marker-recommendation");
    await expect(proposals).toHaveCount(Math.min(open.length, 5));
    expect(tooltipText).toContain(await proposals.first().getByTestId("marker-reason").innerText());
    const proposal = popover.locator(`[data-testid=marker-recommendation][data-id="${recId}"]`);
    await expect(proposal.getByTestId("marker-impact")).toContainText(text.money);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: test.info().outputPath(`hangar-marker-${locale}.png`) });

    // Following it: the queue shows the keyword's open proposals and no other.
    await popover.getByTestId("marker-queue-link").click();
    await expect(page).toHaveURL(new RegExp(`/action-center\\?entity=${rec.entity}`));
    await expect(page.getByTestId("queue-filter-entity")).toBeVisible();
    const queueRows = page.getByTestId("queue-row");
    await expect(queueRows).toHaveCount(open.length);
    const shown = await queueRows.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-id")));
    expect(shown.sort()).toEqual([...open].sort());
    await page.screenshot({ path: test.info().outputPath(`queue-entity-${locale}.png`) });

    // Back in Hangar, accepting it from the marker stages the change and takes it off the marker.
    await page.goBack();
    await expect(marker).toBeVisible();
    await marker.click();
    await proposal.getByTestId("marker-accept").click();
    await expect
      .poll(async () => (await read(request, seller, `/api/recommendations/${recId}`)).status)
      .toBe("accepted");
    expect((await read(request, seller, `/api/recommendations/${recId}`)).change).toBeTruthy();
    await expect(
      page.locator(`[data-testid=marker-recommendation][data-id="${recId}"]`),
    ).toHaveCount(0);
    if (open.length === 1) await expect(row.getByTestId("recommendation-marker")).toHaveCount(0);
    else await expect(marker).toHaveAttribute("data-count", String(open.length - 1));
  });
}
