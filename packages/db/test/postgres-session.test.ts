/**
 * Session settings of Starport's PostgreSQL connections: no JIT compilation (it spent 300 of a
 * 380 ms collection preview compiling; see client.ts), unless the URL's options ask for it.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/client.ts";

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
});
