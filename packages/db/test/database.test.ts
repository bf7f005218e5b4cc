import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { EMBEDDED_SHARED_BUFFERS, openDatabase, pingDatabase } from "../src/client.ts";
import { startJobs } from "../src/jobs.ts";
import { migrateDatabase } from "../src/migrate.ts";
import { users } from "../src/schema/index.ts";
import { DEMO_ACCOUNTS, seedDemoData } from "../src/seed/demo.ts";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../src/testing.ts";

describe("embedded database on disk", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "starport-db-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Creates a cluster on disk (initdb in WebAssembly) and opens it twice: 12.8 s in CI, 32 s on a
  // 2-core machine busy with other tests; the default 30 s is for tests without that fixed cost.
  it("migrates, seeds and survives a reopen", { timeout: 120_000 }, async () => {
    const first = await openDatabase({ dataDir });
    await migrateDatabase(first);
    await seedDemoData(first.db);
    await first.close();

    const reopened = await openDatabase({ dataDir });
    await migrateDatabase(reopened);
    await pingDatabase(reopened);
    const admin = await reopened.db.query.users.findFirst({
      where: eq(users.email, "admin@starport.dev"),
    });
    expect(admin?.roles).toContain("ROLE_ADMIN");
    // A small buffer cache: the files sit in the OS page cache already (issue 23, idle RSS).
    const buffers = (await reopened.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(buffers.rows[0]?.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
    await reopened.close();
  });
});

describe.each(TEST_DATABASE_KINDS)("database on %s", (kind) => {
  it("seeds the demo data idempotently", async () => {
    const { connection, dispose } = await openTestDatabase(kind);
    try {
      await seedDemoData(connection.db);
      await seedDemoData(connection.db);
      const [row] = await connection.db.select({ n: count() }).from(users);
      expect(row?.n).toBe(DEMO_ACCOUNTS.length);
      const fresh = await connection.db.query.users.findFirst({
        where: eq(users.email, "new@starport.dev"),
      });
      expect(fresh?.finishedOnboardingAt).toBeNull();
    } finally {
      await dispose();
    }
  });

  it("refuses a second user with the same email in another case", async () => {
    const { connection, dispose } = await openTestDatabase(kind);
    try {
      await seedDemoData(connection.db);
      const [demo] = await connection.db
        .select()
        .from(users)
        .where(eq(users.email, "demo@starport.dev"));
      await expect(
        connection.db
          .insert(users)
          .values({ customerId: demo!.customerId, email: "DEMO@Starport.dev", name: "x" }),
      ).rejects.toThrow();
    } finally {
      await dispose();
    }
  });

  it("runs pg-boss jobs on the same database", async () => {
    const { connection, dispose } = await openTestDatabase(kind);
    const boss = await startJobs(connection);
    try {
      await boss.createQueue("probe");
      const id = await boss.send("probe", { hello: "world" });
      expect(id).toBeTruthy();
      const [job] = await boss.fetch<{ hello: string }>("probe");
      expect(job?.data.hello).toBe("world");
      await boss.complete("probe", job!.id);
    } finally {
      await boss.stop({ graceful: false });
      await dispose();
    }
  });
});
