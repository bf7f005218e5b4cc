import { FACT_ENTITIES, schema } from "@starport/db";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { iriOfAny } from "../../hydra/fields.ts";
import { idFromIriOrId } from "../../hydra/iri.ts";
import {
  type AnyResource,
  defineResource,
  type ProviderCollectionContext,
  ref,
} from "../../hydra/resource.ts";
import { advertisingProfiles } from "../../resources/advertising-profiles.ts";
import { sellerProfiles } from "../../resources/seller-profiles.ts";
import { violation } from "../../validation.ts";
import { adGroups, campaigns, SYNCED_RESOURCES } from "../resources.ts";
import { factorsCte, resolveConversion, summedFacts, visibleProfileIds } from "./facts.ts";
import { metricsFrom, metricsSchema, sumsFromRow } from "./metric-fields.ts";
import { PERIOD_PARAMETERS, parsePeriod } from "./period.ts";

/**
 * `/api/metrics`: sums of the daily facts of one entity type over a period, per entity, per day
 * or in all (KPI cards, charts, sparklines). A computed resource: the generic layer parses the
 * filters (a foreign profile, seller profile, campaign or ad group is a 404), pages and
 * serialises; this provider runs the sums.
 */

const f = schema.adPerformanceDaily;
const FACTS = "ad_performance_daily";

/** Per entity collection: its fact type and the column matching the facts' amazon_id. */
const ENTITIES: Record<
  string,
  { resource: () => AnyResource; factType: string; amazonId: string }
> = Object.fromEntries(
  FACT_ENTITIES.map((entity) => [
    entity.name,
    {
      resource: () => SYNCED_RESOURCES[entity.name],
      factType: entity.factsType,
      amazonId: entity.amazonIdColumnName,
    },
  ]),
);
const GROUPS = ["entity", "date", "none"] as const;

function bad(parameter: string, required = false): never {
  throw new ValidationError([violation(parameter, required ? "required" : "invalid")], 400);
}

function parse(query: URLSearchParams) {
  const entity = query.get("entity");
  if (!entity) bad("entity", true);
  if (!(entity in ENTITIES)) bad("entity");
  const groupBy = query.get("groupBy") || "entity";
  if (!(GROUPS as readonly string[]).includes(groupBy)) bad("groupBy");
  const period = parsePeriod(query, true)!;
  const ids = [...query.getAll("ids[]"), ...query.getAll("ids")].filter(Boolean);
  if (ids.length > 1000) bad("ids");
  return { entity, groupBy: groupBy as (typeof GROUPS)[number], period, ids };
}

/** Facts of the campaigns / ad groups named by a filter (matched by their Amazon ids). */
const ofParent =
  (table: "campaigns" | "ad_groups", amazonColumn: AnyPgColumn) =>
  (ids: readonly string[]): SQL =>
    sql`(${f.advertisingProfileId}, ${amazonColumn}) in (select advertising_profile_id, ${sql.identifier(
      table === "campaigns" ? "amazon_campaign_id" : "amazon_ad_group_id",
    )} from ${sql.identifier(table)} where id in (select (json_array_elements_text(${JSON.stringify(ids)}::json))::uuid))`;

async function sums(ctx: ProviderCollectionContext) {
  const q = parse(ctx.query);
  const entity = ENTITIES[q.entity]!;
  const entityResource = entity.resource();
  const ids = q.ids.map((value) => idFromIriOrId(entityResource, value) ?? bad("ids"));
  const visible = await Promise.all(ids.map((id) => ctx.visible(entityResource, id)));
  if (visible.includes(false)) throw new NotFoundError();
  const profileIds = visibleProfileIds(ctx.principal, ctx.relations);
  const conversion = await resolveConversion(ctx.db, profileIds, q.period.currency);
  const key =
    q.groupBy === "entity"
      ? "t.id::text as key"
      : q.groupBy === "date"
        ? `"${FACTS}".date::text as key`
        : "'all' as key";
  const where: SQL[] = [sql`${f.entityType} = ${entity.factType}`, ...ctx.conditions];
  if (ctx.scope) where.push(ctx.scope);
  if (ids.length)
    where.push(
      sql`t.id in (select (json_array_elements_text(${JSON.stringify(ids)}::json))::uuid)`,
    );
  const summed = summedFacts({
    facts: sql`${sql.identifier(FACTS)}`,
    alias: FACTS,
    where,
    keys: [key],
    period: q.period.current,
    conversion,
    join: sql`join ${sql.identifier(q.entity)} t on t.advertising_profile_id = ${f.advertisingProfileId} and t.${sql.identifier(entity.amazonId)} = ${f.amazonId}`,
  });
  const result = (await ctx.db.execute(sql`
    with ${conversion.convert ? sql`${factorsCte(conversion, q.period.current, profileIds)},` : sql``}
    sums as (${summed})
    select *, count(*) over () as total__ from sums order by key
    ${ctx.limit === undefined ? sql`` : sql`limit ${ctx.limit}`} offset ${ctx.offset}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const rows = result.rows.map((row) => ({
    ...(q.groupBy === "entity" ? { entity: ref(() => entityResource, String(row.key)) } : {}),
    ...(q.groupBy === "date" ? { date: String(row.key) } : {}),
    ...metricsFrom(sumsFromRow(row, ""), conversion.currency),
  }));
  return { rows, total: Number(result.rows[0]?.total__ ?? 0) };
}

export const metrics = defineResource<Record<string, unknown>, z.ZodObject>({
  shortName: "Metrics",
  path: "metrics",
  description:
    "Sums of the daily advertising facts of one entity type over a date range: per entity, per day or in all.",
  table: f,
  id: f.amazonId,
  owner: { kind: "parent", column: f.advertisingProfileId, parent: () => advertisingProfiles },
  itemOperation: false,
  output: z.object({
    entity: iriOfAny().optional().describe("groupBy=entity: the entity's IRI"),
    date: z.string().optional().describe("groupBy=date: the day, YYYY-MM-DD"),
    ...metricsSchema.shape,
  }),
  toOutput: (row) => row,
  operations: { create: false, update: false, delete: false },
  filters: [
    {
      type: "relation",
      parameter: "profile",
      column: f.advertisingProfileId,
      target: () => advertisingProfiles,
    },
    {
      type: "relation",
      parameter: "sellerProfile",
      column: f.advertisingProfileId,
      target: () => sellerProfiles,
      condition: (ids) =>
        sql`${f.advertisingProfileId} in (select id from advertising_profiles where seller_profile_id in (select (json_array_elements_text(${JSON.stringify(ids)}::json))::uuid))`,
    },
    {
      type: "relation",
      parameter: "campaign",
      column: f.amazonCampaignId,
      target: () => campaigns,
      condition: ofParent("campaigns", f.amazonCampaignId),
    },
    {
      type: "relation",
      parameter: "adGroup",
      column: f.amazonAdGroupId,
      target: () => adGroups,
      condition: ofParent("ad_groups", f.amazonAdGroupId),
    },
  ],
  pagination: { itemsPerPage: 1000, maxItemsPerPage: 10000, clientEnabled: true },
  provider: {
    parameters: [
      { variable: "entity", property: "entity", description: Object.keys(ENTITIES).join("|") },
      { variable: "groupBy", property: "groupBy", description: GROUPS.join("|") },
      { variable: "ids[]", property: "entity", description: "only these entities" },
      ...PERIOD_PARAMETERS.filter((p) => p.variable !== "compare"),
    ],
    validate: (query) => {
      parse(query);
    },
    collection: sums,
  },
});
