/** Test doubles: a scripted fetch and a virtual clock. */
import type { FetchLike } from "../src/transport.ts";

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export type Handler = (call: RecordedCall, init: RequestInit) => Response | Promise<Response>;

/** A fetch that answers from a queue of handlers (the last one repeats) and records every call. */
export function scriptedFetch(...handlers: Handler[]): FetchLike & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  let i = 0;
  const fn = async (input: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const call: RecordedCall = {
      url: input,
      method: init.method ?? "GET",
      headers,
      body:
        typeof init.body === "string"
          ? init.body
          : init.body == null
            ? undefined
            : String(init.body),
    };
    calls.push(call);
    const handler = handlers[Math.min(i++, handlers.length - 1)];
    if (!handler) throw new Error("no handler");
    return handler(call, init);
  };
  return Object.assign(fn, { calls });
}

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** Virtual clock: `sleep` advances time instantly and records the requested delays. */
export function virtualClock(start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
  const state = { now: start, sleeps: [] as number[] };
  return {
    state,
    now: () => state.now,
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      state.sleeps.push(ms);
      state.now += ms;
    },
  };
}

/** A fetch handler that never answers until the request is aborted. */
export const hang: Handler = (_call, init) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true });
  });
