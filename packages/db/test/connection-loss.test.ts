/**
 * PostgreSQL ending Starport's connections (a restart, an administrator, a test dropping its
 * database) must not crash the process: the pool and pg-boss hear the error, and the next query
 * runs on a fresh connection.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/client.ts";
import { startJobs } from "../src/jobs.ts";
import { createThrowawayDatabase } from "../src/testing.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("connections ended by the server", () => {
  it("leave the process running, and the next query succeeds", async () => {
    const throwaway = await createThrowawayDatabase(adminUrl as string);
    const connection = await openDatabase({ databaseUrl: throwaway.url });
    const boss = await startJobs(connection);
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      // Several idle connections in Starport's pool and in pg-boss's.
      await Promise.all([1, 2, 3].map(() => connection.db.execute(sql`select pg_sleep(0.05)`)));
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [new URL(throwaway.url).pathname.slice(1)],
      );
      await admin.end();
      expect(rowCount).toBeGreaterThan(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(uncaught).toEqual([]);
      const result = (await connection.db.execute(sql`select 1 as one`)) as unknown as {
        rows: { one: number }[];
      };
      expect(result.rows[0]?.one).toBe(1);
    } finally {
      process.off("uncaughtException", record);
      await boss.stop({ graceful: false, timeout: 2000 });
      await connection.close();
      await throwaway.drop();
    }
  });
});
