import { fromPglite, PgBoss } from "pg-boss";
import type { DatabaseConnection } from "./client.ts";

export interface JobsOptions {
  /**
   * This process runs job workers (default true): it then also keeps the queues (maintenance,
   * expiry) and fires the cron schedules. A web-only process just sends jobs.
   */
  workers?: boolean;
}

/** Starts pg-boss on the same database Starport uses (PGlite adapter in embedded mode). */
export async function startJobs(
  connection: DatabaseConnection,
  { workers = true }: JobsOptions = {},
): Promise<PgBoss> {
  const roles = { supervise: workers, schedule: workers };
  const boss =
    connection.kind === "pglite"
      ? new PgBoss({
          db: fromPglite(connection.pglite),
          backend: "pglite",
          schema: "pgboss",
          ...roles,
        })
      : new PgBoss({ connectionString: connection.url, schema: "pgboss", max: 4, ...roles });
  // pg-boss reports failures of its own loops (maintenance, a lost connection) as "error" events;
  // unheard, an event emitter throws them and the process dies. It retries on its next tick.
  boss.on("error", (error) => console.warn(`[jobs] ${error.message}`));
  await boss.start();
  return boss;
}

export type { PgBoss };
