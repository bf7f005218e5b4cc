import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { SyncArrivals, type SyncArrivalsView } from "../app/components/amazon/SyncArrivals.tsx";
import { getI18n } from "../app/i18n/i18n.ts";
import type { Locale } from "../app/route-table.ts";

function render(locale: Locale, arrived: SyncArrivalsView): string {
  return renderToString(
    <I18nextProvider i18n={getI18n(locale)}>
      <MantineProvider>
        <SyncArrivals arrived={arrived} />
      </MantineProvider>
    </I18nextProvider>,
  ).replace(/<!-- -->/g, "");
}

describe("what a sync brought", () => {
  const demo = { campaigns: 48, ad_groups: 612, keywords: 3600, targets: 1448, reportDays: 90 };

  it("is worded with the locale's numbers, plurals and list in German and English", () => {
    expect(render("de", demo)).toContain(
      "Von Amazon übernommen: 48 Kampagnen, 612 Anzeigengruppen, 3.600 Keywords, 1.448 Produkt-Targetings und Berichte für 90 Tage",
    );
    expect(render("en", demo)).toContain(
      "Arrived from Amazon: 48 campaigns, 612 ad groups, 3,600 keywords, 1,448 product targets, and 90 days of reports",
    );
    expect(render("en", { campaigns: 1, reportDays: 1 })).toContain(
      "1 campaign and 1 day of reports",
    );
  });

  it("shows nothing when nothing arrived", () => {
    expect(render("de", { campaigns: 0 })).not.toContain("sync-arrivals");
  });
});
