import { schema } from "@starport/db";
import { and, sql } from "drizzle-orm";
import { z } from "zod";
import { adGroups, campaigns } from "../advertising/resources.ts";
import { changeBatches, changes } from "../changes/resources.ts";
import { iriOf } from "../hydra/fields.ts";
import {
  defineResource,
  type FilterDefinition,
  type ResourceDefinition,
  ref,
} from "../hydra/resource.ts";
import { advertisingProfiles } from "../resources/advertising-profiles.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { dateString, iri, isoDate } from "../resources/shared.ts";
import { users } from "../resources/users.ts";
import {
  type Decision,
  decideRecommendation,
  type RecommendationRow,
} from "./decide-recommendation.ts";
import { type MeasuredEffect, withMeasuredEffects } from "./measured-effect.ts";
import {
  groupRecommendations,
  marketplaceFilter,
  queueFilter,
  type RecommendationGroup,
} from "./recommendation-queue.ts";
import { requestOptimiserRun } from "./request-optimiser-run.ts";
import type { OptimiserRunRow } from "./run-optimiser.ts";

/**
 * The optimiser's runs and recommendations (issue 19 §3, §5) as Hydra resources, tenant-scoped
 * through their seller profile. "Run now" is the runs' create (a processor: queued → 202, dry run
 * → 200 with the decisions); a seller decides a recommendation by patching its status.
 */

const {
  OPTIMISER_RUN_STATUSES,
  OPTIMISER_RUN_TRIGGERS,
  RECOMMENDATION_KINDS,
  RECOMMENDATION_STATUSES,
} = schema;
const r = schema.optimiserRuns;
const rec = schema.recommendations;
const json = z.record(z.string(), z.unknown());
const value = z.union([z.string(), z.number(), json]).nullable();
const optionalRef = (resource: Parameters<typeof ref>[0], id: string | null) =>
  id === null ? null : ref(resource, id);

const runInput = z.object({
  sellerProfile: iri,
  dryRun: z.boolean().default(false),
});

const RUN_OUTPUT = z.object({
  id: z.uuid(),
  sellerProfile: iriOf(() => sellerProfiles),
  trigger: z.enum(OPTIMISER_RUN_TRIGGERS),
  runDate: z.string(),
  dryRun: z.boolean(),
  status: z.enum(OPTIMISER_RUN_STATUSES),
  windowFrom: z.string().nullable(),
  windowTo: z.string().nullable(),
  settings: json.nullable(),
  counts: z.record(z.string(), z.number()).nullable(),
  warnings: z.array(json),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  changeBatch: iriOf(() => changeBatches).nullable(),
  requestedBy: iriOf(() => users)
    .nullable()
    .describe("Who asked for a manual run (null: scheduled, or the user is deleted)."),
  requestedByActor: iriOf(() => users)
    .nullable()
    .describe("The administrator who asked for it while viewing Starport as that user."),
  requestedByActorName: z
    .string()
    .nullable()
    .describe("Their name then: the changes of an automatic run carry them as actor."),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  decisions: z
    .array(json)
    .optional()
    .describe("A dry run's decisions (only in the answer to the dry run)."),
});

type RunRow = OptimiserRunRow & { decisions?: unknown[] };

export const optimiserRuns: ResourceDefinition<RunRow, typeof runInput> = defineResource<
  RunRow,
  typeof runInput
>({
  shortName: "OptimiserRun",
  path: "optimiser_runs",
  description:
    "A run of the bid optimiser for a seller profile: its window, settings, counts per decision kind, warnings and outcome.",
  table: r,
  id: r.id,
  owner: { kind: "parent", column: r.sellerProfileId, parent: () => sellerProfiles },
  output: RUN_OUTPUT,
  toOutput: (row) => ({
    id: row.id,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    trigger: row.trigger,
    runDate: dateString(row.runDate),
    dryRun: row.dryRun,
    status: row.status,
    windowFrom: row.windowFrom === null ? null : dateString(row.windowFrom),
    windowTo: row.windowTo === null ? null : dateString(row.windowTo),
    settings: row.settings ?? null,
    counts: row.counts ?? null,
    warnings: row.warnings,
    durationMs: row.durationMs,
    error: row.error,
    changeBatch: optionalRef(() => changeBatches, row.changeBatchId),
    requestedBy: optionalRef(() => users, row.requestedByUserId),
    requestedByActor: optionalRef(() => users, row.requestedByActorUserId),
    requestedByActorName: row.requestedByActorName,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    ...(row.decisions ? { decisions: row.decisions } : {}),
  }),
  input: runInput,
  relations: { sellerProfile: () => sellerProfiles },
  operations: { create: "owner", update: false, delete: false },
  processor: {
    create: async ({ db, services, afterCommit, principal }, document) =>
      requestOptimiserRun(db, services, afterCommit, principal, {
        sellerProfileId: String(document.sellerProfile),
        dryRun: document.dryRun === true,
      }),
  },
  created: {
    status: (row) => (row.dryRun ? 200 : 202),
    responses: {
      200: "Dry run done: the run with the decisions it would make (nothing written but the run)",
      202: "Run queued",
    },
  },
  filters: [
    {
      type: "relation",
      parameter: "sellerProfile",
      column: r.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "exact", parameter: "status", column: r.status },
    { type: "exact", parameter: "trigger", column: r.trigger },
    { type: "boolean", parameter: "dryRun", column: r.dryRun },
    { type: "date", parameter: "createdAt", column: r.createdAt },
  ],
  order: { createdAt: r.createdAt },
  defaultOrder: [["createdAt", "desc"]],
  pagination: { itemsPerPage: 30, maxItemsPerPage: 200, clientEnabled: true },
});

