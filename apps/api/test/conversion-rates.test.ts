import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { schema, startJobs } from "@starport/db";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@starport/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  parseEcbXml,
  refreshConversionRates,
  scheduleConversionRateRefresh,
} from "../src/jobs/conversion-rates.ts";

const SHEET = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube>
    <Cube time='2026-11-20'>
      <Cube currency='USD' rate='1.1712'/>
      <Cube currency='JPY' rate='181.20'/>
      <Cube currency='GBP' rate='0.8861'/>
      <Cube currency='PLN' rate='4.2315'/>
      <Cube currency='SEK' rate='10.9420'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

describe("the ECB sheet", () => {
  it("parses the day and the rates", () => {
    expect(parseEcbXml(SHEET)).toEqual({
      date: "2026-11-20",
      rates: { USD: 1.1712, JPY: 181.2, GBP: 0.8861, PLN: 4.2315, SEK: 10.942 },
    });
    expect(() => parseEcbXml("<html>maintenance</html>")).toThrow(/no date/);
  });
});

describe.each(TEST_DATABASE_KINDS)("daily conversion-rate refresh on %s", (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let server: Server;
  let url: string;
  let answer = { status: 200, body: SHEET };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = createServer((_request, response) => {
      response.writeHead(answer.status, { "content-type": "text/xml" }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eurofxref-daily.xml`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database?.dispose();
  });

  const ratesOn = (date: string) =>
    database.connection.db
      .select()
      .from(schema.conversionRates)
      .where(eq(schema.conversionRates.date, date))
      .orderBy(schema.conversionRates.currencyCode);

  it("stores the five currencies of the day, and again idempotently", async () => {
    answer = { status: 200, body: SHEET };
    await refreshConversionRates(database.connection.db, { url });
    await refreshConversionRates(database.connection.db, { url });
    const rows = await ratesOn("2026-11-20");
    expect(rows.map((r) => [r.currencyCode, Number(r.conversionRate), r.source])).toEqual([
      ["EUR", 1, "ecb"],
      ["GBP", 0.8861, "ecb"],
      ["PLN", 4.2315, "ecb"],
      ["SEK", 10.942, "ecb"],
      ["USD", 1.1712, "ecb"],
    ]);
  });

  it("changes nothing when the source fails or is unreachable", async () => {
    // The rates this test must see kept: its own successful refresh first.
    answer = { status: 200, body: SHEET };
    await refreshConversionRates(database.connection.db, { url });
    const before = await ratesOn("2026-11-20");
    expect(before).toHaveLength(5);
    answer = { status: 503, body: "down" };
    await expect(refreshConversionRates(database.connection.db, { url })).rejects.toThrow(/503/);
    answer = { status: 200, body: SHEET };
    await expect(
      refreshConversionRates(database.connection.db, { url: "http://127.0.0.1:1/closed.xml" }),
    ).rejects.toThrow();
    expect(await ratesOn("2026-11-20")).toEqual(before);
  });

  it("is scheduled daily with pg-boss and runs once at start", async () => {
    answer = { status: 200, body: SHEET.replace("2026-11-20", "2026-11-21") };
    const boss = await startJobs(database.connection);
    const logged: string[] = [];
    try {
      await scheduleConversionRateRefresh(boss, database.connection.db, {
        url,
        log: { info: (_o, msg) => logged.push(msg), warn: (_o, msg) => logged.push(msg) },
      });
      const schedules = await boss.getSchedules();
      expect(schedules.map((s) => [s.name, s.cron])).toContainEqual([
        "conversion-rates-refresh",
        "30 16 * * *",
      ]);
      await expect
        .poll(async () => (await ratesOn("2026-11-21")).length, { timeout: 10_000 })
        .toBe(5);
      expect(logged).toContain("conversion rates refreshed");
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});
