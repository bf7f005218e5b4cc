import {
  and,
  asc,
  desc,
  eq,
  getTableName,
  gt,
  gte,
  ilike,
  inArray,
  is,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { excerpt } from "../errors.ts";
import { BadRequestError } from "./http-errors.ts";
import { idFromIriOrId, isUuid } from "./iri.ts";
import type { AnyResource, Direction, FilterDefinition } from "./resource.ts";
import type { SearchMapping } from "./serializer.ts";

/** What a collection query asks for, parsed from its query string against the resource's filters. */
export interface ParsedFilters {
  conditions: SQL[];
  /** Conditions on a state provider's computed values (applied after its computation). */
  computed: SQL[];
  order: SQL[];
  /** Items of other resources the query names; each must be visible to the caller (else 404). */
  relations: { target: AnyResource; id: string; parameter: string }[];
  asOf: Record<string, string>;
  /** Whether any filter, order or paging parameter was present (the view then appears). */
  hasParameters: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const RANGE_OPERATORS = ["gt", "gte", "lt", "lte", "between"] as const;
const DATE_OPERATORS = ["before", "strictly_before", "after", "strictly_after"] as const;
const PAGING = new Set(["page", "itemsPerPage", "pagination"]);

function invalid(parameter: string, value: string): never {
  throw new BadRequestError(
    `Invalid value "${excerpt(value)}" for the filter "${excerpt(parameter)}".`,
  );
}

function isoDate(parameter: string, value: string): string {
  if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    invalid(parameter, value);
  // Date.parse rolls 2026-02-31 over; the round trip catches it.
  if (new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value)
    invalid(parameter, value);
  return value;
}

/** A finite number, bound as numeric: an integer column compared with 1.5 or 9e-323 is no error. */
function number(parameter: string, value: string): SQL {
  if (value.trim() === "" || !Number.isFinite(Number(value))) invalid(parameter, value);
  return sql`${String(Number(value))}::numeric`;
}

function bool(parameter: string, value: string): boolean {
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  return invalid(parameter, value);
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function direction(parameter: string, value: string): Direction {
  const lower = value.toLowerCase();
  if (lower === "asc" || lower === "desc") return lower;
  return invalid(parameter, value);
}

function orderBy(column: AnyPgColumn | SQL, dir: Direction): SQL {
  // Computed values (a provider's expressions) put rows without a value last either way.
  if (is(column, SQL))
    return dir === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  return dir === "asc" ? asc(column) : desc(column);
}

/** Values of `name` and `name[]`. */
function values(query: URLSearchParams, name: string): string[] {
  return [...query.getAll(name), ...query.getAll(`${name}[]`)];
}

function apply(filter: FilterDefinition, query: URLSearchParams, parsed: ParsedFilters): void {
  const p = filter.parameter;
  switch (filter.type) {
    case "exact": {
      const list = values(query, p);
      // A malformed id is the caller's mistake (400), never a database error. A condition of
      // its own checks its values.
      if (!filter.condition && filter.column.getSQLType() === "uuid")
        for (const value of list) if (!isUuid(value)) invalid(p, value);
      if (list.length > 0 && filter.condition) parsed.conditions.push(filter.condition(list));
      else if (list.length === 1) parsed.conditions.push(eq(filter.column, list[0]!));
      else if (list.length > 1) parsed.conditions.push(inArray(filter.column, list));
      return;
    }
    case "partial": {
      const value = query.get(p);
      if (value !== null && value !== "")
        parsed.conditions.push(ilike(filter.column, `%${escapeLike(value)}%`));
      return;
    }
    case "search": {
      const value = query.get(p);
      if (value === null || value.trim() === "") return;
      const pattern = `%${escapeLike(value.trim())}%`;
      const any = or(...filter.columns.map((column) => ilike(column, pattern)));
      if (any) parsed.conditions.push(any);
      return;
    }
    case "range": {
      // Columns and a provider's expressions alike (the comparison functions take either).
      const column = filter.column as SQL;
      const target = is(filter.column, SQL) ? parsed.computed : parsed.conditions;
      for (const op of RANGE_OPERATORS) {
        const value = query.get(`${p}[${op}]`);
        if (value === null) continue;
        if (op === "between") {
          const [low, high, ...rest] = value.split("..");
          if (low === undefined || high === undefined || rest.length > 0) invalid(p, value);
          target.push(and(gte(column, number(p, low)), lte(column, number(p, high)))!);
        } else {
          const fn = { gt, gte, lt, lte }[op];
          target.push(fn(column, number(p, value)));
        }
      }
      return;
    }
    case "date":
      for (const op of DATE_OPERATORS) {
        const value = query.get(`${p}[${op}]`);
        if (value === null) continue;
        const day = isoDate(p, value);
        const fn = { before: lte, strictly_before: lt, after: gte, strictly_after: gt }[op];
        // A timestamp column binds a Date (midnight UTC of the day), a date column the day.
        const bound = filter.column.dataType === "date" ? new Date(`${day}T00:00:00Z`) : day;
        parsed.conditions.push(fn(filter.column, bound));
      }
      return;
    case "boolean": {
      const value = query.get(p);
      if (value !== null) parsed.conditions.push(eq(filter.column, bool(p, value)));
      return;
    }
    case "exists": {
      const value = query.get(`exists[${p}]`);
      if (value !== null)
        parsed.conditions.push(bool(p, value) ? isNotNull(filter.column) : isNull(filter.column));
      return;
    }
    case "relation": {
      const list = values(query, p);
      if (list.length === 0) return;
      const target = filter.target();
      const ids = list.map((value) => idFromIriOrId(target, value) ?? invalid(p, value));
      for (const id of ids) parsed.relations.push({ target, id, parameter: p });
      parsed.conditions.push(
        filter.condition
          ? filter.condition(ids)
          : ids.length === 1
            ? eq(filter.column, ids[0]!)
            : inArray(filter.column, ids),
      );
      return;
    }
    case "sort":
      return; // Handled with the order below.
    case "asOf": {
      const value = query.get(p);
      if (value === null) return;
      const day = isoDate(p, value);
      parsed.asOf[p] = day;
      const { column, groupBy } = filter;
      parsed.conditions.push(
        sql`(${groupBy}, ${column}) in (select ${groupBy}, max(${column}) from ${sql.identifier(getTableName(column.table))} where ${column} <= ${day} group by ${groupBy})`,
      );
      return;
    }
  }
}

/** A lookup by a request's word: `constructor` or `__proto__` are no field of anything. */
function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Parses filters and order; unknown parameters are ignored, malformed values of known ones are a 400. */
export function parseFilters(resource: AnyResource, query: URLSearchParams): ParsedFilters {
  const parsed: ParsedFilters = {
    conditions: [],
    computed: [],
    order: [],
    relations: [],
    asOf: {},
    hasParameters: false,
  };
  const known = new Set<string>(PAGING);
  for (const parameter of resource.provider?.parameters ?? []) known.add(parameter.variable);
  for (const filter of resource.filters ?? []) {
    apply(filter, query, parsed);
    for (const variable of searchVariables(filter)) known.add(variable);
  }
  const orderFields = resource.order ?? {};
  for (const field of Object.keys(orderFields)) known.add(`order[${field}]`);
  for (const key of query.keys()) if (known.has(key)) parsed.hasParameters = true;

  // Explicit order: `order[field]=ASC|DESC` in query order, or the resource's `sort` parameter.
  for (const [key, value] of query) {
    const match = /^order\[(.+)\]$/.exec(key);
    const column = match ? ownValue(orderFields, match[1]!) : undefined;
    if (column) parsed.order.push(orderBy(column, direction(key, value)));
  }
  const sortFilter = resource.filters?.find((f) => f.type === "sort");
  const sort = sortFilter ? query.get(sortFilter.parameter) : null;
  if (sortFilter && sort !== null && sort !== "") {
    const descending = sort.startsWith("-");
    const column = ownValue(orderFields, descending ? sort.slice(1) : sort);
    if (!column) invalid(sortFilter.parameter, sort);
    parsed.order.push(orderBy(column, descending ? "desc" : "asc"));
  }
  if (parsed.order.length === 0) {
    for (const [field, dir] of resource.defaultOrder ?? []) {
      const column = orderFields[field];
      if (column) parsed.order.push(orderBy(column, dir));
    }
  }
  // A stable order, so pages never repeat or skip rows.
  parsed.order.push(asc(resource.id));
  return parsed;
}

function searchVariables(filter: FilterDefinition): string[] {
  const p = filter.parameter;
  switch (filter.type) {
    case "exact":
    case "relation":
      return [p, `${p}[]`];
    case "range":
      return RANGE_OPERATORS.map((op) => `${p}[${op}]`);
    case "date":
      return DATE_OPERATORS.map((op) => `${p}[${op}]`);
    case "exists":
      return [`exists[${p}]`];
    default:
      return [p];
  }
}

/** The hydra:search template's mappings: every filter variable and every order field. */
export function searchMappings(resource: AnyResource): SearchMapping[] {
  const mappings: SearchMapping[] = [];
  for (const filter of resource.filters ?? []) {
    for (const variable of searchVariables(filter))
      mappings.push({ variable, property: filter.parameter });
  }
  for (const field of Object.keys(resource.order ?? {}))
    mappings.push({ variable: `order[${field}]`, property: field });
  for (const parameter of resource.provider?.parameters ?? [])
    mappings.push({ variable: parameter.variable, property: parameter.property });
  return mappings;
}
