/**
 * Session settings of Starport's PostgreSQL connections: no JIT compilation (it spent 300 of a
 * 380 ms collection preview compiling; see client.ts), unless the URL's options ask for it, and
 * 32 MB work_mem, so the metric lists need no transaction to set it per read (issue 18 §16).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hasReadSettings, openDatabase } from "../src/client.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("PostgreSQL sessions", () => {
  const jitOf = async (databaseUrl: string) => {
    const connection = await openDatabase({ databaseUrl });
    try {
      const result = (await connection.db.execute(sql`show jit`)) as unknown as {
        rows: { jit: string }[];
      };
      return result.rows[0]?.jit;
    } finally {
      await connection.close();
    }
  };

  it("run without JIT, and the URL's options parameter still wins", async () => {
    expect(await jitOf(adminUrl as string)).toBe("off");
    const url = new URL(adminUrl as string);
    url.searchParams.set("options", "-c jit=on");
    expect(await jitOf(url.toString())).toBe("on");
  });

  it("sort in 32 MB of work_mem, so reads need not set it in a transaction", async () => {
    const connection = await openDatabase({ databaseUrl: adminUrl as string });
    try {
      const result = (await connection.db.execute(sql`show work_mem`)) as unknown as {
        rows: { work_mem: string }[];
      };
      expect(result.rows[0]?.work_mem).toBe("32MB");
      expect(hasReadSettings(connection.db)).toBe(true);
    } finally {
      await connection.close();
    }
  });
});
