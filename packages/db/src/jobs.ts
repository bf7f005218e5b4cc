import { fromPglite, PgBoss } from "pg-boss";
import type { DatabaseConnection } from "./client.ts";

/** Starts pg-boss on the same database Starport uses (PGlite adapter in embedded mode). */
export async function startJobs(connection: DatabaseConnection): Promise<PgBoss> {
  const boss =
    connection.kind === "pglite"
      ? new PgBoss({ db: fromPglite(connection.pglite), backend: "pglite", schema: "pgboss" })
      : new PgBoss({ connectionString: connection.url, schema: "pgboss", max: 4 });
  await boss.start();
  return boss;
}

export type { PgBoss };
