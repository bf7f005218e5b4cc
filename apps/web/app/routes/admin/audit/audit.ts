/** The audit log's screen and its export: what they share (the URL's state, the API's query). */
import { AUDIT_ACTIONS, type AuditAction } from "@starport/api/admin-contract";

// The log's contract is the API's (one place); the web adds how the URL holds its state.
export {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEvent,
} from "@starport/api/admin-contract";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The log's state as the URL holds it; what it gets wrong falls back to "no filter". */
export function auditState(params: URLSearchParams) {
  const action = params.get("action");
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
  };
  return {
    search: params.get("search")?.trim().slice(0, 200) || null,
    action: (AUDIT_ACTIONS as readonly string[]).includes(action ?? "")
      ? (action as AuditAction)
      : null,
    from: day("from"),
    to: day("to"),
    page: Math.min(100_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1)),
  };
}
export type AuditState = ReturnType<typeof auditState>;

/** The API's query for the state (without the page: the export reads every page). */
export function auditQuery(state: AuditState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.search) query.set("search", state.search);
  if (state.action) query.set("action", state.action);
  if (state.from) query.set("from", state.from);
  if (state.to) query.set("to", state.to);
  return query;
}
