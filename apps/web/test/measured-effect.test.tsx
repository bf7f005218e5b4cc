import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { MeasuredEffect } from "../app/components/action-center/MeasuredEffect.tsx";
import { getI18n } from "../app/i18n/i18n.ts";
import type { Locale } from "../app/route-table.ts";

function render(locale: Locale, props: Parameters<typeof MeasuredEffect>[0]): string {
  return renderToString(
    <I18nextProvider i18n={getI18n(locale)}>
      <MantineProvider>
        <MeasuredEffect {...props} />
      </MantineProvider>
    </I18nextProvider>,
  )
    .replace(/<!-- -->/g, "")
    .replace(/\u00a0|\u202f/g, " ");
}

describe("the done tab's measured effect", () => {
  const measured = { monthly: 12, measuredFrom: "2026-11-17" };

  it("beside the projection, in the locale's money format", () => {
    expect(render("de", { measured, impact: 38, currency: "EUR" })).toContain(
      "gemessen: +12,00 € / Monat (Prognose +38,00 €)",
    );
    expect(render("en", { measured, impact: 38, currency: "EUR" })).toContain(
      "measured: +€12.00 a month (projected +€38.00)",
    );
    expect(
      render("de", { measured: { ...measured, monthly: -1234.5 }, impact: null, currency: "EUR" }),
    ).toContain("gemessen: -1.234,50 € / Monat");
  });

  it("a negative's spend saved and sales lost under its profit change", () => {
    const negative = { monthly: 66, measuredFrom: "2026-11-17", spendSaved: 90, salesLost: 60 };
    expect(render("de", { measured: negative, impact: null, currency: "EUR" })).toContain(
      "Ausgaben gespart: 90,00 €, Umsatz verloren: 60,00 € pro Monat",
    );
    expect(render("en", { measured: negative, impact: null, currency: "EUR" })).toContain(
      "Spend saved: €90.00, sales lost: €60.00 a month",
    );
    expect(render("de", { measured, impact: 38, currency: "EUR" })).not.toContain("gespart");
  });

  it("before its 14 days are over: the day it is measured on; nothing without an effect", () => {
    const pending = { monthly: null, measuredFrom: "2026-12-05" };
    expect(render("de", { measured: pending, impact: 38, currency: "EUR" })).toContain(
      "wird ab 05.12.2026 gemessen (14 Tage nach der Änderung)",
    );
    expect(render("en", { measured: pending, impact: 38, currency: "EUR" })).toContain(
      "measured from 05/12/2026 (14 days after the change)",
    );
    expect(render("de", { measured: null, impact: 38, currency: "EUR" })).not.toContain("gemessen");
  });
});
