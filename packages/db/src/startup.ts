import type { DatabaseConnection } from "./client.ts";

/** pg_advisory_lock key of the start-up work (migrations, seeds): "starport" in ASCII. */
const STARTUP_LOCK_KEY = 0x73746172706f7274n;

/**
 * Runs the start-up work (migrations, demo seed, first administrator) one process at a time: with
 * several web and worker processes starting together on one PostgreSQL, the first migrates and the
 * others wait, then find nothing left to do. The embedded database has one process, no lock needed.
 */
export async function withStartupLock<T>(
  connection: DatabaseConnection,
  work: () => Promise<T>,
): Promise<T> {
  if (connection.kind !== "postgres") return work();
  // A session-level lock: held by this one pooled connection while the work uses the others.
  const client = await connection.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY.toString()]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}
