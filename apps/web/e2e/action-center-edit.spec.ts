import { api, type Collection } from "./action-center-setup.ts";
import { expect as baseExpect, SANDBOX_SELLERS, suggestModeRun, test } from "./fixtures.ts";

/**
 * Edit then accept (issue 21 §1), in German and in English, on a fresh customer connected to the
 * sandbox's "alpine" business in suggest mode: a bid proposal is edited in its row (keyboard:
 * type, Enter), a bid Amazon would refuse is the edit's translated message, a valid one is
 * accepted as a change with the seller's value, and the done tab says it was accepted with that
 * value instead of the proposed one, in the locale's money format.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ sellerOptions: { amazon: SANDBOX_SELLERS.alpine } });

const TEXT = {
  de: {
    prefix: "",
    done: "Erledigt",
    refused: "Amazon akzeptiert auf diesem Marktplatz Gebote von 0,02 € bis 1.000,00 €",
    instead: "statt",
  },
  en: {
    prefix: "/en",
    done: "Done",
    refused: "Amazon accepts bids from €0.02 to €1,000.00 on this marketplace",
    instead: "instead of",
  },
} as const;

for (const locale of ["de", "en"] as const) {
  const text = TEXT[locale];
  test(`a bid proposal is edited, then accepted with the seller's value (${locale})`, async ({
    page,
    request,
    seller,
  }) => {
    test.setTimeout(180_000);
    await suggestModeRun(request, seller);
    const bids = () =>
      api<Collection>(
        request,
        seller,
        `/api/recommendations?sellerProfile=${seller.profileId}&status=open&kind=bid&itemsPerPage=1`,
      );
    await expect
      .poll(async () => (await bids())["hydra:totalItems"], { timeout: 60_000 })
      .toBeGreaterThan(0);

    await page.goto(`${text.prefix}/action-center?kind=bid`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const id = String(await page.getByTestId("queue-row").first().getAttribute("data-id"));
    // That row by its id from here on: a reload (new arrivals) may reorder the queue under it.
    const row = page.locator(`[data-testid=queue-row][data-id="${id}"]`);
    const rec = await api<Record<string, unknown>>(request, seller, `/api/recommendations/${id}`);
    const proposed = rec.proposedValue as number;
    const mine = Math.max(0.05, Math.round((proposed - 0.03) * 100) / 100);
    const typed = (n: number) => (locale === "de" ? String(n).replace(".", ",") : String(n));

    await row.getByTestId("queue-edit").click();
    const input = page.getByTestId("queue-edit-value");
    await expect(input).toBeFocused();
    await input.fill(typed(5000));
    await input.press("Enter");
    await expect(page.getByTestId("queue-edit-error")).toContainText(text.refused);
    await page.screenshot({
      path: test.info().outputPath(`action-center-edit-open-${locale}.png`),
    });
    expect(
      (await api<Record<string, unknown>>(request, seller, `/api/recommendations/${id}`)).status,
    ).toBe("open");

    await input.fill(typed(mine));
    await expect(input).toHaveValue(typed(mine));
    await input.press("Enter");
    // The server's answer first, then the page's: a failure says which of the two did not follow,
    // with the recommendation's status and what the edit said (a CI run once waited here).
    await expect
      .poll(async () => ({
        status: (await api<Record<string, unknown>>(request, seller, `/api/recommendations/${id}`))
          .status,
        pageSays: await page.getByTestId("queue-edit-error").allInnerTexts(),
      }))
      .toEqual({ status: "accepted", pageSays: [] });
    await expect(row).toHaveCount(0);
    const accepted = await api<Record<string, unknown>>(
      request,
      seller,
      `/api/recommendations/${id}`,
    );
    expect(accepted).toMatchObject({
      status: "accepted",
      proposedValue: proposed,
      acceptedValue: mine,
    });
    const change = await api<Record<string, unknown>>(request, seller, String(accepted.change));
    expect(change.newValue).toBe(mine);

    await page.getByTestId("queue-tabs").getByText(text.done).click();
    await expect(page).toHaveURL(/tab=done/);
    const money = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", {
      style: "currency",
      currency: "EUR",
    });
    const done = page.locator(`[data-testid=queue-row][data-id="${id}"]`);
    await expect(done.getByTestId("queue-accepted-instead")).toContainText(
      `${money.format(mine)} ${text.instead} ${money.format(proposed)}`,
    );
    await page.screenshot({ path: test.info().outputPath(`action-center-edit-${locale}.png`) });
  });
}

const STATE_TEXT = {
  de: { archived: "Archiviert", paused: "Pausiert", instead: "statt" },
  en: { archived: "Archived", paused: "Paused", instead: "instead of" },
} as const;

for (const locale of ["de", "en"] as const) {
  const text = { ...TEXT[locale], ...STATE_TEXT[locale] };
  test(`a pause proposal is accepted as another state, and that state is pushed (${locale})`, async ({
    page,
    request,
    seller,
  }) => {
    test.setTimeout(240_000);
    // Pause on low cover with a year's cover as "low": every selling product ad is proposed paused
    await suggestModeRun(request, seller, { lowCoverAction: "pause", lowCoverDays: 365 });
    const states = () =>
      api<Collection>(
        request,
        seller,
        `/api/recommendations?sellerProfile=${seller.profileId}&status=open&kind=state&itemsPerPage=1`,
      );
    await expect
      .poll(async () => (await states())["hydra:totalItems"], { timeout: 60_000 })
      .toBeGreaterThan(0);

    await page.goto(`${text.prefix}/action-center?kind=state`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const id = String(await page.getByTestId("queue-row").first().getAttribute("data-id"));
    const row = page.locator(`[data-testid=queue-row][data-id="${id}"]`);
    const rec = await api<Record<string, unknown>>(request, seller, `/api/recommendations/${id}`);
    expect(rec).toMatchObject({ kind: "state", currentValue: "ENABLED", proposedValue: "PAUSED" });

    await row.getByTestId("queue-edit").click();
    // The states but the current one: the proposed one chosen, the other one offered
    await expect(page.getByTestId("queue-edit-state-ENABLED")).toHaveCount(0);
    await expect(page.getByTestId("queue-edit-state-PAUSED")).toBeChecked();
    await page.getByLabel(text.archived, { exact: true }).check();
    await page.screenshot({
      path: test.info().outputPath(`action-center-edit-state-open-${locale}.png`),
    });
    await page.getByTestId("queue-edit-accept").click();
    await expect
      .poll(
        async () =>
          (await api<Record<string, unknown>>(request, seller, `/api/recommendations/${id}`))
            .status,
      )
      .toBe("accepted");
    await expect(row).toHaveCount(0);
    const accepted = await api<Record<string, unknown>>(
      request,
      seller,
      `/api/recommendations/${id}`,
    );
    expect(accepted).toMatchObject({ proposedValue: "PAUSED", acceptedValue: "ARCHIVED" });
    const change = await api<Record<string, unknown>>(request, seller, String(accepted.change));
    expect(change).toMatchObject({ field: "state", newValue: "ARCHIVED" });
    // Pushed: the sandbox's Amazon archives the ad, the change and the proposal say applied
    await api(request, seller, `${String(change.batch)}/push`, { method: "POST", data: {} });
    await expect
      .poll(
        async () =>
          (await api<Record<string, unknown>>(request, seller, String(accepted.change))).status,
        { timeout: 120_000, intervals: [1000] },
      )
      .toBe("applied");

    await page.goto(`${text.prefix}/action-center?tab=done&kind=state`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const done = page.locator(`[data-testid=queue-row][data-id="${id}"]`);
    await expect(done.getByTestId("queue-accepted-instead")).toContainText(
      `${text.archived} ${text.instead} ${text.paused}`,
    );
    await page.screenshot({
      path: test.info().outputPath(`action-center-edit-state-${locale}.png`),
    });
  });
}
