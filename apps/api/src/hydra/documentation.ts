import { type DocumentedField, documentedFields } from "./fields.ts";
import { API_PREFIX } from "./iri.ts";
import type { Registry } from "./registry.ts";
import type { AnyResource } from "./resource.ts";

/**
 * The Hydra API documentation (`/api/docs.jsonld`) as API Platform's DocumentationNormalizer
 * writes it, so that API Platform's own client (api-doc-parser, Admin) reads it: one hydra:Class
 * per resource with its properties (range, readable, writeable, required, hydra:Link for
 * relations) and item operations, and the #Entrypoint class whose properties carry each
 * collection and its operations. Derived from the registry; nothing here names a resource.
 */

type Json = Record<string, unknown>;

export const HYDRA_NS = "http://www.w3.org/ns/hydra/core#";
export const DOCS_JSONLD = "/api/docs.jsonld";
export const MERGE_PATCH_TYPE = "application/merge-patch+json";

/** The documentation's absolute URL: JSON-LD vocabularies and the Link header need one. */
export function docsUrl(origin: string): string {
  return `${origin}${DOCS_JSONLD}`;
}

/** The vocabulary every context maps its terms into: `<docs>#Tag/text`. */
export function vocabulary(origin: string): string {
  return `${docsUrl(origin)}#`;
}

/** The entrypoint's term for a resource's collection, e.g. `advertisingProfile`. */
export function entrypointTerm(resource: AnyResource): string {
  return resource.shortName.charAt(0).toLowerCase() + resource.shortName.slice(1);
}

/**
 * Hydra's own terms, as keys: `hydra:member`, or unprefixed `member` (HYDRA_PREFIX=false), in
 * which case the contexts define them (API Platform 4 does so through Hydra's context).
 */
export function hydraTerms(prefix: boolean) {
  const h = (term: string) => (prefix ? `hydra:${term}` : term);
  /** Term definitions for the unprefixed keys of a document (none when prefixed). */
  const define = (terms: Readonly<Record<string, "@id" | null>>): Json =>
    prefix
      ? {}
      : Object.fromEntries(
          Object.entries(terms).map(([term, type]) => [
            term,
            type ? { "@id": `hydra:${term}`, "@type": type } : `hydra:${term}`,
          ]),
        );
  return { h, define };
}

/** Keys and @type values of collections (hydra:Collection, its view and search template). */
export const COLLECTION_TERMS = {
  Collection: null,
  PartialCollectionView: null,
  IriTemplate: null,
  member: null,
  totalItems: null,
  view: "@id",
  first: "@id",
  last: "@id",
  previous: "@id",
  next: "@id",
  search: null,
  template: null,
  variableRepresentation: null,
  mapping: null,
} as const;

/** Keys of the documentation itself. */
const DOCUMENTATION_TERMS = {
  title: null,
  description: null,
  entrypoint: "@id",
  supportedClass: null,
  supportedProperty: null,
  property: null,
  required: null,
  readable: null,
  writeable: null,
  supportedOperation: null,
  method: null,
  expectsHeader: null,
  headerName: null,
  possibleValue: null,
} as const;

/** Documents that are no resource: error bodies (errors.ts writes them). */
export const BUILTIN_CLASSES: Readonly<
  Record<string, { description: string; fields: Readonly<Record<string, string>> }>
> = {
  Error: {
    description: "An error (also problem+json).",
    fields: {
      title: "xsd:string",
      detail: "xsd:string",
      status: "xsd:integer",
      type: "xsd:string",
    },
  },
  ConstraintViolation: {
    description: "Invalid input: the violations name the properties and what is wrong.",
    fields: {
      title: "xsd:string",
      detail: "xsd:string",
      status: "xsd:integer",
      type: "xsd:string",
      violations: "rdf:JSON",
    },
  },
};

/** The prefixes and typed terms the documentation's values use (API Platform's context). */
function documentationContext(origin: string, prefix: boolean): Json {
  return {
    "@vocab": vocabulary(origin),
    hydra: HYDRA_NS,
    rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    rdfs: "http://www.w3.org/2000/01/rdf-schema#",
    xsd: "http://www.w3.org/2001/XMLSchema#",
    owl: "http://www.w3.org/2002/07/owl#",
    schema: "https://schema.org/",
    domain: { "@id": "rdfs:domain", "@type": "@id" },
    range: { "@id": "rdfs:range", "@type": "@id" },
    subClassOf: { "@id": "rdfs:subClassOf", "@type": "@id" },
    expects: { "@id": "hydra:expects", "@type": "@id" },
    returns: { "@id": "hydra:returns", "@type": "@id" },
    ...hydraTerms(prefix).define(DOCUMENTATION_TERMS),
  };
}

