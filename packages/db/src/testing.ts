import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseConnection, openDatabase } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";

export type TestDatabaseKind = "pglite" | "postgres";

/**
 * The databases tests run against: always the embedded PGlite; also a real PostgreSQL when
 * TEST_DATABASE_URL names one (.ci/run starts Debian's postgresql and sets it).
 */
export const TEST_DATABASE_KINDS: readonly TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

export interface TestDatabase {
  connection: DatabaseConnection;
  /** Closes the connection and drops the throw-away database. */
  dispose(): Promise<void>;
}

/** A fresh, migrated database of the given kind, private to the caller. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const connection = await openDatabase({ dataDir: "memory://" });
    await migrateDatabase(connection);
    return { connection, dispose: () => connection.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `starport_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const connection = await openDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(connection);
  return {
    connection,
    async dispose() {
      await connection.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
