import type { Database } from "@starport/db";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { AmazonDependencies } from "../amazon/connections.ts";
import type { Principal } from "../auth/principal.ts";
import type { ChangeJobs } from "../changes/jobs.ts";
import type { OptimiserJobs } from "../optimiser/jobs.ts";

/**
 * A resource declared once: its table, wire schemas, filters and the path from a row to the
 * customer that owns it. The generic layer (routes → operations → repository) serves every
 * operation from this declaration; nothing else about a resource is written by hand.
 */

/** How a row leads back to its customer, the tenant. Every query is scoped by it (tenant.ts). */
export type Owner =
  /** The row carries the customer id. */
  | { kind: "customer"; column: AnyPgColumn }
  /** The row is the customer. */
  | { kind: "self" }
  /** The row belongs to a row of another resource, which leads to the customer. */
  | { kind: "parent"; column: AnyPgColumn; parent: () => AnyResource }
  /** Reference data shared by every customer: read by any signed-in user, written by admins. */
  | { kind: "global" };

/** A link to another resource's item; the serializer renders it as an IRI or embedded. */
export interface Ref {
  readonly $ref: string;
  readonly id: string;
  /** Embedded as `{ "@id", "@type", id }` rather than a bare IRI. */
  readonly embed?: boolean;
}

export function ref(resource: () => AnyResource, id: string, embed = false): Ref {
  return { $ref: resource().path, id, embed };
}

export type Direction = "asc" | "desc";

export type FilterDefinition =
  /** `field=value` or `field[]=a&field[]=b`: equality. */
  | {
      type: "exact";
      parameter: string;
      column: AnyPgColumn;
      description?: string;
      /**
       * The rows' condition for the values when it is not `column in (values)` (a derived state,
       * such as the queue's "open" that takes in snoozed ones whose day has come); throws a 400
       * for a value it does not know.
       */
      condition?: (values: readonly string[]) => SQL;
    }
  /** `field=value`: case-insensitive substring. */
  | { type: "partial"; parameter: string; column: AnyPgColumn }
  /** `search=value`: case-insensitive substring over several columns. */
  | { type: "search"; parameter: string; columns: readonly AnyPgColumn[] }
  /**
   * `field[gt|gte|lt|lte|between]=…` on a number. The column may be an expression a state provider
   * computes (e.g. a metric summed over a date range); the provider's query defines it.
   */
  | { type: "range"; parameter: string; column: AnyPgColumn | SQL }
  /** `field[before|after|strictly_before|strictly_after]=YYYY-MM-DD`. */
  | { type: "date"; parameter: string; column: AnyPgColumn }
  /** `field=true|false|1|0`. */
  | { type: "boolean"; parameter: string; column: AnyPgColumn }
  /** `exists[field]=true|false`: null or not. */
  | { type: "exists"; parameter: string; column: AnyPgColumn }
  /** `profile=<id or IRI>`: rows of that item of another resource, which must be visible. */
  | {
      type: "relation";
      parameter: string;
      column: AnyPgColumn;
      target: () => AnyResource;
      /** The rows' condition for the named items when it is not `column in (ids)`. */
      condition?: (ids: readonly string[]) => SQL;
    }
  /** `sort=field` or `sort=-field`: one of the resource's order fields. */
  | { type: "sort"; parameter: string }
  /**
   * `date=YYYY-MM-DD` on dated reference data: per `groupBy` value, the newest row on or before
   * the date (the rate that applied then).
   */
  | { type: "asOf"; parameter: string; column: AnyPgColumn; groupBy: AnyPgColumn };

export interface WriteContext {
  /** The customer a new row belongs to when the body names none. */
  customerId: string;
}

export interface ReadContext {
  /** Parsed `asOf` filter values by parameter, e.g. { date: "2026-11-22" }. */
  asOf: Readonly<Record<string, string>>;
}

export type Access = "owner" | "admin" | false;

export interface ResourceDefinition<
  Row extends Record<string, unknown> = Record<string, unknown>,
  Input extends z.ZodObject = z.ZodObject,
