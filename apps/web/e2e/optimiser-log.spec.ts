import type { APIRequestContext } from "@playwright/test";
import {
  expect as baseExpect,
  SANDBOX_SELLERS,
  type Seller,
  scheduledOptimiserRunSettled,
  test,
} from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";
import { sandboxList } from "./sandbox-ads.ts";

/**
 * Issue 19 §4, "Done when" (browser part), in German and in English, each test on its own
 * customer connected to the sandbox's small "alpine" business (never the demo seller): in suggest
 * mode a run fills the bid optimisation log with proposals and their reasons; in automatic mode a
 * run's changes reach the sandbox, the log shows them with their reasons, and one is undone from
 * the log until the sandbox holds the old bid again. Waits on states, never on time.
 *
 * Every test's customer is connected to the sandbox's alpine business (the small one with
 * reports the optimiser decides on); the automatic runs write its bids, so the tests run one
 * after the other and each starts from what the previous one left (its undo included).
 */
// Runs and pushes go through the job queue and the sandbox on a shared 2-core machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ sellerOptions: { amazon: SANDBOX_SELLERS.alpine } });
test.describe.configure({ mode: "serial" });

const TEXT = {
  de: {
    prefix: "",
    money: /\d+,\d{2}\s€/,
    clicks: /Klicks?|Impressionen|Lagerreichweite/,
    undone: "Rückgängig gemacht",
  },
  en: {
    prefix: "/en",
    money: /€\d+\.\d{2}/,
    clicks: /clicks?|impressions|stock cover/,
    undone: "Undone",
  },
} as const;

interface Member {
  "@id": string;
  id: string;
  [field: string]: unknown;
}
interface Collection {
  "hydra:member": Member[];
  "hydra:totalItems": number;
}

