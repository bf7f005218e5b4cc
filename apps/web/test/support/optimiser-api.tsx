/**
 * What the optimiser log's and the action center's loader tests share: a recommendation as the
 * API serialises it, an API client that answers the loaders' reads from fixed rows, and a
 * server render of one cell in a page's language (text as a person reads it).
 */
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { getI18n } from "../../app/i18n/i18n.ts";
import type { ApiClient } from "../../app/lib/api/client.ts";
import type { Locale } from "../../app/route-table.ts";

export const PROFILE = "/api/advertising_profiles/p1";

export const collection = (members: unknown[]) => ({
  "hydra:member": members,
  "hydra:totalItems": members.length,
});

/** A recommendation of the profile's run r1 (a bid on a keyword unless `values` says otherwise). */
export const recommendation = (id: string, values: Record<string, unknown>) => ({
  "@id": `/api/recommendations/${id}`,
  id,
  profile: PROFILE,
  run: "/api/optimiser_runs/r1",
  createdAt: "2026-11-19T10:00:00Z",
  kind: "bid",
  entityType: "keywords",
  subject: "",
  reasonCode: "bidDiscovery",
  reasonParams: { entityLabel: "messer" },
  ...values,
});

/** A bid proposal of 0,50 → 0,70 € rejected by user u1, with the administrator who did it for them. */
export const rejectedBy = (id: string, decidedByActorName: string | null) =>
  recommendation(id, {
    currentValue: 0.5,
    proposedValue: 0.7,
    status: "rejected",
    decidedBy: "/api/users/u1",
    decidedByActorName,
  });

/**
 * An API client for the loaders: each collection path prefix answers its rows; the profile (EUR,
 * DE) and the user u1 "Ines Imp" are always there, anything else is empty.
 */
export function apiWith(rows: Record<string, unknown[]>): ApiClient {
  const answers: [string, unknown[]][] = [
    ...Object.entries(rows),
    ["/api/advertising_profiles", [{ "@id": PROFILE, currency: "EUR", countryCode: "DE" }]],
    ["/api/users", [{ id: "u1", name: "Ines Imp" }]],
  ];
  return {
    async json(path: string) {
      const found = answers.find(([prefix]) => path.startsWith(prefix));
      return collection(found?.[1] ?? []);
    },
  } as unknown as ApiClient;
}

/** A node rendered on the server in the locale: its text with plain spaces, no React markers. */
export function renderIn(locale: Locale, node: ReactNode): string {
  return renderToString(
    <I18nextProvider i18n={getI18n(locale)}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  )
    .replace(/<!-- -->/g, "")
    .replace(/\u00a0|\u202f/g, " ");
}
