import type { APIRequestContext } from "@playwright/test";
import {
  expect as baseExpect,
  SANDBOX_SELLERS,
  type Seller,
  scheduledOptimiserRunSettled,
  test,
} from "./fixtures.ts";

/**
 * Issue 21 §1, the done tab's measured effect, in German and in English, each test on its own
 * customer connected to the sandbox's "alpine" business: a bid proposal of a suggest-mode run is
 * accepted and its change pushed to the sandbox; once Amazon applied it, the done tab says when
 * its effect will be measured (14 days after the change: the day after, in the locale's date
 * format). The measured figure itself needs 14 days of facts after a change:
 * action-center-measured.spec.ts writes them. Waits on states, never on time.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ sellerOptions: { amazon: SANDBOX_SELLERS.alpine } });

const TEXT = {
  de: { prefix: "", pending: (date: string) => `wird ab ${date} gemessen` },
  en: { prefix: "/en", pending: (date: string) => `measured from ${date}` },
} as const;

type Member = Record<string, unknown>;
interface Collection {
  "hydra:member": Member[];
  "hydra:totalItems": number;
}

async function api<T>(
  request: APIRequestContext,
  seller: Seller,
  path: string,
  init: { method?: string; data?: unknown; type?: string } = {},
): Promise<T> {
  const response = await request.fetch(path, {
    method: init.method ?? "GET",
    headers: {
      ...seller.headers,
      ...(init.data ? { "content-type": init.type ?? "application/ld+json" } : {}),
    },
    ...(init.data ? { data: init.data } : {}),
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

const localDate = (iso: string, locale: "de" | "en") =>
  new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${iso}T00:00:00Z`));

for (const locale of ["de", "en"] as const) {
  const text = TEXT[locale];
  test(`the done tab says when an applied bid's effect is measured (${locale})`, async ({
    page,
    request,
    seller,
  }) => {
    test.setTimeout(240_000);
    const [settings] = (
      await api<Collection>(
        request,
        seller,
        `/api/seller_profile_settings?sellerProfile=${seller.profileId}`,
      )
    )["hydra:member"];
    await api(request, seller, String(settings!["@id"]), {
      method: "PATCH",
      type: "application/merge-patch+json",
      data: { values: { ...(settings!.values as object), automationMode: "suggest" } },
    });
    await scheduledOptimiserRunSettled(request, seller);
    const run = await api<Member>(request, seller, "/api/optimiser_runs", {
      method: "POST",
      data: { sellerProfile: `/api/seller_profiles/${seller.profileId}` },
    });
    await expect
      .poll(async () => (await api<Member>(request, seller, String(run["@id"]))).status, {
        timeout: 120_000,
        intervals: [1000],
      })
      .toBe("succeeded");
    const [bid] = (
      await api<Collection>(
        request,
        seller,
        `/api/recommendations?run=${run["@id"]}&kind=bid&status=open&itemsPerPage=1`,
      )
    )["hydra:member"];
    expect(bid, "the run proposes a bid").toBeTruthy();
    const iri = String(bid!["@id"]);
    // Open and accepted: nothing measured yet
    expect(bid!.measuredEffect).toBeNull();
    const accepted = await api<Member>(request, seller, iri, {
      method: "PATCH",
      type: "application/merge-patch+json",
      data: { status: "accepted" },
    });
    const change = await api<Member>(request, seller, String(accepted.change));
    await api(request, seller, `${String(change.batch)}/push`, { method: "POST", data: {} });
    await expect
      .poll(async () => (await api<Member>(request, seller, iri)).status, {
        timeout: 120_000,
        intervals: [1000],
      })
      .toBe("applied");
    const effect = (await api<Member>(request, seller, iri)).measuredEffect as {
      appliedOn: string;
      measuredFrom: string;
      monthly: number | null;
    };
    expect(effect.monthly).toBeNull();
    const day = new Date(Date.parse(`${effect.appliedOn}T00:00:00Z`) + 15 * 86_400_000);
    expect(effect.measuredFrom).toBe(day.toISOString().slice(0, 10));

    await page.goto(`${text.prefix}/action-center?tab=done`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const row = page.locator(`[data-testid=queue-row][data-id="${bid!.id}"]`);
    await expect(row).toHaveAttribute("data-status", "applied");
    await expect(row.getByTestId("queue-measured-pending")).toHaveText(
      new RegExp(text.pending(localDate(effect.measuredFrom, locale)).replaceAll(".", "\\.")),
    );
    await page.screenshot({ path: test.info().outputPath(`action-center-done-${locale}.png`) });
  });
}
