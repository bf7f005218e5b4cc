import { z } from "zod";
import { errorBody } from "../errors.ts";
import { XLSX } from "./export.ts";
import { searchMappings } from "./filters.ts";
import type { Registry } from "./registry.ts";
import type { AnyResource } from "./resource.ts";

/** OpenAPI 3.1 of every resource, generated from the same zod schemas that validate the API. */

type Json = Record<string, unknown>;

function schemaOf(type: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(type, { io, unrepresentable: "any" });
  return schema as Json;
}

function jsonLd(resource: AnyResource): Json {
  const schema = schemaOf(resource.output, "output");
  return {
    ...schema,
    properties: {
      // An item answer names its context; a collection's members do not.
      "@context": { type: "string", readOnly: true },
      "@id": { type: "string", readOnly: true },
      "@type": { type: "string", readOnly: true, const: resource.shortName },
      ...((schema.properties as Json | undefined) ?? {}),
    },
  };
}

const PROBLEMS: Record<number, string> = {
  400: "Malformed request: a filter or paging value, JSON syntax or a body that is no JSON object",
  401: "Not signed in, or the token is invalid or revoked",
  403: "Signed in, but not allowed to do this",
  404: "Not found, or not visible to the caller (also for a filter naming such an item)",
  413: "The body is larger than allowed",
  415: "The body's content type is not supported",
  422: "Invalid input: the violations name each field",
};

/** The error answers of an operation, each a Hydra error (also problem+json). */
const problems = (...statuses: (keyof typeof PROBLEMS)[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: PROBLEMS[status],
        content: {
          "application/problem+json": { schema: { $ref: "#/components/schemas/Error" } },
        },
      },
    ]),
  );

/** API Platform's operation names: api_tags_get_collection, api_tags_id_patch, … */
const operationId = (path: string, suffix: string) =>
  `api_${path
    .replace(/[{}]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_/, "")}_${suffix}`;

export function openApiDocument(registry: Registry): Json {
  const paths: Record<string, Json> = {};
  const { id: _id, ...error } = schemaOf(errorBody, "output");
  const schemas: Record<string, Json> = { Error: error };
  const idParameter = {
    name: "id",
    in: "path",
    required: true,
    schema: { type: "string", format: "uuid" },
  };
  for (const resource of registry.resources) {
    const name = resource.shortName;
    schemas[`${name}.jsonld`] = jsonLd(resource);
    if (resource.input) schemas[`${name}-write`] = schemaOf(resource.input, "input");
    const item = { $ref: `#/components/schemas/${name}.jsonld` };
    const write = { $ref: `#/components/schemas/${name}-write` };
    const collectionParameters = [
      { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
      {
        name: "itemsPerPage",
        in: "query",
        schema: {
          type: "integer",
          minimum: 0,
          default: resource.pagination?.itemsPerPage ?? 30,
          maximum: resource.pagination?.maxItemsPerPage ?? 100,
        },
      },
      ...(resource.pagination?.clientEnabled
        ? [{ name: "pagination", in: "query", schema: { type: "boolean" } }]
        : []),
      { name: "format", in: "query", schema: { type: "string", enum: ["jsonld", "csv", "xlsx"] } },
      {
        name: "columns[]",
        in: "query",
        description: "export: the columns, in order",
        schema: { type: "array", items: { type: "string" } },
      },
      { name: "locale", in: "query", schema: { type: "string", enum: ["de", "en"] } },
      ...searchMappings(resource).map((m) => ({
        name: m.variable,
        in: "query",
        required: false,
        schema: m.variable.endsWith("[]")
          ? { type: "array", items: { type: "string" } }
          : { type: "string" },
      })),
    ];
    const list = {
      operationId: operationId(resource.path, "get_collection"),
      tags: [name],
      summary: `Retrieves the collection of ${name} resources.`,
      parameters: collectionParameters,
      responses: {
        200: {
          description: `${name} collection`,
          content: {
            "application/ld+json": {
              schema: {
                type: "object",
                properties: {
                  "hydra:member": { type: "array", items: item },
                  "hydra:totalItems": { type: "integer", minimum: 0 },
                  "hydra:view": { type: "object" },
                  "hydra:search": { type: "object" },
                  ...((resource.provider?.collectionFields
                    ? schemaOf(resource.provider.collectionFields, "output").properties
                    : {}) as Json),
                },
              },
            },
            "text/csv": { schema: { type: "string" } },
            [XLSX]: { schema: { type: "string", format: "binary" } },
          },
        },
        ...problems(400, 401, 404),
      },
    };
    const collectionPath: Json = { get: list };
    const itemPath: Json = {
      get: {
        operationId: operationId(resource.path, "id_get"),
        tags: [name],
        summary: `Retrieves a ${name} resource.`,
        parameters: [idParameter],
        responses: {
          200: { description: name, content: { "application/ld+json": { schema: item } } },
          ...problems(401, 404),
        },
      },
    };
    if (resource.operations.create && resource.input) {
      collectionPath.post = {
        operationId: operationId(resource.path, "post"),
        tags: [name],
        summary: `Creates a ${name} resource.`,
        requestBody: {
          required: true,
          content: {
            "application/ld+json": { schema: write },
            "application/json": { schema: write },
          },
        },
        responses: {
          ...Object.fromEntries(
            Object.entries(resource.created?.responses ?? { 201: `${name} created` }).map(
              ([status, description]) => [
                status,
                { description, content: { "application/ld+json": { schema: item } } },
              ],
            ),
          ),
          ...problems(400, 401, 403, 404, 413, 415, 422),
        },
      };
    }
    if (resource.operations.update && resource.input) {
      itemPath.patch = {
        operationId: operationId(resource.path, "id_patch"),
        tags: [name],
        summary: `Updates the ${name} resource (JSON Merge Patch).`,
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: { "application/merge-patch+json": { schema: write } },
        },
        responses: {
          200: {
            description: `${name} updated`,
            content: { "application/ld+json": { schema: item } },
          },
          ...problems(400, 401, 403, 404, 413, 415, 422),
        },
      };
    }
    if (resource.operations.delete) {
      itemPath.delete = {
        operationId: operationId(resource.path, "id_delete"),
        tags: [name],
        summary: `Removes the ${name} resource.`,
        parameters: [idParameter],
        responses: { 204: { description: `${name} deleted` }, ...problems(401, 403, 404) },
      };
    }
    paths[`/api/${resource.path}`] = collectionPath;
    paths[`/api/${resource.path}/{id}`] = itemPath;
    for (const sub of resource.subresources ?? []) {
      paths[`/api${sub.path}`] = {
        get: {
          ...list,
          operationId: operationId(sub.path, "get_collection"),
          parameters: [idParameter, ...collectionParameters],
        },
      };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Starport API",
      version: "1.0.0",
      description: "Hydra / JSON-LD API of Starport. Every request needs a Bearer token.",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      schemas,
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
    security: [{ bearer: [] }],
  };
}