/** Builds the documentation once; only its vocabulary depends on the host it is served on. */
export function createDocumentation(registry: Registry, prefix: boolean) {
  const { h } = hydraTerms(prefix);

  function operation(
    method: string,
    title: string,
    description: string,
    types: readonly string[],
    extra: Json,
  ): Json {
    return {
      "@type": types.length === 1 ? types[0] : types,
      [h("description")]: description,
      [h("method")]: method,
      [h("title")]: title,
      ...extra,
    };
  }

  /** GET and (when allowed) POST on the collection: the entrypoint property carries them. */
  function collectionOperations(resource: AnyResource): Json[] {
    const name = resource.shortName;
    const operations = [
      operation(
        "GET",
        `get${name}Collection`,
        `Retrieves the collection of ${name} resources.`,
        ["hydra:Operation", "schema:FindAction"],
        { returns: "hydra:Collection" },
      ),
    ];
    if (resource.operations.create && resource.input) {
      operations.push(
        operation(
          "POST",
          `post${name}`,
          `Creates a ${name} resource.`,
          ["hydra:Operation", "schema:CreateAction"],
          { expects: `#${name}`, returns: `#${name}` },
        ),
      );
    }
    return operations;
  }

  /** GET and (when allowed) PATCH and DELETE on an item: the class carries them. */
  function itemOperations(resource: AnyResource): Json[] {
    const name = resource.shortName;
    // Computed rows (sums over a range) have no IRI of their own, so no item is read.
    const operations =
      resource.itemOperation === false
        ? []
        : [
            operation(
              "GET",
              `get${name}`,
              `Retrieves a ${name} resource.`,
              ["hydra:Operation", "schema:FindAction"],
              { returns: `#${name}` },
            ),
          ];
    if (resource.operations.update && resource.input) {
      operations.push(
        operation("PATCH", `patch${name}`, `Updates the ${name} resource.`, ["hydra:Operation"], {
          expects: `#${name}`,
          returns: `#${name}`,
          [h("expectsHeader")]: [
            { [h("headerName")]: "Content-Type", [h("possibleValue")]: [MERGE_PATCH_TYPE] },
          ],
        }),
      );
    }
    if (resource.operations.delete) {
      operations.push(
        operation(
          "DELETE",
          `delete${name}`,
          `Deletes the ${name} resource.`,
          ["hydra:Operation", "schema:DeleteAction"],
          { returns: "owl:Nothing" },
        ),
      );
    }
    return operations;
  }

  function supportedProperty(className: string, field: DocumentedField): Json {
    const property: Json = {
      "@id": `#${className}/${field.name}`,
      "@type": field.relation?.link || field.anyLink ? "hydra:Link" : "rdf:Property",
      "rdfs:label": field.name,
      domain: `#${className}`,
    };
    if (field.relation && !field.relation.many) property["owl:maxCardinality"] = 1;
    if (field.range) property.range = field.range;
    return {
      "@type": "hydra:SupportedProperty",
      [h("property")]: property,
      [h("title")]: field.name,
      [h("required")]: field.required,
      [h("readable")]: field.readable,
      [h("writeable")]: field.writeable,
      ...(field.description ? { [h("description")]: field.description } : {}),
    };
  }

  function resourceClass(resource: AnyResource): Json {
    const name = resource.shortName;
    return {
      "@id": `#${name}`,
      "@type": "hydra:Class",
      "rdfs:label": name,
      [h("title")]: name,
      [h("description")]: resource.description,
      [h("supportedProperty")]: documentedFields(resource).map((f) => supportedProperty(name, f)),
      [h("supportedOperation")]: itemOperations(resource),
    };
  }

  function entrypointProperty(resource: AnyResource): Json {
    const name = resource.shortName;
    const label = `The collection of ${name} resources`;
    return {
      "@type": "hydra:SupportedProperty",
      [h("property")]: {
        "@id": `#Entrypoint/${entrypointTerm(resource)}`,
        "@type": "hydra:Link",
        "rdfs:label": label,
        domain: "#Entrypoint",
        "owl:maxCardinality": 1,
        // What the collection's members are: api-doc-parser finds the resource's class here.
        range: [
          { "@id": "hydra:Collection" },
          {
            "owl:equivalentClass": {
              "owl:onProperty": { "@id": "hydra:member" },
              "owl:allValuesFrom": { "@id": `#${name}` },
            },
          },
        ],
        [h("supportedOperation")]: collectionOperations(resource),
      },
      [h("title")]: `get${name}Collection`,
      [h("description")]: label,
      [h("readable")]: true,
      [h("writeable")]: false,
    };
  }

  function builtinClass(name: string): Json {
    const { description, fields } = BUILTIN_CLASSES[name]!;
    return {
      "@id": `#${name}`,
      "@type": "hydra:Class",
      "rdfs:label": name,
      [h("title")]: name,
      [h("description")]: description,
      [h("supportedProperty")]: Object.entries(fields).map(([field, range]) =>
        supportedProperty(name, {
          name: field,
          readable: true,
          writeable: false,
          required: false,
          range,
          relation: null,
          anyLink: false,
          description: null,
        }),
      ),
    };
  }

  const classes: Json[] = [
    ...registry.resources.map(resourceClass),
    {
      "@id": "#Entrypoint",
      "@type": "hydra:Class",
      "rdfs:label": "Entrypoint",
      [h("title")]: "Entrypoint",
      [h("description")]: "The API entrypoint: every collection of the API.",
      [h("supportedProperty")]: registry.resources.map(entrypointProperty),
      [h("supportedOperation")]: [
        operation("GET", "index", "The API entrypoint.", ["hydra:Operation"], {
          returns: "#Entrypoint",
        }),
      ],
    },
    ...Object.keys(BUILTIN_CLASSES).map(builtinClass),
  ];
  const body: Json = {
    "@id": DOCS_JSONLD,
    "@type": "hydra:ApiDocumentation",
    [h("title")]: "Starport API",
    [h("description")]: "Hydra / JSON-LD API of Starport. Every request needs a Bearer token.",
    [h("entrypoint")]: API_PREFIX,
    [h("supportedClass")]: classes,
  };

  /** The documentation as served on `origin` (e.g. `http://127.0.0.1:3000`). */
  return (origin: string): Json => ({
    "@context": documentationContext(origin, prefix),
    ...body,
  });
}
