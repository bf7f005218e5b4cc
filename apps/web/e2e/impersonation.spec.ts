/**
 * Issue 22: an administrator finds a seller, views Starport as them (a banner on every page),
 * stages a bid change that the history shows as theirs for the seller, ends the view and is back
 * in their own session; the audit log holds the start, the write and the end. A proposal they
 * reject for the seller shows them in the bid optimisation log.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { api, type Collection } from "./action-center-setup.ts";
import {
  createSeller,
  expect,
  SANDBOX_SELLERS,
  type Seller,
  suggestModeRun,
  test,
} from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";
import { STATE } from "./session.ts";

const TEXT = {
  de: {
    banner: /Sie sehen Starport als Ines Imp .* angemeldet als Ada Admin, bis \d{2}\.\d{2}\.\d{4}/,
    author: "Ada Admin (Administrator) für Ines Imp",
    write: "Änderung",
  },
  en: {
    banner:
      /You are viewing Starport as Ines Imp .* signed in as Ada Admin, until \d{2}\/\d{2}\/\d{4}/,
    author: "Ada Admin (administrator) for Ines Imp",
    write: "Write",
  },
} as const;

test.use({ storageState: STATE.admin });

/** Starts the administrator's view of Starport as the seller from the user's admin page. */
async function viewAs(page: Page, request: APIRequestContext, seller: Seller, prefix: string) {
  const userId = (
    (await (await request.get("/api/me", { headers: seller.headers })).json()) as { id: string }
  ).id;
  await page.goto(`${prefix}/admin/users/${userId}`);
  await expect(page.locator('[data-page="admin-user"]')).toBeVisible();
  await expectHydrated(page);
  await page.getByTestId("user-impersonate").click();
  await expect(page.getByTestId("impersonation-banner")).toBeVisible({ timeout: 30_000 });
  const token = (await page.context().cookies()).find((c) => c.name === "token")?.value;
  return { authorization: `Bearer ${token}` };
}

