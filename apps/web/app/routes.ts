import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import {
  GUARDS,
  type LayoutName,
  LOCALES,
  localizePath,
  ROUTES,
  routeId,
  shellOf,
} from "./route-table.ts";

const SHELLS: readonly LayoutName[] = ["default", "default-boxed", "standalone", "empty"];

// Each locale gets the full route tree; ids carry the locale so both trees can share modules.
export default LOCALES.flatMap((locale) => [
  ...SHELLS.map((shell) =>
    layout(
      `layouts/${shell}.tsx`,
      { id: `${locale}:layout:${shell}` },
      [undefined, ...GUARDS].flatMap((guard) => {
        const entries = ROUTES.filter(
          (entry) => shellOf(entry) === shell && entry.guard === guard,
        ).map((entry) => {
          const file = entry.file ?? "routes/placeholder.tsx";
          const id = routeId(locale, entry.key);
          const path = localizePath(entry.path, locale).slice(1);
          return path === "" ? index(file, { id }) : route(path, file, { id });
        });
        if (!guard || entries.length === 0) return entries;
        // The guard's middleware (React Router's own chain) runs before these routes' loaders.
        return [layout(`guards/${guard}.ts`, { id: `${locale}:${shell}:guard:${guard}` }, entries)];
      }),
    ),
  ),
  route(localizePath("/__diagnostics/error", locale).slice(1), "routes/__diagnostics/error.tsx", {
    id: routeId(locale, "diagnostics-error"),
  }),
  // Not a screen: a Hangar table as CSV/XLSX (all pages, current filters and columns).
  route(localizePath("/hangar/export", locale).slice(1), "routes/hangar/export.ts", {
    id: routeId(locale, "hangar-export"),
  }),
  // Not a screen: the profile's change history as CSV/XLSX (the screen's filters, every page).
  route(
    localizePath("/hangar/history/export", locale).slice(1),
    "routes/hangar/history/export.ts",
    {
      id: routeId(locale, "change-history-export"),
    },
  ),
  // Not a screen: the bid optimisation log as CSV/XLSX (the screen's filters, every page).
  route(
    localizePath("/hangar/bid-optimisation/export", locale).slice(1),
    "routes/hangar/bid-optimisation/export.ts",
    { id: routeId(locale, "bid-optimisation-export") },
  ),
  // Not a screen: the product list as CSV/XLSX (all pages, current filters and order).
  route(localizePath("/product/list/export", locale).slice(1), "routes/product/list/export.ts", {
    id: routeId(locale, "product-list-export"),
  }),
  // Not a screen: the Cargo Bay list as CSV/XLSX (same range as the screen).
  route(
    localizePath("/cargo-bay/collections/export", locale).slice(1),
    "routes/cargo-bay/collections/export.ts",
    { id: routeId(locale, "collections-export") },
  ),
  // Not a screen: the Hangar's edits (tray, bulk, push, history, undo) through changes.
  route(localizePath("/hangar/changes", locale).slice(1), "routes/hangar/changes.ts", {
    id: routeId(locale, "hangar-changes"),
  }),
  // Not a screen: the audit log as CSV/XLSX (the screen's filters, every page).
  route(localizePath("/admin/audit/export", locale).slice(1), "routes/admin/audit/export.ts", {
    id: routeId(locale, "admin-audit-export"),
  }),
  // Not a screen: the administration's user list as CSV/XLSX (the screen's filters, every page).
  route(localizePath("/admin/users/export", locale).slice(1), "routes/admin/users/export.ts", {
    id: routeId(locale, "admin-users-export"),
  }),
  // Not a screen: the help badge's support form is sent here (on any page).
  route(localizePath("/support/requests", locale).slice(1), "routes/support/requests.ts", {
    id: routeId(locale, "support-requests"),
  }),
  // Not a screen: connecting Amazon (settings, getting started) starts Login with Amazon here.
  route(
    localizePath("/amazon/authorizations", locale).slice(1),
    "routes/amazon/authorizations.ts",
    {
      id: routeId(locale, "amazon-authorizations"),
    },
  ),
  // Not a screen: an administrator's view as a user starts and ends here.
  route(localizePath("/admin/impersonation", locale).slice(1), "routes/admin/impersonation.ts", {
    id: routeId(locale, "admin-impersonation"),
  }),
  route(localizePath("/*", locale).slice(1), "routes/$.tsx", {
    id: routeId(locale, "not-found"),
  }),
]) satisfies RouteConfig;
