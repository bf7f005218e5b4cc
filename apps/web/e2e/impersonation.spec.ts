/**
 * Issue 22: an administrator finds a seller, views Starport as them (a banner on every page),
 * stages a bid change that the history shows as theirs for the seller, ends the view and is back
 * in their own session; the audit log holds the start, the write and the end.
 */
import { createSeller, expect, SANDBOX_SELLERS, test } from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";
import { STATE } from "./session.ts";

const TEXT = {
  de: {
    banner: /Sie sehen Starport als Ines Imp .* angemeldet als Ada Admin, bis \d{2}\.\d{2}\.\d{4}/,
    author: "Ada Admin (Administrator) für Ines Imp",
  },
  en: {
    banner:
      /You are viewing Starport as Ines Imp .* signed in as Ada Admin, until \d{2}\/\d{2}\/\d{4}/,
    author: "Ada Admin (administrator) for Ines Imp",
  },
} as const;

test.use({ storageState: STATE.admin });

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

        const admin = (await page.context().cookies()).find((c) => c.name === "token")?.value;
        const audit = await request.get(`/api/admin/audit_events?user=${userId}`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        expect(audit.status(), await audit.text()).toBe(200);
        const actions = ((await audit.json()) as { "hydra:member": { action: string }[] })[
          "hydra:member"
        ].map((event) => event.action);
        // newest first, down to the seller's own sign-in when the fixture created them
        expect(actions).toEqual([
          "impersonation-ended",
          "write",
          "impersonation-started",
          "sign-in",
        ]);
      } finally {
        for (const api of ["sp", "ads"] as const)
          await request.delete(`/api/amazon/connections/${api}?sellerProfile=${seller.profileId}`, {
            headers: seller.headers,
          });
      }
    });
  });
}
