import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type DatabaseConnection, openDatabase } from "./client.ts";
import { MIGRATIONS_FOLDER, migrateDatabase } from "./migrate.ts";

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
  {
    name = `${prefix}_${randomBytes(6).toString("hex")}`,
    template,
  }: { name?: string; template?: string } = {},
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
  if (template && !/^[a-z0-9_]+$/.test(template))
    throw new Error(`not a plain database name: ${template}`);
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database of the given kind, private to the caller. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const connection = await openMigratedPglite();
    return { connection, dispose: () => connection.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const throwaway = await createThrowawayDatabase(adminUrl, "starport_test", {
    template: await migratedPostgresTemplate(adminUrl),
  });
  const connection = await openDatabase({ databaseUrl: throwaway.url });
  // A no-op on the template's own migrations; the safety net if it is stale.
  await migrateDatabase(connection);
  return {
    connection,
    async dispose() {
      await connection.close();
      await throwaway.drop();
    },
  };
}

/**
 * The migrated, empty PGlite data directory of these migrations, dumped once and shared by every
 * test process through a file (named by the migrations' and PGlite's content): creating a PGlite
 * cluster runs initdb in WebAssembly, and with the migrations took 4–12 s a database on a busy
 * 2-core machine, where loading the dump takes a fraction of it.
 */
function pgliteTemplatePath(): string {
  return join(tmpdir(), `starport-pglite-template-${schemaFingerprint(true)}.tar`);
}

/** The migrations' content (and, for a PGlite dump, PGlite's version) as 16 hex digits. */
function schemaFingerprint(withPglite: boolean): string {
  const hash = createHash("sha256");
  // PGlite's own files decide the dump's format: its package.json names the version.
  const pgliteEntry = fileURLToPath(import.meta.resolve("@electric-sql/pglite"));
  const pgliteRoot = pgliteEntry.slice(0, pgliteEntry.indexOf("/dist/"));
  if (withPglite) hash.update(readFileSync(join(pgliteRoot, "package.json")));
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    if (!file.endsWith(".sql") && !file.endsWith(".json")) continue;
    hash.update(file);
    hash.update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * PostgreSQL's counterpart: a migrated database kept as the template every test database is
 * copied from (CREATE DATABASE … TEMPLATE copies files; migrating took 1.6–1.9 s a database).
 * Made once per migration set, under an advisory lock, and renamed into place when complete.
 */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const template = `starport_template_${schemaFingerprint(false)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext('starport test template'))");
    const exists = await admin.query("select 1 from pg_database where datname = $1", [template]);
    if (exists.rowCount === 0) {
      const building = await createThrowawayDatabase(adminUrl, "starport_template_building");
      const connection = await openDatabase({ databaseUrl: building.url });
      try {
        await migrateDatabase(connection);
      } finally {
        await connection.close();
      }
      const name = new URL(building.url).pathname.slice(1);
      await admin.query(`alter database ${name} rename to ${template}`);
      // Templates of older migration sets are of no use any more.
      const stale = await admin.query(
        "select datname from pg_database where datname like 'starport\\_template\\_%' and datname <> $1",
        [template],
      );
      for (const { datname } of stale.rows as { datname: string }[])
        await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
  } finally {
    await admin
      .query("select pg_advisory_unlock(hashtext('starport test template'))")
      .catch(() => {});
    await admin.end();
  }
  return template;
}

async function openMigratedPglite(): Promise<DatabaseConnection> {
  const template = pgliteTemplatePath();
  const dump = await readFile(template).catch(() => undefined);
  if (dump) {
    const connection = await openDatabase({ dataDir: "memory://", loadDataDir: new Blob([dump]) });
    // A no-op on the template's own migrations; the safety net if the file is stale.
    await migrateDatabase(connection);
    return connection;
  }
  const connection = await openDatabase({ dataDir: "memory://" });
  await migrateDatabase(connection);
  if (connection.kind === "pglite") {
    const data = await connection.pglite.dumpDataDir("none");
    // Written aside and renamed: processes creating it at once never read half a file.
    const partial = `${template}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, Buffer.from(await data.arrayBuffer()));
    await rename(partial, template);
  }
  return connection;
}
