import type { Database, PgBoss } from "@starport/db";
import { createAuditLog } from "../audit/audit-log.ts";
import type { TokenService } from "../auth/tokens.ts";

export const HOUSEKEEPING_QUEUE = "housekeeping";
/** Nightly, when nobody works: 03:15 Berlin time. */
export const HOUSEKEEPING_CRON = "15 3 * * *";

/**
 * What expires: audit events past their 365 days, revocations of tokens that have expired since,
 * sessions that have ended. Each step is a plain delete by date, so a second run does nothing.
 */
export async function runHousekeeping(
  db: Database,
  tokens: TokenService,
  now: () => number = Date.now,
): Promise<{ auditEvents: number }> {
  const auditEvents = await createAuditLog(db, now).purge();
  await tokens.purgeExpiredRevocations();
  return { auditEvents };
}

export async function scheduleHousekeeping(
  boss: PgBoss,
  db: Database,
  tokens: TokenService,
  log: { info(obj: object, msg: string): void },
): Promise<void> {
  await boss.createQueue(HOUSEKEEPING_QUEUE);
  await boss.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON, {}, { tz: "Europe/Berlin" });
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    log.info(await runHousekeeping(db, tokens), "housekeeping done");
  });
}
