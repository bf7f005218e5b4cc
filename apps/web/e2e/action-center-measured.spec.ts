import { api, type Collection } from "./action-center-setup.ts";
import { expect as baseExpect, SANDBOX_SELLERS, suggestModeRun, test } from "./fixtures.ts";
import { serverDatabase } from "./server-database.ts";

/**
 * Issue 21 §1, the done tab's measured figure for a kind other than a bid, in German and in
 * English, each on its own customer connected to the sandbox's "alpine" business: a pause of a
 * product ad (pause on low cover, a year's cover counting as low) is accepted, pushed and applied
 * in the sandbox. Its measured effect needs 14 days after the change; the test moves the
 * change's day 20 days back in the server's database and writes the ad's facts around it (4 € a
 * day spent on no sales in the 14 days before, nothing after: the pause saved 120 € a month),
 * removed again at the end. Waits on states, never on time.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ sellerOptions: { amazon: SANDBOX_SELLERS.alpine } });

const TEXT = {
  de: { prefix: "", measured: (amount: string) => `gemessen: ${amount} / Monat` },
  en: { prefix: "/en", measured: (amount: string) => `measured: ${amount} a month` },
} as const;

type Member = Record<string, unknown>;

for (const locale of ["de", "en"] as const) {
  const text = TEXT[locale];
  test(`the done tab shows a pause's measured effect, 14 days on (${locale})`, async ({
    page,
    request,
    seller,
  }) => {
    test.setTimeout(240_000);
    await suggestModeRun(request, seller, { lowCoverAction: "pause", lowCoverDays: 365 });
    const [rec] = (
      await api<Collection>(
        request,
        seller,
        `/api/recommendations?sellerProfile=${seller.profileId}&status=open&kind=state&itemsPerPage=1`,
      )
    )["hydra:member"];
    expect(rec, "the run proposes a pause").toBeTruthy();
    const iri = String(rec!["@id"]);
    const patched = await request.patch(iri, {
      headers: { ...seller.headers, "content-type": "application/merge-patch+json" },
      data: { status: "accepted" },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    const accepted = (await patched.json()) as Member;
    expect(accepted.entityType).toBe("product_ads");
    const change = await api<Member>(request, seller, String(accepted.change));
    await api(request, seller, `${String(change.batch)}/push`, { method: "POST", data: {} });
    await expect
      .poll(async () => (await api<Member>(request, seller, iri)).status, {
        timeout: 120_000,
        intervals: [1000],
      })
      .toBe("applied");

    const db = await serverDatabase();
    let written: { profile: string; amazonId: string; from: string; to: string } | undefined;
    try {
      // The change as applied 20 days ago: its 14 days after are over
      const moved = await db.query<{ day: string }>(
        `update changes set applied_at = applied_at - interval '20 days' where id = $1
         returning to_char(applied_at at time zone 'UTC', 'YYYY-MM-DD') as day`,
        [change.id],
      );
      const day = moved.rows[0]!.day;
      const ad = (
        await db.query<{
          profile: string;
          amazon_id: string;
          campaign: string;
          ad_group: string;
        }>(
          `select advertising_profile_id as profile, amazon_ad_id as amazon_id,
                  amazon_campaign_id as campaign, amazon_ad_group_id as ad_group
             from product_ads where id = $1`,
          [rec!.entity],
        )
      ).rows[0]!;
      const at = (n: number) =>
        new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
      written = { profile: ad.profile, amazonId: ad.amazon_id, from: at(-14), to: at(14) };
      for (let n = -14; n <= 14; n++) {
        if (n === 0) continue;
        const cost = n < 0 ? 4_000_000 : 0;
        await db.query(
          `insert into ad_performance_daily (advertising_profile_id, entity_type, amazon_id, date,
             amazon_campaign_id, amazon_ad_group_id, impressions, clicks, cost_micros, orders, units,
             sales_micros)
           values ($1, 'product_ad', $2, $3, $4, $5, 100, 8, $6, 0, 0, 0)
           on conflict (advertising_profile_id, entity_type, amazon_id, date) do update set
             impressions = 100, clicks = 8, cost_micros = $6, orders = 0, units = 0, sales_micros = 0`,
          [ad.profile, ad.amazon_id, at(n), ad.campaign, ad.ad_group, cost],
        );
      }
      expect((await api<Member>(request, seller, iri)).measuredEffect).toMatchObject({
        appliedOn: day,
        before: -120,
        after: 0,
        monthly: 120,
      });

      await page.goto(`${text.prefix}/action-center?tab=done&kind=state`);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const row = page.locator(`[data-testid=queue-row][data-id="${rec!.id}"]`);
      await expect(row).toHaveAttribute("data-status", "applied");
      const money = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", {
        style: "currency",
        currency: "EUR",
      });
      await expect(row.getByTestId("queue-measured")).toHaveText(
        text.measured(`+${money.format(120)}`),
      );
      await page.screenshot({
        path: test.info().outputPath(`action-center-measured-${locale}.png`),
      });
    } finally {
      if (written)
        await db.query(
          `delete from ad_performance_daily where advertising_profile_id = $1
             and entity_type = 'product_ad' and amazon_id = $2 and date between $3 and $4`,
          [written.profile, written.amazonId, written.from, written.to],
        );
      await db.end();
    }
  });
}
