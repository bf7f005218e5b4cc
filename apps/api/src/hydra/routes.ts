import type { Database } from "@starport/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requirePrincipal } from "../auth/authenticate.ts";
import { MethodNotAllowedError } from "../errors.ts";
import { searchParams } from "../request-input.ts";
import { exportCollection, exportFormat } from "./export.ts";
import { UnsupportedMediaTypeError } from "./http-errors.ts";
import { collectionIri, requestOrigin } from "./iri.ts";
import {
  createItem,
  deleteItem,
  getItem,
  listCollection,
  type OperationContext,
  updateItem,
} from "./operations.ts";
import type { Registry } from "./registry.ts";
import type { AnyResource, ProviderServices } from "./resource.ts";
import { COLLECTION, CONTEXT, ENTRYPOINT, HIDDEN, REFUSED } from "./route-schemas.ts";
import { JSONLD, type Serializer } from "./serializer.ts";

/** Thin handlers: HTTP in, use case, JSON-LD out. Registered inside the /api prefix. */

export interface HydraRouteOptions {
  db: Database;
  services?: ProviderServices | undefined;
  registry: Registry;
  serializer: Serializer;
}

const CREATE_TYPES = ["application/ld+json", "application/json"] as const;
const PATCH_TYPES = ["application/merge-patch+json"] as const;

function mediaType(request: FastifyRequest): string | undefined {
  return request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
}

function requireMediaType(request: FastifyRequest, supported: readonly string[]): void {
  const type = mediaType(request);
  if (!type || !supported.includes(type))
    throw new UnsupportedMediaTypeError(request.headers["content-type"], supported);
}

/** The path as requested (the collection's @id) and the query Fastify parsed (any keys). */
function splitUrl(request: FastifyRequest) {
  const end = request.url.indexOf("?");
  return {
    path: end === -1 ? request.url : request.url.slice(0, end),
    query: searchParams(request.query),
  };
}

export async function hydraRoutes(app: FastifyInstance, options: HydraRouteOptions) {
  const { db, registry, serializer } = options;
  const services = options.services ?? {};
  const context = (request: FastifyRequest): OperationContext => ({
    db,
    services,
    principal: requirePrincipal(request),
    registry,
    serializer,
    origin: { ip: request.ip, userAgent: request.headers["user-agent"] ?? null },
  });
  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).type(JSONLD).send(body);
  const notAllowed = (request: FastifyRequest) => {
    requirePrincipal(request);
    throw new MethodNotAllowedError(request.method, splitUrl(request).path);
  };

  for (const resource of registry.resources) {
    const base = `/${resource.path}`;
    app.get(base, COLLECTION, async (request, reply) => {
      const ctx = context(request);
      const { path, query } = splitUrl(request);
      const format = exportFormat(request, query);
      if (format) return exportCollection(reply, format, ctx, resource, { path, query });
      return send(reply, 200, await listCollection(ctx, resource, { path, query }));
    });
    app.get<{ Params: { id: string } }>(`${base}/:id`, HIDDEN, async (request, reply) =>
      send(
        reply,
        200,
        await getItem(context(request), resource, request.params.id, splitUrl(request).query),
      ),
    );
    if (resource.operations.create && resource.input) {
      app.post(base, HIDDEN, async (request, reply) => {
        const ctx = context(request);
        requireMediaType(request, CREATE_TYPES);
        const { status, body } = await createItem(ctx, resource, request.body);
        reply.header("content-location", body["@id"]).header("location", body["@id"]);
        return send(reply, status, body);
      });
    } else {
      app.post(base, REFUSED, notAllowed);
    }
    if (resource.operations.update && resource.input) {
      app.patch<{ Params: { id: string } }>(`${base}/:id`, HIDDEN, async (request, reply) => {
        const ctx = context(request);
        requireMediaType(request, PATCH_TYPES);
        return send(reply, 200, await updateItem(ctx, resource, request.params.id, request.body));
      });
    } else {
      app.patch(`${base}/:id`, REFUSED, notAllowed);
    }
    if (resource.operations.delete) {
      app.delete<{ Params: { id: string } }>(`${base}/:id`, HIDDEN, async (request, reply) => {
        await deleteItem(context(request), resource, request.params.id);
        return reply.code(204).send();
      });
    } else {
      app.delete(`${base}/:id`, REFUSED, notAllowed);
    }
    app.put(`${base}/:id`, REFUSED, notAllowed);

    for (const sub of resource.subresources ?? []) {
      app.get<{ Params: { id: string } }>(
        sub.path.replace("{id}", ":id"),
        COLLECTION,
        async (request, reply) => {
          const { path, query } = splitUrl(request);
          const fixed = { parameter: sub.relationFilter, value: request.params.id };
          return send(
            reply,
            200,
            await listCollection(context(request), resource, { path, query, fixed }),
          );
        },
      );
    }
  }

  app.get("", ENTRYPOINT, async (request, reply) => {
    requirePrincipal(request);
    return send(reply, 200, serializer.entrypoint(registry.resources));
  });
  app.get<{ Params: { shortName: string } }>(
    "/contexts/:shortName",
    CONTEXT,
    async (request, reply) => {
      const { shortName } = request.params;
      const resource = registry.resources.find((r) => r.shortName === shortName);
      const origin = requestOrigin(request);
      const context = resource
        ? serializer.context(resource, origin)
        : serializer.builtinContext(shortName, registry.resources, origin);
      if (!context) return reply.callNotFound();
      return send(reply, 200, context);
    },
  );
}

export function collectionPaths(resource: AnyResource): string[] {
  return [collectionIri(resource), ...(resource.subresources ?? []).map((s) => `/api${s.path}`)];
}
