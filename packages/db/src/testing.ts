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

export interface ThrowawayDatabase {
  /** Connection URL of the new, empty database. */
  url: string;
  /** Drops it, ending connections still open. */
  drop(): Promise<void>;
}

/**
 * Creates an empty database next to the one `adminUrl` names (tests and benchmarks): named
 * `<prefix>_<random>`, or exactly `name` when given (dropped first if a run before left it).
 */
export async function createThrowawayDatabase(
  adminUrl: string,
  prefix = "starport_test",
  { name = `${prefix}_${randomBytes(6).toString("hex")}` }: { name?: string } = {},
): Promise<ThrowawayDatabase> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
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
  const throwaway = await createThrowawayDatabase(adminUrl);
  const connection = await openDatabase({ databaseUrl: throwaway.url });
  await migrateDatabase(connection);
  return {
    connection,
    async dispose() {
      await connection.close();
      await throwaway.drop();
    },
  };
}
