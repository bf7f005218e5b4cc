import fastifySwaggerUi from "@fastify/swagger-ui";
import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import { createDocumentation } from "./documentation.ts";
import { requestOrigin } from "./iri.ts";
import { createRegistry, type Registry } from "./registry.ts";
import type { AnyResource, ProviderServices } from "./resource.ts";
import { hydraRoutes } from "./routes.ts";
import { createSerializer, type HydraSettings, JSONLD } from "./serializer.ts";

export interface HydraOptions {
  db: Database;
  resources: readonly AnyResource[];
  /** What providers may use beyond the database (Amazon). */
  services?: ProviderServices | undefined;
  settings?: HydraSettings | undefined;
}

/** The Link header and request id on every API answer (register on the /api scope). */
export function registerHydraHeaders(app: FastifyInstance, settings?: HydraSettings): void {
  const { docsLink } = createSerializer(settings);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    reply.header("link", docsLink(requestOrigin(request)));
  });
}

/** Serves every resource of the registry, its Hydra documentation and JSON-LD contexts. */
export async function hydraPlugin(app: FastifyInstance, options: HydraOptions): Promise<Registry> {
  const registry = createRegistry(options.resources);
  const serializer = createSerializer(options.settings);
  await app.register(async (scope) => {
    await hydraRoutes(scope, { db: options.db, services: options.services, registry, serializer });
  });
  // The OpenAPI document (registered first, by registerOpenApi) is browsable at /api/docs.
  await app.register(async (scope) => {
    await scope.register(fastifySwaggerUi, { routePrefix: "/docs" });
    const documentation = createDocumentation(registry, serializer.settings.prefix);
    scope.get("/docs.jsonld", { schema: { hide: true } }, async (request, reply) =>
      reply.type(JSONLD).send(documentation(requestOrigin(request))),
    );
  });
  return registry;
}
