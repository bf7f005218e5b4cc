import type { Database } from "@starport/db";
import type { FastifyReply } from "fastify";
import type { AuditAction } from "../admin/user-list-contract.ts";
import { type ColumnSpec, type ExportFormat, exportList } from "../hydra/export.ts";
import {
  type AuditEventQuery,
  listAuditEvents,
  MAX_AUDIT_EVENTS_PER_PAGE,
} from "./list-audit-events.ts";

/** What the audit log's actions read as in a file (the screen uses the same words). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, Record<"de" | "en", string>> = {
  "sign-in": { de: "Anmeldung", en: "Sign-in" },
  "sign-in-failed": { de: "Fehlgeschlagene Anmeldung", en: "Failed sign-in" },
  "role-granted": { de: "Administratorrolle erteilt", en: "Administrator role granted" },
  "role-revoked": { de: "Administratorrolle entzogen", en: "Administrator role revoked" },
  deactivated: { de: "Deaktiviert", en: "Deactivated" },
  reactivated: { de: "Reaktiviert", en: "Reactivated" },
  "impersonation-started": { de: "Ansicht als Benutzer begonnen", en: "View as user started" },
  "impersonation-ended": { de: "Ansicht als Benutzer beendet", en: "View as user ended" },
  write: { de: "Änderung", en: "Write" },
};

const COLUMNS: Record<string, ColumnSpec> = {
  at: { label: { de: "Zeitpunkt", en: "When" }, kind: "text" },
  action: { label: { de: "Aktion", en: "Action" }, kind: "text", values: AUDIT_ACTION_LABELS },
  "actor.email": { label: { de: "Wer", en: "Who" }, kind: "text" },
  "subject.email": { label: { de: "Betrifft / als", en: "Concerns / as" }, kind: "text" },
  method: { label: { de: "Methode", en: "Method" }, kind: "text" },
  resource: { label: { de: "Ressource", en: "Resource" }, kind: "text" },
  status: { label: { de: "Status", en: "Status" }, kind: "number" },
  ip: { label: { de: "Adresse", en: "Address" }, kind: "text" },
};
/** The audit log's filtered events, every page, as CSV or XLSX. */
export function exportAuditEvents(
  reply: FastifyReply,
  db: Database,
  format: ExportFormat,
  query: AuditEventQuery,
  raw: URLSearchParams,
) {
  return exportList(reply, format, raw, {
    columns: COLUMNS,
    fileName: { de: "audit-protokoll", en: "audit-log" },
    sheetTitle: { de: "Audit-Protokoll", en: "Audit log" },
    pageSize: MAX_AUDIT_EVENTS_PER_PAGE,
    page: (n) =>
      listAuditEvents(db, { ...query, page: n, itemsPerPage: MAX_AUDIT_EVENTS_PER_PAGE }),
  });
}
