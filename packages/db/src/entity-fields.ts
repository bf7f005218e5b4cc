import type { PgColumn } from "drizzle-orm/pg-core";
import {
  type AmazonPlacement,
  NEGATIVE_LEVELS,
  type SyncedEntity,
} from "./synced-entity-declaration.ts";

export interface EntityField {
  /** Drizzle property of the column. */
  property: string;
  column: PgColumn;
  /** Name for the API: money columns lose their `Micros` suffix (`budgetMicros` → `budget`). */
  field: string;
  kind: "text" | "money" | "integer" | "date" | "json" | "placement";
  nullable: boolean;
  /** A closed set of text values (states, levels). */
  values?: readonly string[];
  /** For kind placement: which placement's adjustment. */
  placement?: AmazonPlacement;
}

/**
 * The stored columns as an API would show them (for deriving output schemas): money in major
 * units, placement adjustments (the API groups them as placementBidding), the rest as stored.
 */
export function entityFields(entity: SyncedEntity): EntityField[] {
  return entity.columns.map((c) => ({
    property: c.property,
    column: c.column,
    field: c.wire.kind === "money" ? c.property.replace(/Micros$/, "") : c.property,
    kind:
      c.wire.kind === "money" || c.wire.kind === "placement"
        ? c.wire.kind
        : c.sqlType === "jsonb"
          ? "json"
          : c.sqlType === "date"
            ? "date"
            : c.sqlType === "integer" || c.sqlType === "bigint"
              ? "integer"
              : "text",
    nullable: !c.notNull,
    ...(c.wire.kind === "field" && c.wire.values ? { values: c.wire.values } : {}),
    ...(c.wire.kind === "level" ? { values: NEGATIVE_LEVELS } : {}),
    ...(c.wire.kind === "placement" ? { placement: c.wire.placement } : {}),
  }));
}