for (const locale of ["de", "en"] as const) {
  const prefix = locale === "de" ? "" : "/en";
  const text = TEXT[locale];
  test.describe(locale, () => {
    // the start lands on the dashboard, whose language the browser's decides
    test.use({ locale: locale === "de" ? "de-DE" : "en-US" });

    test(`an administrator views Starport as a seller, changes a bid for them and ends the view (${locale})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      // the day the test starts: every event it makes is on or after it, even past midnight
      const today = new Date().toISOString().slice(0, 10);
      const seller = await createSeller(request, {
        name: "Ines Imp",
        amazon: SANDBOX_SELLERS.alpine,
      });
      try {
        const userId = (
          (await (await request.get("/api/me", { headers: seller.headers })).json()) as {
            id: string;
          }
        ).id;
        await page.goto(`${prefix}/admin/users/${userId}`);
        await expect(page.locator('[data-page="admin-user"]')).toBeVisible();
        await expectHydrated(page);
        await page.getByTestId("user-impersonate").click();

        // Starport as the seller sees it, with the banner on every page
        const banner = page.getByTestId("impersonation-banner");
        await expect(banner).toBeVisible({ timeout: 30_000 });
        await expect(banner).toContainText(text.banner);
        await page.goto(`${prefix}/hangar/history`);
        await expect(banner).toBeVisible();
        await expect(page.getByTestId("history-empty")).toBeVisible();
        // the administration is not the seller's
        const forbidden = await page.goto(`${prefix}/admin/users`);
        expect(forbidden?.status()).toBe(403);
        await expect(banner).toHaveCount(0); // the error page has no layout…
        await page.goto(`${prefix}/settings`);
        await expect(banner).toBeVisible(); // …every page with one shows it

        // a bid change staged with the session's token is the administrator's, for the seller
        const token = (await page.context().cookies()).find((c) => c.name === "token")?.value;
        const headers = { authorization: `Bearer ${token}` };
        const keyword = (
          (await (await request.get("/api/keywords?itemsPerPage=1", { headers })).json()) as {
            "hydra:member": { id: string }[];
          }
        )["hydra:member"][0];
        const staged = await request.post("/api/changes", {
          headers: { ...headers, "content-type": "application/ld+json" },
          data: { entityType: "keywords", entity: keyword?.id, field: "bid", value: 0.66 },
        });
        expect(staged.status(), await staged.text()).toBe(201);
        await page.goto(`${prefix}/hangar/history`);
        await expect(page.getByTestId("history-row")).toHaveCount(1);
        await expect(page.getByTestId("history-author")).toHaveText(text.author);

        // the end gives the administrator their own session back
        await page.getByTestId("impersonation-end").click();
        await expect(page).toHaveURL(new RegExp(`${prefix}/admin/users`));
        await expect(page.locator('[data-page="admin-users"]')).toBeVisible();
        await expect(page.getByTestId("impersonation-banner")).toHaveCount(0);
        const ended = await request.get("/api/me", { headers });
        expect(ended.status()).toBe(401);

        // the seller sees the change as the administrator's, made for them
        const own = await request.get(`/api/changes?itemsPerPage=5`, { headers: seller.headers });
        const change = ((await own.json()) as { "hydra:member": { actorName: string }[] })[
          "hydra:member"
        ][0];
        expect(change?.actorName).toBe("Ada Admin");

        // the audit log lists it all, newest first, down to the seller's own sign-in
        await page.goto(`${prefix}/admin/audit?search=${encodeURIComponent(seller.email)}`);
        const rows = page.getByTestId("audit-row");
        await expect(rows).toHaveCount(4);
        expect(await rows.evaluateAll((all) => all.map((row) => row.dataset.action))).toEqual([
          "impersonation-ended",
          "write",
          "impersonation-started",
          "sign-in",
        ]);
        await expect(rows.nth(1)).toContainText("POST /api/changes → 201");
        await expect(rows.nth(1)).toContainText("admin@starport.dev");
        await expect(rows.nth(1)).toContainText(text.write);
        // the log fits a 1280 px screen: long values are cut (in full in their title), the
        // table does not scroll sideways
        await page.setViewportSize({ width: 1280, height: 800 });
        const scrollBox = page.getByTestId("audit-table").locator("xpath=..");
        await expect
          .poll(() => scrollBox.evaluate((box) => box.scrollWidth - box.clientWidth))
          .toBeLessThanOrEqual(0);
        // days in the page's language, kept in the URL
        const [y, m, d] = today.split("-");
        await page
          .getByTestId("audit-from")
          .fill(locale === "de" ? `${d}.${m}.${y}` : `${d}/${m}/${y}`);
        await page.getByTestId("audit-apply").click();
        await expect(page).toHaveURL(new RegExp(`[?&]from=${today}`));
        await expect(rows).toHaveCount(4);
        await page.goto(
          `${prefix}/admin/audit?search=${encodeURIComponent(seller.email)}&to=2000-01-01`,
        );
        await expect(page.getByTestId("audit-empty")).toBeVisible();
        await page.goto(`${prefix}/admin/audit?search=${encodeURIComponent(seller.email)}`);
        await page.getByTestId("audit-action").click();
        await page.getByRole("option", { name: text.write, exact: true }).click();
        await expect(page).toHaveURL(/[?&]action=write/);
        await expect(rows).toHaveCount(1);
        await page.getByTestId("export-button").click();
        await expect(page.getByTestId("export-csv")).toHaveAttribute(
          "href",
          new RegExp(`${prefix}/admin/audit/export\\?.*action=write.*format=csv`),
        );
      } finally {
        for (const api of ["sp", "ads"] as const)
          await request.delete(`/api/amazon/connections/${api}?sellerProfile=${seller.profileId}`, {
            headers: seller.headers,
          });
      }
    });

    test(`a proposal the administrator rejects for the seller names them in the optimisation log and the done tab (${locale})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const seller = await createSeller(request, {
        name: "Ines Imp",
        amazon: SANDBOX_SELLERS.alpine,
      });
      try {
        await suggestModeRun(request, seller);
        // the log's newest proposal of a reason (its filter), still open
        const query = `sellerProfile=${seller.profileId}&order[createdAt]=desc&itemsPerPage=50`;
        const [first] = (await api<Collection>(request, seller, `/api/recommendations?${query}`))[
          "hydra:member"
        ];
        const reason = String(first?.reasonCode);
        const proposal = (
          await api<Collection>(
            request,
            seller,
            `/api/recommendations?${query}&reasonCode=${reason}`,
          )
        )["hydra:member"].find((r) => r.status === "open");
        expect(proposal, "an open proposal").toBeTruthy();

        const headers = await viewAs(page, request, seller, prefix);
        const rejected = await request.patch(String(proposal!["@id"]), {
          headers: { ...headers, "content-type": "application/merge-patch+json" },
          data: { status: "rejected" },
        });
        expect(rejected.status(), await rejected.text()).toBe(200);
        await page.goto(`${prefix}/hangar/bid-optimisation?source=proposed&reason=${reason}`);
        await expectHydrated(page);
        const row = page.locator(`[data-testid=log-row][data-id="${String(proposal!.id)}"]`);
        await expect(row).toHaveAttribute("data-status", "rejected");
        await expect(row.getByTestId("log-impersonation")).toHaveText(text.author);
        // the action center's done tab says the same, from the same sentence
        await page.goto(`${prefix}/action-center?tab=done`);
        await expectHydrated(page);
        await expect(
          page
            .locator(`[data-testid=queue-row][data-id="${String(proposal!.id)}"]`)
            .getByTestId("queue-decided-by"),
        ).toHaveText(text.author);
        await page.getByTestId("impersonation-end").click();
        await expect(page.locator('[data-page="admin-users"]')).toBeVisible();
      } finally {
        for (const api of ["sp", "ads"] as const)
          await request.delete(`/api/amazon/connections/${api}?sellerProfile=${seller.profileId}`, {
            headers: seller.headers,
          });
      }
    });
  });
}
