import type { SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { defineResource, type FilterDefinition } from "../../hydra/resource.ts";
import { advertisingProfiles } from "../../resources/advertising-profiles.ts";
import { METRICS_COLLECTION_FIELDS } from "./entity-metrics.ts";
import { type FactGroups, readFactGroups } from "./fact-collection.ts";
import { metricFiltersAndOrder } from "./fact-filters.ts";
import { metricsSchema } from "./metric-fields.ts";
import { PERIOD_PARAMETERS, parsePeriod } from "./period.ts";

/**
 * A computed resource whose members are groups of a facts table (placements, search terms),
 * declared once: what a group is (FactGroups), its own fields, filters and orders. The rest is
 * the same for each and added here: the Metrics fields of every member (and `previousMetrics`),
 * a range filter and an order on every metric, `totals`, the period parameters (from/to
 * required), paging, read-only operations and no item IRIs; tenant-scoped through the profile.
 */

type Row = Record<string, unknown>;

export interface FactGroupResource {
  shortName: string;
  path: string;
  description: string;
  /** The facts table (Drizzle), its column identifying a group, and its profile column. */
  table: PgTable;
  id: AnyPgColumn;
  profile: AnyPgColumn;
  groups: FactGroups;
  /** The group's own fields (beside the metrics) and how a row shows them. */
  output: z.ZodRawShape;
  toOutput(row: Row): Row;
  filters: readonly FilterDefinition[];
  order: Readonly<Record<string, AnyPgColumn | SQL>>;
  defaultOrder: [string, "asc" | "desc"];
}

export function defineFactGroupResource(declaration: FactGroupResource) {
  const metric = metricFiltersAndOrder(declaration.groups.table);
  return defineResource<Row, z.ZodObject>({
    shortName: declaration.shortName,
    path: declaration.path,
    description: declaration.description,
    table: declaration.table,
    id: declaration.id,
    owner: { kind: "parent", column: declaration.profile, parent: () => advertisingProfiles },
    itemOperation: false,
    output: z.object({
      ...declaration.output,
      metrics: metricsSchema.describe("sums over the period"),
      previousMetrics: metricsSchema.optional().describe("with compare=previous"),
    }),
    toOutput: (row) => ({
      ...declaration.toOutput(row),
      metrics: row.metrics,
      ...(row.previousMetrics ? { previousMetrics: row.previousMetrics } : {}),
    }),
    operations: { create: false, update: false, delete: false },
    filters: [...declaration.filters, ...metric.filters],
    order: { ...declaration.order, ...metric.order },
    defaultOrder: [declaration.defaultOrder],
    pagination: { itemsPerPage: 50, maxItemsPerPage: 1000, clientEnabled: true },
    provider: {
      parameters: PERIOD_PARAMETERS,
      collectionFields: METRICS_COLLECTION_FIELDS,
      validate: (query) => {
        parsePeriod(query, true);
      },
      collection: (ctx) => readFactGroups(declaration.groups, ctx),
    },
  });
}
