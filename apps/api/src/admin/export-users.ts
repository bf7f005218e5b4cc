import type { Database } from "@starport/db";
import type { FastifyReply } from "fastify";
import { type ColumnSpec, type ExportFormat, exportList } from "../hydra/export.ts";
import { listUsers, MAX_USERS_PER_PAGE, type UserListQuery } from "./list-users.ts";

const ROLE_LABELS: Record<string, Record<"de" | "en", string>> = {
  ROLE_USER: { de: "Benutzer", en: "User" },
  ROLE_ADMIN: { de: "Administrator", en: "Administrator" },
};

/** The list's columns as a file names them (the screen uses the same words). */
const COLUMNS: Record<string, ColumnSpec> = {
  name: { label: { de: "Name", en: "Name" }, kind: "text" },
  email: { label: { de: "E-Mail", en: "Email" }, kind: "text" },
  "customer.name": { label: { de: "Kunde", en: "Customer" }, kind: "text" },
  roles: {
    label: { de: "Rollen", en: "Roles" },
    kind: "text",
    compute: (member, locale) =>
      (member.roles as string[]).map((role) => ROLE_LABELS[role]?.[locale] ?? role).join(", "),
  },
  createdAt: { label: { de: "Angelegt", en: "Created" }, kind: "text" },
  lastSignInAt: { label: { de: "Letzte Anmeldung", en: "Last sign-in" }, kind: "text" },
  status: {
    label: { de: "Status", en: "Status" },
    kind: "text",
    values: {
      active: { de: "Aktiv", en: "Active" },
      deactivated: { de: "Deaktiviert", en: "Deactivated" },
    },
  },
};
/** Every user the administration's list matches, in its order, as CSV or XLSX. */
export function exportUsers(
  reply: FastifyReply,
  db: Database,
  format: ExportFormat,
  query: UserListQuery,
  raw: URLSearchParams,
) {
  return exportList(reply, format, raw, {
    columns: COLUMNS,
    fileName: { de: "benutzer", en: "users" },
    sheetTitle: { de: "Benutzer", en: "Users" },
    pageSize: MAX_USERS_PER_PAGE,
    page: (n) => listUsers(db, { ...query, page: n, itemsPerPage: MAX_USERS_PER_PAGE }),
  });
}