const decisionInput = z.object({
  status: z.enum(["open", "accepted", "rejected", "snoozed"]),
  snoozedUntil: isoDate.nullable().optional(),
  acceptedValue: value
    .optional()
    .describe(
      "Accept with another value than proposed, validated as an edit by hand: a bid or budget (number), a state other than the entity's (ARCHIVED instead of PAUSED; its own state is a 422, a rejection), or a new keyword's { bid, matchType } (a negative's { matchType }).",
    ),
});

const RECOMMENDATION_OUTPUT = z.object({
  id: z.uuid(),
  run: iriOf(() => optimiserRuns),
  sellerProfile: iriOf(() => sellerProfiles),
  profile: iriOf(() => advertisingProfiles),
  kind: z.enum(RECOMMENDATION_KINDS),
  entityType: z.string(),
  entity: z.uuid(),
  subject: z.string(),
  campaign: iriOf(() => campaigns).nullable(),
  adGroup: iriOf(() => adGroups).nullable(),
  currentValue: value,
  proposedValue: value,
  acceptedValue: value.describe(
    "What was accepted: the proposed value or the seller's edit of it.",
  ),
  reasonCode: z.string(),
  reasonParams: json.nullable(),
  inputs: json.nullable(),
  impact: z.number().nullable(),
  impactLow: z.number().nullable(),
  impactHigh: z.number().nullable(),
  status: z.enum(RECOMMENDATION_STATUSES),
  snoozedUntil: z.string().nullable(),
  change: iriOf(() => changes).nullable(),
  decidedBy: iriOf(() => users)
    .nullable()
    .describe("Who accepted, rejected or snoozed it last (null: undecided)."),
  decidedByActor: iriOf(() => users)
    .nullable()
    .describe("The administrator who decided while viewing Starport as that user."),
  decidedByActorName: z
    .string()
    .nullable()
    .describe('Their name then ("Admin X for Y" in the log).'),
  measuredEffect: z
    .object({
      appliedOn: z.string(),
      measuredFrom: z.string(),
      monthly: z.number().nullable(),
      before: z.number().nullable(),
      after: z.number().nullable(),
      spendSaved: z.number().nullable().describe("A negative's monthly spend saved."),
      salesLost: z.number().nullable().describe("A negative's monthly ad sales lost."),
    })
    .nullable()
    .describe(
      "An applied recommendation's measured effect: the monthly contribution-profit change 14 days after against 14 days before the change (null until measuredFrom) of what it touched: a bid's or state's keyword/target/product ad, a budget's campaign, a new keyword (nothing before), a negative's search term in its ad group; null while open, rejected or not applied.",
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * How recommendations are found, the same for the list and its summary (the action center's page
 * and header): `queue` and `marketplace` are the queue's tab and marketplace.
 */
const RECOMMENDATION_FILTERS: readonly FilterDefinition[] = [
  { type: "relation", parameter: "run", column: rec.runId, target: () => optimiserRuns },
  {
    type: "relation",
    parameter: "sellerProfile",
    column: rec.sellerProfileId,
    target: () => sellerProfiles,
  },
  {
    type: "relation",
    parameter: "profile",
    column: rec.advertisingProfileId,
    target: () => advertisingProfiles,
  },
  { type: "relation", parameter: "campaign", column: rec.campaignId, target: () => campaigns },
  { type: "relation", parameter: "adGroup", column: rec.adGroupId, target: () => adGroups },
  { type: "exact", parameter: "status", column: rec.status },
  { type: "exact", parameter: "kind", column: rec.kind },
  { type: "exact", parameter: "reasonCode", column: rec.reasonCode },
  { type: "exact", parameter: "entity", column: rec.entityId },
  { type: "date", parameter: "createdAt", column: rec.createdAt },
  {
    type: "exact",
    parameter: "queue",
    column: rec.status,
    description:
      "The action center's tab: open (with the snoozed ones whose day has come), snoozed (still waiting) or done (accepted, rejected, applied).",
    condition: queueFilter,
  },
  {
    type: "exact",
    parameter: "marketplace",
    column: rec.advertisingProfileId,
    description:
      "The marketplace of the recommendation's advertising profile, by country code (DE, FR …).",
    condition: marketplaceFilter,
  },
];

type RecommendationRead = RecommendationRow & { measuredEffect?: MeasuredEffect | null };

export const recommendations: ResourceDefinition<RecommendationRead, typeof decisionInput> =
  defineResource<RecommendationRead, typeof decisionInput>({
    shortName: "Recommendation",
    path: "recommendations",
    description:
      "A decision of the optimiser left for the seller (suggest mode): entity, current and proposed value, reason, inputs, projected monthly profit impact and status.",
    table: rec,
    id: rec.id,
    owner: { kind: "parent", column: rec.sellerProfileId, parent: () => sellerProfiles },
    output: RECOMMENDATION_OUTPUT,
    toOutput: (row) => ({
      id: row.id,
      run: ref(() => optimiserRuns, row.runId),
      sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
      profile: ref(() => advertisingProfiles, row.advertisingProfileId),
      kind: row.kind,
      entityType: row.entityType,
      entity: row.entityId,
      subject: row.subject,
      campaign: optionalRef(() => campaigns, row.campaignId),
      adGroup: optionalRef(() => adGroups, row.adGroupId),
      currentValue: (row.currentValue ?? null) as never,
      proposedValue: (row.proposedValue ?? null) as never,
      acceptedValue: (row.acceptedValue ?? null) as never,
      reasonCode: row.reasonCode,
      reasonParams: row.reasonParams ?? null,
      inputs: row.inputs ?? null,
      impact: row.impact,
      impactLow: row.impactLow,
      impactHigh: row.impactHigh,
      status: row.status,
      snoozedUntil: row.snoozedUntil === null ? null : dateString(row.snoozedUntil),
      change: optionalRef(() => changes, row.changeId),
      decidedBy: optionalRef(() => users, row.decidedByUserId),
      decidedByActor: optionalRef(() => users, row.decidedByActorUserId),
      decidedByActorName: row.decidedByActorName,
      measuredEffect: row.measuredEffect ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }),
    computed: (db, rows) => withMeasuredEffects(db, rows),
    input: decisionInput,
    toWritable: (row) => ({
      status: row.status,
      snoozedUntil: row.snoozedUntil === null ? null : dateString(row.snoozedUntil),
    }),
    toValues: (document) => document,
    operations: { create: false, update: "owner", delete: false },
    processor: {
      update: async ({ db, principal }, row, document) =>
        decideRecommendation(db, principal, row, document as unknown as Decision),
    },
    filters: RECOMMENDATION_FILTERS,
    // Impact as an expression: rows without a projection last in either direction (a plain
    // column sorts them first when descending, ahead of every projected one).
    order: { createdAt: rec.createdAt, impact: sql`${rec.impact}` },
    defaultOrder: [["createdAt", "desc"]],
    pagination: { itemsPerPage: 50, maxItemsPerPage: 1000, clientEnabled: true },
  });

/**
 * `GET /api/recommendation_summaries?sellerProfile=…&queue=open&kind=…&marketplace=…` (issue 21,
 * the action center's header): every matching recommendation counted and its projected impact
 * summed, per kind and advertising profile (marketplace, currency) — exact however many match,
 * where a page of the list is only a page.
 */
export const recommendationSummaries = defineResource<RecommendationGroup, z.ZodObject>({
  shortName: "RecommendationSummary",
  path: "recommendation_summaries",
  description:
    "The recommendations that match the filters, counted and their projected monthly profit impact summed per kind and advertising profile (marketplace and currency): the action center's counts and totals.",
  table: rec,
  id: rec.id,
  owner: { kind: "parent", column: rec.sellerProfileId, parent: () => sellerProfiles },
  itemOperation: false,
  output: z.object({
    kind: z.enum(RECOMMENDATION_KINDS),
    advertisingProfile: iriOf(() => advertisingProfiles),
    marketplace: z.string().describe("The advertising profile's country code (DE, FR …)."),
    currency: z.string().describe("The advertising profile's currency, that of the impact."),
    count: z.int().min(0),
    impact: z
      .number()
      .nullable()
      .describe("The summed projected monthly impact (null: none of them has a projection)."),
  }),
  toOutput: (group) => ({
    kind: group.kind,
    advertisingProfile: ref(() => advertisingProfiles, group.advertisingProfileId),
    marketplace: group.marketplace,
    currency: group.currency,
    count: group.count,
    impact: group.impact,
  }),
  operations: { create: false, update: false, delete: false },
  filters: RECOMMENDATION_FILTERS,
  pagination: { itemsPerPage: 100, maxItemsPerPage: 1000, clientEnabled: true },
  provider: {
    collection: async (ctx) => {
      const groups = await groupRecommendations(ctx.db, and(ctx.scope, ...ctx.conditions));
      const end = ctx.limit === undefined ? undefined : ctx.offset + ctx.limit;
      return { rows: groups.slice(ctx.offset, end), total: groups.length };
    },
  },
});

export const OPTIMISER_RESOURCES = [
  optimiserRuns,
  recommendations,
  recommendationSummaries,
] as const;
