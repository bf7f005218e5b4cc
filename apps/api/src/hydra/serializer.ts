import { collectionIri, isRef, itemIri, refIri } from "./iri.ts";
import type { AnyResource } from "./resource.ts";

/**
 * The one module that knows the Hydra / JSON-LD wire format: items, collections with their view
 * and search template, errors and constraint violations. Everything else hands it plain values.
 */

export interface HydraSettings {
  /** `hydra:member` (API Platform 3, what the spec's client reads) or `member` (API Platform 4). */
  prefix: boolean;
}

export const DEFAULT_HYDRA_SETTINGS: HydraSettings = { prefix: true };

export const JSONLD = "application/ld+json; charset=utf-8";
export const HYDRA_NS = "http://www.w3.org/ns/hydra/core#";
export const DOCS_JSONLD = "/api/docs.jsonld";

export interface PageView {
  /** The request's query, in order; page links replace only `page`. */
  query: URLSearchParams;
  /** Path of the collection (subresource paths included). */
  path: string;
  paginated: boolean;
  page: number;
  lastPage: number;
  /** Whether the request carried filters, order or paging parameters. */
  hasParameters: boolean;
}

export interface SearchMapping {
  variable: string;
  property: string;
}

export type Serializer = ReturnType<typeof createSerializer>;

export function createSerializer(settings: HydraSettings = DEFAULT_HYDRA_SETTINGS) {
  const h = (term: string) => (settings.prefix ? `hydra:${term}` : term);

  /** Resource values → JSON-LD values: Refs become IRIs or embedded nodes. */
  function value(input: unknown, registry: ReadonlyMap<string, AnyResource>): unknown {
    if (isRef(input)) {
      if (!input.embed) return refIri(input);
      const target = registry.get(input.$ref);
      return { "@id": refIri(input), "@type": target?.shortName ?? input.$ref, id: input.id };
    }
    if (Array.isArray(input)) return input.map((item) => value(item, registry));
    if (input && typeof input === "object" && !(input instanceof Date)) {
      return Object.fromEntries(
        Object.entries(input).map(([key, child]) => [key, value(child, registry)]),
      );
    }
    return input;
  }

  function node(
    resource: AnyResource,
    id: string | null,
    fields: Record<string, unknown>,
    registry: ReadonlyMap<string, AnyResource>,
  ) {
    return {
      // Computed rows without an identity (sums) are blank nodes: no @id.
      ...(id === null ? {} : { "@id": itemIri(resource, id) }),
      "@type": resource.shortName,
      ...(value(fields, registry) as Record<string, unknown>),
    };
  }

  function pageLink(view: PageView, page: number): string {
    const query = new URLSearchParams(view.query);
    query.set("page", String(page));
    return `${view.path}?${query.toString()}`;
  }

  return {
    settings,

    item(
      resource: AnyResource,
      id: string,
      fields: Record<string, unknown>,
      registry: ReadonlyMap<string, AnyResource>,
    ) {
      return {
        "@context": `/api/contexts/${resource.shortName}`,
        ...node(resource, id, fields, registry),
      };
    },

    collection(
      resource: AnyResource,
      members: { id: string | null; fields: Record<string, unknown> }[],
      totalItems: number,
      view: PageView,
      search: SearchMapping[],
      registry: ReadonlyMap<string, AnyResource>,
      /** Collection-level values a state provider computed (e.g. `totals`). */
      extra?: Record<string, unknown>,
    ) {
      const body: Record<string, unknown> = {
        "@context": `/api/contexts/${resource.shortName}`,
        "@id": view.path,
        "@type": h("Collection"),
        [h("totalItems")]: totalItems,
        [h("member")]: members.map((m) => node(resource, m.id, m.fields, registry)),
        ...(extra ? (value(extra, registry) as Record<string, unknown>) : {}),
      };
      if (view.paginated || view.hasParameters) {
        const query = view.query.toString();
        const partial: Record<string, unknown> = {
          "@id": view.paginated
            ? pageLink(view, view.page)
            : `${view.path}${query ? `?${query}` : ""}`,
          "@type": h("PartialCollectionView"),
        };
        if (view.paginated) {
          partial[h("first")] = pageLink(view, 1);
          partial[h("last")] = pageLink(view, view.lastPage);
          if (view.page > 1) partial[h("previous")] = pageLink(view, view.page - 1);
          if (view.page < view.lastPage) partial[h("next")] = pageLink(view, view.page + 1);
        }
        body[h("view")] = partial;
      }
      if (search.length > 0) {
        body[h("search")] = {
          "@type": h("IriTemplate"),
          [h("template")]: `${view.path}{?${search.map((s) => s.variable).join(",")}}`,
          [h("variableRepresentation")]: "BasicRepresentation",
          [h("mapping")]: search.map((s) => ({
            "@type": "IriTemplateMapping",
            variable: s.variable,
            property: s.property,
            required: false,
          })),
        };
      }
      return body;
    },

    entrypoint(resources: readonly AnyResource[]) {
      return {
        "@context": "/api/contexts/Entrypoint",
        "@id": "/api",
        "@type": "Entrypoint",
        ...Object.fromEntries(
          resources.map((r) => [lowerFirst(r.shortName), collectionIri(r)] as const),
        ),
      };
    },

    /** Contexts of the documents that are no resource: the entrypoint and error bodies. */
    builtinContext(name: string, resources: readonly AnyResource[]) {
      const terms: Record<string, readonly string[]> = {
        Entrypoint: resources.map((r) => lowerFirst(r.shortName)),
        Error: ["title", "detail", "status", "type"],
        ConstraintViolation: ["title", "detail", "status", "type", "violations"],
      };
      const fields = terms[name];
      if (!fields) return null;
      return {
        "@context": {
          "@vocab": `${DOCS_JSONLD}#`,
          hydra: HYDRA_NS,
          ...Object.fromEntries(fields.map((f) => [f, `${name}/${f}`])),
        },
      };
    },

    context(resource: AnyResource) {
      const fields = Object.keys(resource.output.shape);
      return {
        "@context": {
          "@vocab": `${DOCS_JSONLD}#`,
          hydra: HYDRA_NS,
          ...Object.fromEntries(fields.map((f) => [f, `${resource.shortName}/${f}`])),
        },
      };
    },

    /** The Link header every API answer carries. */
    docsLink: `<${DOCS_JSONLD}>; rel="${HYDRA_NS}apiDocumentation"`,
  };
}

function lowerFirst(value: string): string {
  return value.charAt(0).toLowerCase() + value.slice(1);
}
