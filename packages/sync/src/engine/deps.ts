/** What every part of the sync engine works with: the database, Amazon, options; a step's context. */
import type { Amazon, PollOptions } from "@starport/amazon";
import type { Database, schema } from "@starport/db";
import type { SyncEngineOptions, SyncLogger } from "../engine.ts";
import type { TokenCipher } from "../secrets.ts";

export type SyncRun = typeof schema.syncRuns.$inferSelect;
export type Step = schema.SyncStep;

export interface EngineDeps {
  db: Database;
  amazon: Amazon;
  cipher: TokenCipher;
  log: SyncLogger;
  chunkSize: number;
  poll: PollOptions;
  today: NonNullable<SyncEngineOptions["today"]>;
  options: SyncEngineOptions;
}

export interface StepContext {
  run: SyncRun;
  signal: AbortSignal;
  /** Adds written rows to the step and the run (progress). */
  wrote(rows: number): Promise<void>;
  /** Records what arrived from Amazon (items listed, report rows and days), shown as progress. */
  arrived(what: { received: number; days?: number }): void;
}
