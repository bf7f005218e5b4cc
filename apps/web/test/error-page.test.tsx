import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorPage, type ErrorPageProps } from "../app/components/ErrorPage.tsx";
import { getI18n } from "../app/i18n/i18n.ts";
import type { Locale } from "../app/route-table.ts";

function render(locale: Locale, props: ErrorPageProps): string {
  return renderToString(
    <MemoryRouter initialEntries={[props.path]}>
      <I18nextProvider i18n={getI18n(locale)}>
        <MantineProvider>
          <ErrorPage {...props} />
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe("error pages", () => {
  it("renders the 403 access-denied page in both languages", () => {
    const en = render("en", { status: 403, path: "/en/admin/users" });
    expect(en).toContain('data-error-kind="access-denied"');
    expect(en).toContain("Access Denied");
    expect(en).toContain("You are not allowed to open /en/admin/users.");
    const de = render("de", { status: 403, path: "/admin/users" });
    expect(de).toContain("Zugriff verweigert");
  });

  it("sends every status other than 403 and 404 to the server-error page", () => {
    for (const status of [500, 502, 418]) {
      const html = render("en", { status, path: "/en" });
      expect(html).toContain('data-error-kind="server-error"');
      expect(html).toContain("Internal Server Error");
      expect(html).toContain(`>${status}<`);
    }
  });

  it("distinguishes the two 404 messages", () => {
    expect(render("en", { status: 404, reason: "unknown-route", path: "/en/x" })).toContain(
      "Page not found",
    );
    expect(render("en", { status: 404, reason: "invalid-params", path: "/en/x" })).toContain(
      "Page Not Found",
    );
  });
});