> {
  /** The JSON-LD @type, e.g. "Tag". */
  shortName: string;
  /** Collection path under /api, e.g. "tags". */
  path: string;
  description: string;
  table: PgTable;
  id: AnyPgColumn;
  owner: Owner;
  /** The representation, for the documentation (relations as IRI strings). */
  output: z.ZodObject;
  toOutput(row: Row, context: ReadContext): Record<string, unknown>;
  /** The writable document: POST bodies and merge-patched documents are validated against it. */
  input?: Input;
  /** Input fields holding an IRI of another resource's item (checked to be visible). */
  relations?: Readonly<Record<string, () => AnyResource>>;
  /** The writable document of an existing row (relations as Ref), the base of a merge patch. */
  toWritable?(row: Row): Record<string, unknown>;
  /** Table values from a valid document, relations already resolved to ids. */
  toValues?(input: z.infer<Input>, context: WriteContext): Record<string, unknown>;
  operations: { create: Access; update: Access; delete: Access };
  filters?: readonly FilterDefinition[];
  /**
   * `order[field]` names and their columns; the first default order applies without one. An SQL
   * expression (defined by the resource's state provider) sorts with nulls last.
   */
  order?: Readonly<Record<string, AnyPgColumn | SQL>>;
  defaultOrder?: readonly [string, Direction][];
  pagination?: { itemsPerPage?: number; maxItemsPerPage?: number; clientEnabled?: boolean };
  /** Unique index name → property path, answered as a 422 "This value is already used.". */
  uniqueConstraints?: Readonly<Record<string, string>>;
  /** Collections of this resource below an item of another: `/seller_profiles/{id}/brands`. */
  subresources?: readonly { path: string; relationFilter: string }[];
  /**
   * How the resource is read when a table row is not enough (API Platform's state provider): the
   * generic layer still parses filters, order and paging, checks relations, scopes to the tenant
   * and serialises; the provider runs the query.
   */
  provider?: StateProvider<Row>;
  /**
   * Fields computed from other tables for rows read from the resource's own (a provider that
   * decorates the table's rows rather than replacing its query): called once per answer with all
   * its rows — a collection's page, an item, a write's result — before they are serialised.
   */
  computed?(db: Database, rows: Row[]): Promise<Row[]>;
  /** Whether items have their own IRI (`GET /path/{id}`); computed rows such as sums do not. */
  itemOperation?: boolean;
  /**
   * How writes with side effects are done when inserting or deleting a row is not enough (API
   * Platform's state processor): the generic layer still checks access, validates the document,
   * resolves relations, runs the processor in a transaction and serialises its row.
   */
  processor?: StateProcessor<Row>;
  /**
   * A create whose side effect is not a plain creation (work queued: 202; a preview: 200): the
   * status per created row and every status's description for the documentation. Default 201.
   */
  created?: { status(row: Row): number; responses: Readonly<Record<number, string>> };
  /** A condition beyond the tenant scope on what a principal sees (e.g. only their own drafts). */
  restrict?(principal: Principal): SQL | undefined;
}

/** The client of a request: what the audit trail records beside who and what. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface ProcessorContext {
  /** The transaction the write runs in. */
  db: Database;
  principal: Principal;
  services: ProviderServices;
  origin: RequestOrigin;
  /** Work to do once the transaction has committed (queuing a job that reads what it wrote). */
  afterCommit(work: () => Promise<void>): void;
}

export interface StateProcessor<Row> {
  /** Makes the item from a valid document (relations resolved to ids); answers its row. */
  create?(context: ProcessorContext, document: Record<string, unknown>): Promise<Row>;
  /**
   * Applies a valid merged document to the (visible) item when writing the columns is not enough
   * (a status change with side effects); answers the row.
   */
  update?(context: ProcessorContext, row: Row, document: Record<string, unknown>): Promise<Row>;
  /** Deletes the (visible) item, or throws a domain error (e.g. 409 when it may not go). */
  delete?(context: ProcessorContext, row: Row): Promise<void>;
}

/**
 * What the API was started with beyond the database, for providers that read from elsewhere
 * (Amazon's recommendations); absent in a process without Amazon.
 */
export interface ProviderServices {
  amazon?: AmazonDependencies | undefined;
  /** The change-batch apply queue (accepting a recommendation may push a change). */
  changes?: ChangeJobs | undefined;
  /** The optimiser-run queue ("run now"). */
  optimiser?: OptimiserJobs | undefined;
}

/** What a state provider gets for a collection: everything the generic layer parsed. */
export interface ProviderCollectionContext {
  db: Database;
  services: ProviderServices;
  principal: Principal;
  /** The tenant condition on the resource's table (undefined: admins see all). */
  scope: SQL | undefined;
  /** Conditions of the declared filters, on the resource's table or the provider's expressions. */
  conditions: SQL[];
  /** Conditions of range filters on the provider's computed expressions. */
  computed: SQL[];
  order: SQL[];
  /** Items named by relation filters (already checked to be visible). */
  relations: readonly { target: AnyResource; id: string; parameter: string }[];
  /** The request's query (the provider reads its own parameters from it). */
  query: URLSearchParams;
  /** Undefined: all rows (no paging). */
  limit: number | undefined;
  offset: number;
  /** Whether the caller may see that item of the resource (else the provider answers 404). */
  visible(resource: AnyResource, id: string): Promise<boolean>;
}

export interface ProvidedCollection<Row> {
  rows: Row[];
  total: number;
  /** Collection-level values beside the members, e.g. `totals`. */
  extra?: Record<string, unknown>;
}

/** A state provider: how a computed resource's collection (and items) are read. */
export interface StateProvider<Row> {
  /**
   * Query parameters the provider reads itself (not declared as filters): documented in
   * `hydra:search` and OpenAPI like every filter. The provider answers 400 for bad values.
   */
  parameters?: readonly { variable: string; property: string; description?: string }[];
  /** Collection-level values it adds beside the members (documented in OpenAPI). */
  collectionFields?: z.ZodObject;
  /** Checks the provider's own parameters before any query runs (throws a 400). */
  validate?(query: URLSearchParams): void;
  collection(context: ProviderCollectionContext): Promise<ProvidedCollection<Row>>;
  /** One row by id, scoped; undefined: 404. Without it items are read from the table. */
  item?(context: ProviderCollectionContext, id: string): Promise<Row | undefined>;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds resources of every row type.
export type AnyResource = ResourceDefinition<any, any>;

export function defineResource<Row extends Record<string, unknown>, Input extends z.ZodObject>(
  definition: ResourceDefinition<Row, Input>,
): ResourceDefinition<Row, Input> {
  return definition;
}