async function api<T>(
  request: APIRequestContext,
  seller: Seller,
  path: string,
  init: { method?: string; data?: unknown; contentType?: string } = {},
): Promise<T> {
  const response = await request.fetch(path, {
    method: init.method ?? "GET",
    headers: {
      ...seller.headers,
      ...(init.data ? { "content-type": init.contentType ?? "application/ld+json" } : {}),
    },
    ...(init.data ? { data: init.data } : {}),
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (response.status() === 204 ? null : await response.json()) as T;
}

/** The seller profile's automation mode, as the bidding-rules settings write it. */
async function setAutomationMode(request: APIRequestContext, seller: Seller, mode: string) {
  const existing = await api<Collection>(
    request,
    seller,
    `/api/seller_profile_settings?sellerProfile=${seller.profileId}`,
  );
  const row = existing["hydra:member"][0];
  if (row)
    await api(request, seller, row["@id"], {
      method: "PATCH",
      contentType: "application/merge-patch+json",
      data: { values: { ...(row.values as object), automationMode: mode } },
    });
  else
    await api(request, seller, "/api/seller_profile_settings", {
      method: "POST",
      data: {
        sellerProfile: `/api/seller_profiles/${seller.profileId}`,
        values: { automationMode: mode },
      },
    });
}

for (const locale of ["de", "en"] as const) {
  const { prefix, money, clicks, undone } = TEXT[locale];

  test.describe(`suggest (${locale})`, () => {
    test(`suggest mode: a run fills the log with proposals and their reasons (${locale})`, async ({
      page,
      request,
      seller,
    }) => {
      test.setTimeout(180_000);
      await setAutomationMode(request, seller, "suggest");
      await scheduledOptimiserRunSettled(request, seller);
      await page.goto(`${prefix}/hangar/bid-optimisation`);
      await expectHydrated(page);
      // No run yet: the empty log says why.
      await expect(page.getByTestId("log-empty")).toBeVisible();

      // The dry run previews decisions with their reasons and writes nothing.
      await page.getByTestId("log-preview").click();
      const preview = page.getByTestId("log-preview-modal");
      await expect(preview.getByTestId("log-preview-row").first()).toBeVisible();
      await expect(preview.getByTestId("log-preview-row").first()).toContainText(money);
      await page.keyboard.press("Escape");
      await expect(preview).toBeHidden();
      await expect(page.getByTestId("log-empty")).toBeVisible();

      // Run now: the log refreshes itself until the run's proposals are there.
      await page.getByTestId("log-run-now").click();
      const proposed = page.locator(
        "[data-testid=log-row][data-source=proposed][data-status=open]",
      );
      await expect(proposed.first()).toBeVisible({ timeout: 60_000 });
      // The run has ended (its proposals replaced the scheduled run's): the page shows them all.
      await expect
        .poll(
          async () =>
            (
              await api<Collection>(
                request,
                seller,
                `/api/optimiser_runs?sellerProfile=${seller.profileId}&trigger=manual&dryRun=false&status=succeeded`,
              )
            )["hydra:totalItems"],
          { timeout: 60_000 },
        )
        .toBe(1);
      await page.reload();
      await expectHydrated(page);
      const bidRow = page
        .locator("[data-testid=log-row][data-source=proposed][data-status=open]")
        .filter({ has: page.getByTestId("log-reason").getByText(money) })
        .first();
      await expect(bidRow.getByTestId("log-reason")).toContainText(clicks);
      await expect(bidRow.getByTestId("log-change")).toContainText("→");
      // The row opens to the figures the decision was made from.
      await bidRow.getByTestId("log-reason").click();
      await expect(page.getByTestId("log-inputs").first()).toBeVisible();
      await expect(page.getByTestId("log-input-shrunkCvr").first()).toContainText("%");

      // Accept one proposal (a change in the seller's tray, to review and push), reject another.
      // By id: a run the initial sync started may add newer proposals above them meanwhile.
      const statusOf = async (id: string) =>
        (await api<Member>(request, seller, `/api/recommendations/${id}`)).status;
      const acceptedId = (await bidRow.getAttribute("data-id"))!;
      await bidRow.getByTestId("log-accept").click();
      await expect.poll(() => statusOf(acceptedId)).toBe("accepted");
      const rejectedRow = page
        .locator(
          `[data-testid=log-row][data-source=proposed][data-status=open]:not([data-id="${acceptedId}"])`,
        )
        .first();
      const rejectedId = (await rejectedRow.getAttribute("data-id"))!;
      await rejectedRow.getByTestId("log-reject").click();
      await expect.poll(() => statusOf(rejectedId)).toBe("rejected");
      const accepted = await api<Member>(request, seller, `/api/recommendations/${acceptedId}`);
      expect(accepted.change).toBeTruthy();
      await page.screenshot({ path: test.info().outputPath(`optimiser-log-${locale}.png`) });

      // Filters live in the URL: "applied" shows none of the proposals, with the reason why.
      await page.getByTestId("log-filter-source").click();
      await page.getByRole("option", { name: locale === "de" ? "Übernommen" : "Applied" }).click();
      await expect(page).toHaveURL(/source=applied/);
      await expect(page.getByTestId("log-empty")).toBeVisible();
    });
  });

  test.describe(`automatic (${locale})`, () => {
    test(`automatic mode: the run's changes reach Amazon, the log shows them, undo one (${locale})`, async ({
      page,
      request,
      seller,
    }) => {
      test.setTimeout(150_000);
      await setAutomationMode(request, seller, "automatic");
      await page.goto(`${prefix}/hangar/bid-optimisation`);
      await expectHydrated(page);
      await page.getByTestId("log-run-now").click();

      // The apply job takes the run's changes to the sandbox.
      let applied: Member | undefined;
      await expect
        .poll(
          async () => {
            const list = await api<Collection>(
              request,
              seller,
              `/api/changes?sellerProfile=${seller.profileId}&authorKind=optimiser&status=applied&entityType=keywords&field=bid&itemsPerPage=1`,
            );
            applied = list["hydra:member"][0];
            return Boolean(applied);
          },
          { timeout: 90_000 },
        )
        .toBe(true);
      const change = applied as Member;
      const keyword = await api<Member>(request, seller, `/api/keywords/${change.entity}`);
      const profile = await api<Member>(request, seller, String(change.profile));
      const amazonProfileId = String(profile.amazonProfileId);
      const keywordId = String(keyword.amazonKeywordId);
      expect(await sandboxBid(request, amazonProfileId, keywordId)).toBe(change.newValue);

      // The campaign's "Bid optimisation" tab lists it too.
      const campaignId = String(keyword.campaign).split("/").pop();
      await page.goto(`${prefix}/hangar/campaigns/detail/${campaignId}?tab=optimisation`);
      await expectHydrated(page);
      await expect(
        page
          .getByTestId("optimiser-log-tab")
          .locator(`[data-testid=log-row][data-id="${change.id}"]`),
      ).toBeVisible();

      // The log shows it, applied, with its reason.
      await page.goto(`${prefix}/hangar/bid-optimisation?source=applied`);
      await expectHydrated(page);
      const row = page.locator(`[data-testid=log-row][data-id="${change.id}"]`);
      await expect(row).toHaveAttribute("data-status", "applied");
      await expect(row.getByTestId("log-reason")).toContainText(money);
      await expect(row.getByTestId("log-entity")).toHaveText(String(change.entityLabel));

      // Undo it from the log: the sandbox holds the old bid again.
      await row.getByTestId("log-row-actions").click();
      await page.getByTestId("log-undo-change").click();
      await page.getByTestId("log-undo-submit").click();
      await expect(row.getByTestId("log-undo-done")).toContainText(undone);
      await expect
        .poll(() => sandboxBid(request, amazonProfileId, keywordId), { timeout: 60_000 })
        .toBe(change.oldValue);
    });
  });
}

/** A keyword's bid as the sandbox (Amazon) holds it. */
async function sandboxBid(
  request: APIRequestContext,
  amazonProfileId: string,
  keywordId: string,
): Promise<number | undefined> {
  const keywords = await sandboxList<{ keywordId: string; bid: number }>(
    request,
    amazonProfileId,
    "keywords",
    { keywordIdFilter: { include: [keywordId] } },
  );
  return keywords.find((k) => String(k.keywordId) === keywordId)?.bid;
}
