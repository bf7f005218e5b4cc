import { expect, SANDBOX_SELLERS, syncFinished, test } from "./fixtures.ts";
import { expectHydrated } from "./helpers.ts";

/**
 * Settings › Amazon after connecting (the settings route's action writes, the panel reads live):
 * an advertising profile switched off and on again, a sync started by hand, and a connection
 * removed, each kept after a reload. A fresh customer connected to the sandbox's "alpine" business.
 */
test.use({ sellerOptions: { amazon: SANDBOX_SELLERS.alpine } });

interface Profile {
  id: string;
  countryCode: string;
  active: boolean;
}

for (const locale of ["de", "en"] as const) {
  test(`the Amazon panel switches a profile, syncs now and disconnects (${locale})`, async ({
    page,
    request,
    seller,
  }) => {
    test.setTimeout(240_000);
    const prefix = locale === "de" ? "" : "/en";
    const profiles = async () =>
      (
        (await (
          await request.get(`/api/advertising_profiles?profile=${seller.profileId}`, {
            headers: seller.headers,
          })
        ).json()) as { "hydra:member": Profile[] }
      )["hydra:member"];
    const runs = async () =>
      (
        (await (
          await request.get(`/api/sync_runs?sellerProfile=${seller.profileId}&itemsPerPage=50`, {
            headers: seller.headers,
          })
        ).json()) as { "hydra:totalItems": number }
      )["hydra:totalItems"];

    await page.goto(`${prefix}/settings?tab=amazon`);
    await expectHydrated(page);
    const ads = page.getByTestId("amazon-ads");
    await expect(ads).toHaveAttribute("data-status", "connected");
    const switches = page.getByTestId("advertising-profile-switch");
    await expect(switches.first()).toBeChecked();
    const [first] = await profiles();
    expect(first?.active).toBe(true);

    // Off: the API has it inactive, and a reload shows it so.
    await switches.first().click({ force: true });
    await expect.poll(async () => (await profiles())[0]?.active).toBe(false);
    await page.reload();
    await expectHydrated(page);
    await expect(page.getByTestId("advertising-profile-switch").first()).not.toBeChecked();
    // And on again.
    await page.getByTestId("advertising-profile-switch").first().click({ force: true });
    await expect.poll(async () => (await profiles())[0]?.active).toBe(true);

    // Sync now: one more run for this seller profile.
    const before = await runs();
    await page.getByTestId("sync-now").click();
    await expect.poll(runs).toBe(before + 1);
    await syncFinished(request, seller);

    // Disconnect the Ads API: the card says so, after a reload too.
    await page.getByTestId("disconnect-ads").click();
    await expect(page.getByTestId("amazon-ads")).toHaveAttribute("data-status", "disconnected");
    await page.reload();
    await expectHydrated(page);
    await expect(page.getByTestId("amazon-ads")).toHaveAttribute("data-status", "disconnected");
    await expect(page.getByTestId("amazon-sp")).toHaveAttribute("data-status", "connected");
  });
}
