import {
  type AmazonPlacement,
  type Database,
  type EntityField,
  entityFields,
  type ParentLink,
  type SyncedEntity,
} from "@starport/db";
import { getTableColumns } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { iriOf } from "../hydra/fields.ts";
import {
  type AnyResource,
  defineResource,
  type FilterDefinition,
  type ResourceDefinition,
  ref,
} from "../hydra/resource.ts";
import { withMetrics } from "./metrics/entity-metrics.ts";

/**
 * A synced Ads entity as a read-only Hydra resource, derived from its one declaration
 * (packages/db synced-entities) and its Drizzle columns: the output schema and the
 * serialisation of every declared column (money in major units, placement adjustments grouped
 * as `placementBidding`), the links to its profile and parents, `syncedAt`, an exact filter on
 * every text column, a date filter on every date column, an order on every scalar column and,
 * when Amazon reports facts for it, the metrics (entity-metrics.ts). A column added to the
 * declaration appears here by itself; a renamed one fails to compile where a resource names it.
 */

type Row = Record<string, unknown>;
type Property<T extends PgTable> = keyof T["_"]["columns"] & string;

/** How `placementBidding` names Amazon's placements. */
export const PLACEMENT_FIELDS: Readonly<Record<AmazonPlacement, string>> = {
  PLACEMENT_TOP: "topOfSearch",
  PLACEMENT_PRODUCT_PAGE: "productPage",
  PLACEMENT_REST_OF_SEARCH: "restOfSearch",
};
/** The output field grouping the placement adjustments. */
export const PLACEMENT_GROUP = "placementBidding";

/** The output field and the row property linking each parent. */
const PARENTS: Readonly<Record<ParentLink, { field: string; property: string }>> = {
  campaign: { field: "campaign", property: "campaignId" },
  adGroup: { field: "adGroup", property: "adGroupId" },
};

/** The resources an entity links to (given lazily: they are entity resources themselves). */
export type EntityLinks = { profile: () => AnyResource } & Record<ParentLink, () => AnyResource>;

export interface EntityResourceOptions<T extends PgTable> {
  /** The JSON-LD @type. */
  shortName: string;
  description: string;
  /** Columns `search=` looks in (they get no exact filter of their own). */
  search?: readonly Property<T>[];
  /** The column the collection is sorted by without `order[...]`. */
  defaultOrder: Property<T>;
  /** Schemas of JSON columns (the database only knows them as jsonb). */
  json?: Partial<Record<Property<T>, z.ZodType>>;
  /** Fields beyond the table's columns, read by `enrich` (e.g. a product ad's product). */
  extra?: { output: z.ZodRawShape; toOutput(row: Row): Row };
  /** Adds values read from elsewhere to a page of rows (with the metrics provider). */
  enrich?(db: Database, rows: Row[]): Promise<void>;
}

const READ_ONLY = { create: false, update: false, delete: false } as const;
const PAGINATION = { itemsPerPage: 50, maxItemsPerPage: 1000, clientEnabled: true };
const major = (micros: unknown) =>
  micros === null || micros === undefined ? null : Number(micros) / 1_000_000;

function fieldSchema(field: EntityField, json: z.ZodType | undefined): z.ZodType {
  const base = (): z.ZodType => {
    switch (field.kind) {
      case "money":
        return z.number().describe("major units of the profile's currency");
      case "integer":
      case "placement":
        return z.int();
      case "date":
        return z.iso.date();
      case "json":
        return json ?? z.unknown();
      case "text":
        return field.values ? z.enum(field.values as [string, ...string[]]) : z.string();
    }
  };
  const schema = base();
  return field.nullable ? schema.nullable() : schema;
}

/** The output of the columns: one field each, the placements grouped into one object. */
function columnOutput(fields: readonly EntityField[], json: Partial<Record<string, z.ZodType>>) {
  const shape: Record<string, z.ZodType> = {};
  const placements: Record<string, z.ZodType> = {};
  for (const field of fields) {
    if (field.kind === "placement" && field.placement) {
      if (!(PLACEMENT_GROUP in shape)) shape[PLACEMENT_GROUP] = z.never();
      placements[PLACEMENT_FIELDS[field.placement]] = fieldSchema(field, undefined);
    } else shape[field.field] = fieldSchema(field, json[field.property]);
  }
  if (PLACEMENT_GROUP in shape)
    shape[PLACEMENT_GROUP] = z
      .object(placements)
      .describe("bid adjustments per placement, percent");
  return shape;
}

