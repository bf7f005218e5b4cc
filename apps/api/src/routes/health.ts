import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ApiDependencies } from "../index.ts";
import { problems } from "../openapi.ts";
import { sendAsIs } from "../request-input.ts";

type ComponentState = { status: "up" | "down"; detail?: string };

const component = z.object({ status: z.enum(["up", "down"]), detail: z.string().optional() });
const health = z.object({
  status: z.enum(["ok", "degraded"]),
  database: component.extend({ driver: z.enum(["pglite", "postgres"]) }),
  jobs: component,
});
const json = (description: string) => ({
  description,
  content: { "application/json": { schema: health } },
});

/** GET /api/health: 200 when the database and the job engine answer, 503 otherwise. */
export async function healthRoutes(
  app: FastifyInstance,
  deps: Pick<ApiDependencies, "pingDatabase" | "pingJobs" | "databaseDriver">,
) {
  app.get(
    "/health",
    {
      schema: {
        operationId: "health",
        tags: ["Operations"],
        summary: "Whether the database and the job engine answer.",
        security: [],
        response: {
          200: json("Everything is up"),
          ...problems(401),
          503: json("A component is down"),
        },
      },
      // Its own serializer: a worker serves this route outside the API plugin, where Fastify
      // would otherwise try to compile the zod response schemas as JSON Schema.
      serializerCompiler: sendAsIs,
    },
    async (_request, reply) => {
      const [database, jobs] = await Promise.all([
        check(() => deps.pingDatabase()),
        check(() => deps.pingJobs()),
      ]);
      const up = database.status === "up" && jobs.status === "up";
      return reply.code(up ? 200 : 503).send({
        status: up ? "ok" : "degraded",
        database: { ...database, driver: deps.databaseDriver },
        jobs,
      });
    },
  );
}

async function check(probe: () => Promise<unknown>): Promise<ComponentState> {
  try {
    await probe();
    return { status: "up" };
  } catch (error) {
    return { status: "down", detail: error instanceof Error ? error.message : String(error) };
  }
}
