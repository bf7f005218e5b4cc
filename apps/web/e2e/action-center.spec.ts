import { api, type Collection } from "./action-center-setup.ts";
import { expect as baseExpect, SANDBOX_SELLERS, suggestModeRun, test } from "./fixtures.ts";

/**
 * Issue 21 §1 (the queue), in German and in English, each test on its own customer connected to
 * the sandbox's small "alpine" business, in suggest mode (nothing is sent to Amazon): after an
 * optimiser run the action center lists the proposals ranked by projected monthly profit with
 * the total; one is accepted (a change in the seller's tray), one rejected, one snoozed, and each
 * is found in its tab. Waits on states, never on time.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ sellerOptions: { amazon: SANDBOX_SELLERS.alpine } });

const TEXT = {
  de: {
    prefix: "",
    projected: "Erwartet:",
    snoozed: "Zurückgestellt",
    done: "Erledigt",
    decidedBy: "Entschieden von Erika Test",
  },
  en: {
    prefix: "/en",
    projected: "Projected:",
    snoozed: "Snoozed",
    done: "Done",
    decidedBy: "Decided by Erika Test",
  },
} as const;

for (const locale of ["de", "en"] as const) {
  const text = TEXT[locale];
  test(`the action center ranks the proposals by profit; accept, reject, snooze (${locale})`, async ({
    page,
    request,
    seller,
  }) => {
    test.setTimeout(180_000);
    await suggestModeRun(request, seller);
    const openCount = async () =>
      (
        await api<Collection>(
          request,
          seller,
          `/api/recommendations?sellerProfile=${seller.profileId}&status=open&itemsPerPage=1`,
        )
      )["hydra:totalItems"];
    await expect.poll(openCount, { timeout: 120_000, intervals: [2000] }).toBeGreaterThan(2);

    await page.goto(`${text.prefix}/action-center`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const rows = page.getByTestId("queue-row");
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId("queue-total-impact")).toContainText(text.projected);
    // Ranked by projected profit: the known impacts descend down the page.
    const impacts = (
      await rows.evaluateAll((list) => list.map((row) => row.getAttribute("data-impact") ?? ""))
    )
      .filter((value) => value !== "")
      .map(Number);
    expect(impacts.length).toBeGreaterThan(0);
    expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
    await expect(rows.first().getByTestId("queue-reason")).not.toBeEmpty();

    // Accept the first, reject the next, snooze the next: each leaves the open queue.
    const decide = async (action: "accept" | "reject" | "snooze") => {
      const id = await rows.first().getAttribute("data-id");
      // That row by its id: a reload (new arrivals) may reorder the queue under the click.
      const row = page.locator(`[data-testid=queue-row][data-id="${id}"]`);
      await row.getByTestId(`queue-${action}`).click();
      await expect(row).toHaveCount(0);
      return id!;
    };
    const accepted = await decide("accept");
    const rejected = await decide("reject");
    const snoozed = await decide("snooze");

    const statusOf = async (id: string) =>
      (await api<Record<string, unknown>>(request, seller, `/api/recommendations/${id}`)).status;
    expect([await statusOf(accepted), await statusOf(rejected), await statusOf(snoozed)]).toEqual([
      "accepted",
      "rejected",
      "snoozed",
    ]);
    // The accepted one waits in the seller's tray as a change to send.
    const change = (
      await api<Record<string, unknown>>(request, seller, `/api/recommendations/${accepted}`)
    ).change;
    expect(change).toBeTruthy();

    await page.getByTestId("queue-tabs").getByText(text.snoozed).click();
    await expect(page).toHaveURL(/tab=snoozed/);
    await expect(page.locator(`[data-testid=queue-row][data-id="${snoozed}"]`)).toBeVisible();
    await page.getByTestId("queue-tabs").getByText(text.done).click();
    await expect(page).toHaveURL(/tab=done/);
    await expect(page.locator(`[data-testid=queue-row][data-id="${accepted}"]`)).toHaveAttribute(
      "data-status",
      "accepted",
    );
    await expect(page.locator(`[data-testid=queue-row][data-id="${rejected}"]`)).toHaveAttribute(
      "data-status",
      "rejected",
    );
    // who decided: the seller (the fixture's user), by name
    for (const id of [accepted, rejected])
      await expect(
        page.locator(`[data-testid=queue-row][data-id="${id}"]`).getByTestId("queue-decided-by"),
      ).toHaveText(text.decidedBy);
    await page.screenshot({ path: test.info().outputPath(`action-center-${locale}.png`) });
  });
}
