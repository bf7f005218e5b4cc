/**
 * The web's one Hydra seam: typed collection, item and write calls over the API client, used by
 * server loaders (in-process transport) and the browser alike. This module alone reads the Hydra
 * wire format on the web side: hydra:member / hydra:totalItems (or their unprefixed forms),
 * merge-patch bodies, and the violations of a 400/422.
 */
import { type ApiClient, ApiError } from "./client.ts";

/** An item as the API answers it: its IRI and type, then its fields. */
export type HydraItem<T> = T & { "@id": string; "@type": string };

export interface HydraCollection<T> {
  "@id": string;
  members: HydraItem<T>[];
  totalItems: number;
  /** Links of the partial view (page navigation), when the API sent one. */
  view: { first?: string; last?: string; previous?: string; next?: string } | null;
  /** The collection's own fields beside the Hydra terms (e.g. computed `totals`). */
  extra: Record<string, unknown>;
}

export type QueryValue = string | number | boolean | null | undefined;
/** Query parameters; arrays go out as `name[]=a&name[]=b` (e.g. currencyCode[]). */
export type HydraQuery = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

export interface CollectionOptions {
  /** Skip the cache and read from the API (spec §7: "cached or fresh"). */
  fresh?: boolean;
}

export interface HydraClient {
  collection<T>(
    path: string,
    query?: HydraQuery,
    options?: CollectionOptions,
  ): Promise<HydraCollection<T>>;
  item<T>(iri: string): Promise<HydraItem<T>>;
  create<T>(collectionPath: string, body: object): Promise<HydraItem<T>>;
  /** PATCH with application/merge-patch+json (RFC 7396). */
  update<T>(iri: string, patch: object): Promise<HydraItem<T>>;
  remove(iri: string): Promise<void>;
  /**
   * The API's non-Hydra operations (custom POSTs, file uploads, CSV, streams) over the same
   * session: the raw answer. Anything but GET/HEAD counts as a write and drops cached reads.
   */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** As `request`, the body parsed as JSON (undefined for a 204). */
  json<T>(path: string, init?: RequestInit): Promise<T>;
  /** Drops cached collection reads (writes do this themselves). */
  invalidate(): void;
}

/** How long a collection read may be served from the cache. */
export const COLLECTION_CACHE_MS = 60_000;

export function buildUrl(path: string, query: HydraQuery = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      const name = key.endsWith("[]") ? key : `${key}[]`;
      for (const item of value)
        if (item !== null && item !== undefined) search.append(name, String(item));
    } else if (value !== null && value !== undefined) {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function term<T>(body: Record<string, unknown>, name: string): T | undefined {
  return (body[`hydra:${name}`] ?? body[name]) as T | undefined;
}

const HYDRA_TERMS = new Set(["member", "totalItems", "view", "search"]);

/** Reads a Hydra collection, prefixed or not. */
export function parseCollection<T>(body: unknown): HydraCollection<T> {
  const data = (body ?? {}) as Record<string, unknown>;
  const members = term<HydraItem<T>[]>(data, "member") ?? [];
  const view = term<Record<string, unknown>>(data, "view");
  const link = (name: string) => {
    const value = view ? term<string>(view, name) : undefined;
    return typeof value === "string" ? value : undefined;
  };
  const extra = Object.fromEntries(
    Object.entries(data).filter(
      ([key]) => !key.startsWith("@") && !key.startsWith("hydra:") && !HYDRA_TERMS.has(key),
    ),
  );
  return {
    "@id": String(data["@id"] ?? ""),
    members,
    extra,
    totalItems: Number(term<number>(data, "totalItems") ?? members.length),
    view: view
      ? Object.fromEntries(
          (["first", "last", "previous", "next"] as const)
            .map((name) => [name, link(name)] as const)
            .filter(([, value]) => value !== undefined),
        )
      : null,
  };
}

export function createHydraClient(
  api: ApiClient,
  { now = Date.now }: { now?: () => number } = {},
): HydraClient {
  const cache = new Map<string, { at: number; value: Promise<HydraCollection<unknown>> }>();
  const json = (body: object) => JSON.stringify(body);
  const writes = (init?: RequestInit) => {
    const method = (init?.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD") client.invalidate();
  };

  const client: HydraClient = {
    async collection<T>(path: string, query?: HydraQuery, options: CollectionOptions = {}) {
      const url = buildUrl(path, query);
      const cached = cache.get(url);
      if (!options.fresh && cached && now() - cached.at < COLLECTION_CACHE_MS) {
        return cached.value as Promise<HydraCollection<T>>;
      }
      const value = api.json<unknown>(url).then((body) => parseCollection<T>(body));
      cache.set(url, { at: now(), value });
      // A failed read is not kept.
      value.catch(() => cache.delete(url));
      return value;
    },
    item<T>(iri: string) {
      return api.json<HydraItem<T>>(iri);
    },
    async create<T>(collectionPath: string, body: object) {
      client.invalidate();
      return api.json<HydraItem<T>>(collectionPath, {
        method: "POST",
        headers: { "content-type": "application/ld+json" },
        body: json(body),
      });
    },
    async update<T>(iri: string, patch: object) {
      client.invalidate();
      return api.json<HydraItem<T>>(iri, {
        method: "PATCH",
        headers: { "content-type": "application/merge-patch+json" },
        body: json(patch),
      });
    },
    async remove(iri: string) {
      client.invalidate();
      await api.request(iri, { method: "DELETE" });
    },
    request(path: string, init?: RequestInit) {
      writes(init);
      return api.request(path, init);
    },
    json<T>(path: string, init?: RequestInit) {
      writes(init);
      return api.json<T>(path, init);
    },
    invalidate() {
      cache.clear();
    },
  };
  return client;
}

/** One violation of a 4xx answer (spec §5): its code is a translation key, its params the limits. */
export interface Violation {
  propertyPath: string;
  message: string;
  code: string;
  /** The limits behind it (`min`, `max` …), shown in the translated message. */
  params: Record<string, string | number>;
}

/** The violations of a refused write (a 4xx answer); none for any other failure. */
export function violationsOf(error: unknown): Violation[] {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return [];
  return violationsOfBody(error.body);
}

/** The violations in an error body (hydra:ConstraintViolation or problem+json with violations). */
export function violationsOfBody(body: unknown): Violation[] {
  const list = (body as { violations?: unknown } | null)?.violations;
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw) => {
    const v = (raw ?? {}) as Record<string, unknown>;
    if (typeof v.propertyPath !== "string") return [];
    const params = v.params && typeof v.params === "object" ? v.params : {};
    return [
      {
        propertyPath: v.propertyPath,
        message: typeof v.message === "string" ? v.message : "",
        code: typeof v.code === "string" ? v.code : "",
        params: Object.fromEntries(
          Object.entries(params).filter(
            (entry): entry is [string, string | number] =>
              typeof entry[1] === "string" || typeof entry[1] === "number",
          ),
        ),
      },
    ];
  });
}
