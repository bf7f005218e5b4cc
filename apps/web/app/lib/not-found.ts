import { data } from "react-router";

export interface NotFoundData {
  reason: "invalid-params" | "unknown-route";
  path: string;
}

const STATUS_TEXT: Record<NotFoundData["reason"], string> = {
  // Spec §2: a failed route validation and an unknown route carry different default messages.
  "invalid-params": "Page Not Found",
  "unknown-route": "Page not found",
};

/** The 404 error page for the given URL, carrying its full path. */
export function notFound(reason: NotFoundData["reason"], url: URL) {
  return data<NotFoundData>(
    { reason, path: `${url.pathname}${url.search}` },
    { status: 404, statusText: STATUS_TEXT[reason] },
  );
}
