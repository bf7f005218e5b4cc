/**
 * A screen's writes as its route action (docs/architecture.md, "A screen"): the panel submits an
 * intent through a fetcher, the action runs the write on the server and answers the outcome; a
 * refused write answers its violations (one parser: `violationsOf`). On the client the answer
 * resolves or rejects like the API call did, so `useHydraForm`, `saveWithToast` and
 * `deleteWithToast` show the same toasts and field errors as before.
 */
import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { ApiError } from "./api/client.ts";
import { type Violation, violationsOf } from "./api/hydra.ts";

export type RouteWriteResult =
  | { intent: string; ok: true; id: string | null; answer?: unknown }
  | { intent: string; ok: false; status: number; violations: Violation[] };

/**
 * Server side: runs one write of an action; an API refusal becomes an answer, not a throw. The
 * id of what the write answered (a created item) goes back to the page; with `{ answer: true }`
 * the whole answer too, for a screen that shows what the API made of its write.
 */
export async function routeWrite(
  intent: string,
  write: () => Promise<unknown>,
  options: { answer?: boolean } = {},
): Promise<RouteWriteResult> {
  try {
    const value = await write();
    const id = (value as { id?: unknown } | null | undefined)?.id;
    return {
      intent,
      ok: true,
      id: typeof id === "string" ? id : null,
      ...(options.answer ? { answer: value } : {}),
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { intent, ok: false, status: error.status, violations: violationsOf(error) };
  }
}

/** An IRI of this collection, or a 400 (an action is no proxy for other resources). */
export function iriIn(collection: string, value: FormDataEntryValue | null): string {
  const iri = String(value ?? "");
  if (!iri.startsWith(`${collection}/`) || iri.slice(collection.length + 1).includes("/"))
    throw new Response(`Not an IRI of ${collection}`, { status: 400 });
  return iri;
}

/** The form field an action reads a JSON body from. */
export const BODY_FIELD = "body";

/** Reads the JSON body a `useRouteWrite` call sent. */
export function writeBody(form: FormData): Record<string, unknown> {
  const raw = form.get(BODY_FIELD);
  let body: unknown = {};
  try {
    body = typeof raw === "string" && raw ? JSON.parse(raw) : {};
  } catch {
    // Bad input is a 400, never the error page of a crashed action.
    throw new Response("The body field is not JSON", { status: 400 });
  }
  return body && typeof body === "object" && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * Client side: `write(intent, fields, body?)` posts to the route action (the current route when
 * `action` is not given) and resolves, with the id of a created item, once the action and the
 * revalidation after it are done; a refused write rejects with an ApiError carrying the violations.
 */
export function useRouteWrite(action?: string) {
  const fetcher = useFetcher<RouteWriteResult>();
  const pending = useRef<{
    resolve(result: { id: string | null; answer?: unknown }): void;
    reject(error: unknown): void;
  } | null>(null);
  const { state, data, submit } = fetcher;

  useEffect(() => {
    if (state !== "idle" || !pending.current) return;
    const settle = pending.current;
    pending.current = null;
    if (data?.ok) settle.resolve({ id: data.id, answer: data.answer });
    else
      settle.reject(
        new ApiError(
          data?.status ?? 500,
          data && !data.ok ? { violations: data.violations } : null,
        ),
      );
  }, [state, data]);

  return useCallback(
    (
      intent: string,
      fields: Record<string, string> = {},
      body?: object,
    ): Promise<{ id: string | null; answer?: unknown }> =>
      new Promise((resolve, reject) => {
        pending.current = { resolve, reject };
        const form = new FormData();
        form.set("intent", intent);
        for (const [name, value] of Object.entries(fields)) form.set(name, value);
        if (body) form.set(BODY_FIELD, JSON.stringify(body));
        submit(form, { method: "post", ...(action ? { action } : {}) }).catch(reject);
      }),
    [submit, action],
  );
}
