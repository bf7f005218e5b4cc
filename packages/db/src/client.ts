import { mkdirSync } from "node:fs";
import { join } from "node:path";
// PGlite (the embedded database and its wasm) is a type here: it is imported only when a process
// opens an embedded database, so one running on PostgreSQL never loads it.
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** Drizzle over either driver: code above this package does not care which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseConnection =
  | { kind: "pglite"; db: Database; pglite: PGlite; close(): Promise<void> }
  | { kind: "postgres"; db: Database; pool: pg.Pool; url: string; close(): Promise<void> };

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; without it the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder holding the embedded database; ignored with a databaseUrl. "memory://" keeps it in memory. */
  dataDir?: string | undefined;
  /** Embedded only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
}

const tunedConnections = new WeakSet<Database>();

/**
 * The embedded database's buffer cache. PostgreSQL's default (128 MB) suits a server of its own;
 * PGlite runs inside Starport's process and reads its files through Node, so the operating
 * system's page cache already holds them: a large buffer cache held them twice, in the process's
 * resident memory for good (WebAssembly memory never shrinks). Measured with the soak benchmark
 * (issue 23): idle RSS 565 → 421 MB, throughput within noise.
 */
export const EMBEDDED_SHARED_BUFFERS = "16MB";

/**
 * Whether every connection of `db` already runs with jit off and work_mem 32 MB (PostgreSQL, as
 * openDatabase connects; an `options` parameter in the URL may override them): otherwise a read
 * that needs them sets them in its transaction (PGlite).
 */
export function hasReadSettings(db: Database): boolean {
  return tunedConnections.has(db);
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // No JIT compilation: Starport's reads are short and their cost estimates (rule sets, metric
      // joins) often pass jit_above_cost, where compiling took 300 of a 380 ms collection preview
      // on 100,000 products (scripts/bench/collection-preview.ts). An `options` parameter in the
      // URL takes precedence. work_mem 32 MB: the metric lists' ranking sorts spilled to disk at
      // the default 4 MB; set per connection, those reads need no transaction to set it (three
      // round trips fewer per request, issue 18 §16).
      options: "-c jit=off -c work_mem=32MB",
    });
    // A connection the server ends (a restart, an administrator, a dropped test database) must not
    // crash the process: without listeners its "error" event would be thrown. The pool replaces
    // idle connections itself, and a query on a broken one fails through its own promise.
    pool.on("error", (error) => console.warn(`[db] idle connection lost: ${error.message}`));
    pool.on("connect", (client) => client.on("error", () => {}));
    // Fail at start-up, not at the first request, when the server is unreachable.
    await pool.query("select 1");
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    tunedConnections.add(db);
    return { kind: "postgres", db, pool, url: options.databaseUrl, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? "memory://";
  let location = dataDir;
  if (!dataDir.startsWith("memory://")) {
    location = join(dataDir, "pglite");
    mkdirSync(location, { recursive: true });
  }
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  const pglite = await PGlite.create({
    dataDir: location,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return { kind: "pglite", db, pglite, close: () => pglite.close() };
}

/** Round trip to the database; throws when it does not answer. */
export async function pingDatabase(connection: DatabaseConnection): Promise<void> {
  await connection.db.execute(sql`select 1`);
}
