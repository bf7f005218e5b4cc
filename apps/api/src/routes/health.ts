import type { FastifyInstance } from "fastify";
import type { ApiDependencies } from "../index.ts";

type ComponentState = { status: "up" | "down"; detail?: string };

/** GET /api/health: 200 when the database and the job engine answer, 503 otherwise. */
export async function healthRoutes(
  app: FastifyInstance,
  deps: Pick<ApiDependencies, "pingDatabase" | "pingJobs" | "databaseDriver">,
) {
  app.get("/health", async (_request, reply) => {
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
  });
}

async function check(probe: () => Promise<unknown>): Promise<ComponentState> {
  try {
    await probe();
    return { status: "up" };
  } catch (error) {
    return { status: "down", detail: error instanceof Error ? error.message : String(error) };
  }
}
