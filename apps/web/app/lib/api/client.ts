/**
 * The web's one door to the Starport API, used by loaders on the server and by the browser alike.
 * It attaches `Authorization: Bearer <token>` when a token is held, reports 401s to the session
 * (spec §4: sign out, then the error still reaches the caller), and turns failures into ApiError.
 * Hydra specifics (collections, violations, toasts) live on top of this, not in it.
 */

export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

export class ApiError extends Error {
  readonly status: number;
  /** Parsed JSON body of the error answer (hydra:Error or ConstraintViolation), if any. */
  readonly body: unknown;
  constructor(status: number, body: unknown, message?: string) {
    super(message ?? describe(status, body));
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

function describe(status: number, body: unknown): string {
  if (body && typeof body === "object") {
    const detail =
      (body as Record<string, unknown>).detail ??
      (body as Record<string, unknown>)["hydra:description"];
    if (typeof detail === "string") return `${status}: ${detail}`;
  }
  return `API answered ${status}`;
}

export interface ApiClientOptions {
  transport: ApiTransport;
  /** The current access token, or null when signed out (may renew an expired one first). */
  getToken: () => string | null | Promise<string | null>;
  /** Called on every 401 before the error is thrown to the caller. */
  onUnauthorized?: (error: ApiError) => void;
}

export interface ApiClient {
  request(path: string, init?: RequestInit): Promise<Response>;
  json<T>(path: string, init?: RequestInit): Promise<T>;
}

export function createApiClient({
  transport,
  getToken,
  onUnauthorized,
}: ApiClientOptions): ApiClient {
  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const token = await getToken();
    if (token && !headers.has("authorization")) headers.set("authorization", `Bearer ${token}`);
    if (!headers.has("accept"))
      headers.set("accept", "application/ld+json, application/json;q=0.9");
    const response = await transport(path, { ...init, headers });
    if (response.ok) return response;
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Non-JSON error bodies stay text.
    }
    const error = new ApiError(response.status, body);
    if (response.status === 401) onUnauthorized?.(error);
    throw error;
  }

  return {
    request,
    async json<T>(path: string, init?: RequestInit): Promise<T> {
      const response = await request(path, init);
      if (response.status === 204) return undefined as T;
      return (await response.json()) as T;
    },
  };
}

/** Browser transport: same-origin fetch. */
export const browserTransport: ApiTransport = (path, init) =>
  fetch(path, { ...init, credentials: "same-origin" });
