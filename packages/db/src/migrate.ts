import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseConnection, Schema } from "./client.ts";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../migrations", import.meta.url));

/** Applies the committed migrations in order; a no-op when they are all applied. */
export async function migrateDatabase(connection: DatabaseConnection): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (connection.kind === "pglite") {
    // Loaded with PGlite itself (client.ts): a PostgreSQL process never imports the embedded driver.
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(connection.db as unknown as PgliteDatabase<Schema>, config);
  } else {
    await migratePg(connection.db as unknown as NodePgDatabase<Schema>, config);
  }
}