function columnValues(fields: readonly EntityField[], row: Row): Row {
  const values: Row = {};
  for (const field of fields) {
    const value = row[field.property];
    if (field.kind === "placement" && field.placement) {
      const group = (values[PLACEMENT_GROUP] ?? {}) as Row;
      group[PLACEMENT_FIELDS[field.placement]] = value;
      values[PLACEMENT_GROUP] = group;
    } else values[field.field] = field.kind === "money" ? major(value) : value;
  }
  return values;
}

/** The order fields: every scalar column by its API name, placements as `placementBidding.x`. */
function orderOf(fields: readonly EntityField[]): Record<string, AnyPgColumn> {
  const order: Record<string, AnyPgColumn> = {};
  for (const field of fields) {
    if (field.kind === "json") continue;
    const name =
      field.kind === "placement" && field.placement
        ? `${PLACEMENT_GROUP}.${PLACEMENT_FIELDS[field.placement]}`
        : field.field;
    order[name] = field.column;
  }
  return order;
}

function columnOf(table: PgTable, property: string): AnyPgColumn {
  const column = (getTableColumns(table) as Record<string, AnyPgColumn>)[property];
  if (!column) throw new Error(`${property} is no column of the table`);
  return column;
}

/** `defineEntityResource(entity, options)` for entities linking to these resources. */
export function entityResources(links: EntityLinks) {
  return function defineEntityResource<T extends PgTable>(
    entity: SyncedEntity<T>,
    options: EntityResourceOptions<T>,
  ): AnyResource {
    const table = entity.table;
    const column = (property: string) => columnOf(table, property);
    const fields = entityFields(entity);
    const json = (options.json ?? {}) as Partial<Record<string, z.ZodType>>;
    const search = new Set<string>(options.search ?? []);
    const parents = entity.parents.map((link) => ({ link, ...PARENTS[link] }));

    const filters: FilterDefinition[] = [
      {
        type: "relation",
        parameter: "profile",
        column: column("advertisingProfileId"),
        target: links.profile,
      },
      ...parents.map(
        (p): FilterDefinition => ({
          type: "relation",
          parameter: p.field,
          column: column(p.property),
          target: links[p.link],
        }),
      ),
      ...fields
        .filter((f) => f.kind === "text" && !search.has(f.property))
        .map((f): FilterDefinition => ({ type: "exact", parameter: f.field, column: f.column })),
      ...fields
        .filter((f) => f.kind === "date")
        .map((f): FilterDefinition => ({ type: "date", parameter: f.field, column: f.column })),
    ];
    if (search.size)
      filters.push({ type: "search", parameter: "search", columns: [...search].map(column) });
    const defaultOrder = fields.find((f) => f.property === options.defaultOrder);
    if (!defaultOrder)
      throw new Error(`${entity.name}: no declared column ${options.defaultOrder}`);

    const resource: ResourceDefinition<Row, z.ZodObject> = defineResource<Row, z.ZodObject>({
      shortName: options.shortName,
      path: entity.name,
      description: options.description,
      table,
      id: column("id"),
      owner: { kind: "parent", column: column("advertisingProfileId"), parent: links.profile },
      output: z.object({
        id: z.uuid(),
        advertisingProfile: iriOf(links.profile),
        ...Object.fromEntries(parents.map((p) => [p.field, iriOf(links[p.link]).nullable()])),
        ...columnOutput(fields, json),
        syncedAt: z.iso.datetime(),
        ...(options.extra?.output ?? {}),
      }),
      toOutput: (row) => ({
        id: row.id,
        advertisingProfile: ref(links.profile, String(row.advertisingProfileId)),
        ...Object.fromEntries(
          parents.map((p) => {
            const id = row[p.property];
            return [
              p.field,
              id === null || id === undefined ? null : ref(links[p.link], String(id)),
            ];
          }),
        ),
        ...columnValues(fields, row),
        syncedAt: (row.syncedAt as Date).toISOString(),
        ...(options.extra?.toOutput(row) ?? {}),
      }),
      operations: READ_ONLY,
      filters,
      order: orderOf(fields),
      defaultOrder: [[defaultOrder.field, "asc"]],
      pagination: PAGINATION,
    });
    if (!entity.factsType) return resource;
    return withMetrics(resource, {
      factType: entity.factsType,
      amazonId: entity.amazonIdColumn,
      ...(options.enrich ? { enrich: options.enrich } : {}),
    });
  };
}
