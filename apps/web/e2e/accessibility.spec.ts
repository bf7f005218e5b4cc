import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import type { AxeResults } from "axe-core";
import {
  LOCALES,
  type Locale,
  localizePath,
  ROUTES,
  type RouteEntry,
  shellOf,
} from "../app/route-table.ts";
import { expectHydrated } from "./helpers.ts";
import { routeParamFiller, visitor } from "./route-visits.ts";
import { STATE } from "./session.ts";

// The root path detects the browser language; German browsers stay on the unprefixed routes.
test.use({ locale: "de-DE" });
// An axe run takes seconds on a busy machine; a page, its hydration and the audit need more than 30.
// Hangar's marketplace page (a 390 KB document: the campaign table, chart and comparison) took
// 30–66 s here with two workers on 2 cores, most of it axe walking the table: the flake detector
// lists these as slow (issue 23 owns the page's weight) instead of failing them at 60 s.
test.describe.configure({ timeout: 120_000 });

const BLOCKING = new Set(["serious", "critical"]);

/** Serious and critical axe violations, one readable line per offending element. */
function blocking(results: AxeResults): string[] {
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id}: ${node.target.join(" ")} — ${node.failureSummary?.replaceAll("\n", " ")}`,
      ),
    );
}

/**
 * Records what a page must never log: Content-Security-Policy refusals, and same-origin requests
 * that fail (a missing favicon shows up here).
 */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin === new URL(page.url() || response.url()).origin && response.status() === 404) {
      if (response.request().isNavigationRequest()) return;
      problems.push(`404 for ${url.pathname}`);
    }
  });
  return problems;
}

async function auditRoute(
  page: Page,
  request: Parameters<typeof routeParamFiller>[0],
  entry: RouteEntry,
  locale: Locale,
) {
  const { url, synthetic } = await routeParamFiller(request)(
    entry,
    localizePath(entry.path, locale),
  );
  if (synthetic.length) {
    test.info().annotations.push({
      type: "synthetic params",
      description: `${synthetic.join(", ")}: no demo data, a well-formed id was used`,
    });
  }
  await auditUrl(page, url, locale);
}

async function auditUrl(page: Page, url: string, locale: Locale) {
  const problems = watchProblems(page);
  await page.goto(url);
  await expectHydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await page.waitForLoadState("networkidle");
  const violations = blocking(await new AxeBuilder({ page }).analyze());
  expect(violations, `axe on ${url}`).toEqual([]);
  expect(problems, `console and requests on ${url}`).toEqual([]);
}

// The dark scheme is one switch away; one route per layout shell keeps it axe-clean too.
const SHELL_SAMPLES = [...new Map(ROUTES.map((entry) => [shellOf(entry), entry])).values()];

// Every route is audited in German; in English one route per layout shell. axe's rules judge
// structure, accessible names and contrast, which the language does not change (both catalogues
// hold every key: i18n.test.ts), and an audit of a table page took 10–15 s of axe alone here:
// auditing every page twice was a sixth of the browser suite's time (issue 24).
const AUDITED: readonly (readonly [Locale, readonly RouteEntry[]])[] = [
  ["de", ROUTES],
  ["en", SHELL_SAMPLES],
];
for (const [locale, entries] of AUDITED) {
  for (const entry of entries) {
    test.describe(() => {
      test.use({ storageState: visitor(entry) });
      test(`${localizePath(entry.path, locale)} has no serious accessibility violation`, async ({
        page,
        request,
      }) => {
        await auditRoute(page, request, entry, locale);
      });
    });
  }
}

// Error pages render outside the layouts: not found, and forbidden (an administrator's page).
for (const locale of LOCALES) {
  test.describe(() => {
    test.use({ storageState: STATE.demo });
    for (const path of ["/no-such-page", "/admin/users"]) {
      test(`the error page of ${localizePath(path, locale)} has no serious accessibility violation`, async ({
        page,
      }) => {
        await auditUrl(page, localizePath(path, locale), locale);
        await expect(page.getByTestId("error-page")).toBeVisible();
      });
    }
  });
}

for (const locale of LOCALES) {
  for (const entry of SHELL_SAMPLES) {
    test.describe(() => {
      test.use({ storageState: visitor(entry) });
      test(`${localizePath(entry.path, locale)} in the dark scheme has no serious accessibility violation`, async ({
        page,
        request,
        context,
        baseURL,
      }) => {
        await context.addCookies([
          { name: "theme", value: "light-indigo%3Adark", url: baseURL as string },
        ]);
        await auditRoute(page, request, entry, locale);
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
      });
    });
  }
}

// Overlays render in portals outside the page; each is checked while open, in both schemes.
for (const dark of [false, true]) {
  test.describe(() => {
    test.use({ storageState: visitor(ROUTES.find((entry) => entry.key === "settings")!) });
    test(`the top bar's menus and the help dialog (${dark ? "dark" : "light"} scheme) have no serious accessibility violation`, async ({
      page,
      context,
      baseURL,
    }) => {
      test.slow(); // four axe runs
      if (dark) {
        await context.addCookies([
          { name: "theme", value: "light-indigo%3Adark", url: baseURL as string },
        ]);
      }
      // Axe reads colours as they are painted: while a menu fades out and a dialog fades in, text
      // is half transparent (1.3:1 seen). The audit waits for every transition to end.
      const audit = async (what: string) => {
        await page.waitForFunction(() =>
          document.getAnimations().every((animation) => animation.playState !== "running"),
        );
        expect(blocking(await new AxeBuilder({ page }).analyze()), what).toEqual([]);
      };
      await page.goto("/en/settings");
      await expectHydrated(page);

      await page.getByTestId("user-menu").click();
      await expect(page.getByTestId("sign-out")).toBeVisible();
      await audit("user menu");
      await page.keyboard.press("Escape");

      await page.getByTestId("profile-picker").click();
      await expect(page.getByRole("option").first()).toBeVisible();
      await audit("profile picker");
      await page.keyboard.press("Escape");

      await page.getByTestId("help-badge").click();
      await expect(page.getByTestId("help-support")).toBeVisible();
      await audit("help menu");
      await page.getByTestId("help-support").click();
      await expect(page.getByTestId("support-form")).toBeVisible();
      await audit("help dialog");
    });
  });
}
