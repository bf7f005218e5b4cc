import { bigint, timestamp, uuid } from "drizzle-orm/pg-core";
import { advertisingProfiles } from "./sellers.ts";

/** Columns every synced Ads table has; not re-exported by the schema index (they are not tables). */

/** The advertising profile a synced row belongs to (deleted with it). */
export const profileRef = () =>
  uuid("advertising_profile_id")
    .notNull()
    .references(() => advertisingProfiles.id, { onDelete: "cascade" });
export const syncedAt = () => timestamp("synced_at", { withTimezone: true }).notNull().defaultNow();
/** Money: bigint micros of the native currency. */
export const micros = (name: string) => bigint(name, { mode: "number" });
