import { type Database, schema } from "@starport/db";
import { eq } from "drizzle-orm";
import { ConflictError } from "../errors.ts";
import type { ChangeBatchRow } from "./tray.ts";

/** Discards a tray: the draft batch and its changes go; a pushed batch is history (409). */
export async function discardBatch(db: Database, batch: ChangeBatchRow): Promise<void> {
  if (batch.status !== "draft")
    throw new ConflictError("Only a draft batch (a tray) can be discarded.");
  await db.delete(schema.changeBatches).where(eq(schema.changeBatches.id, batch.id));
}
