/**
 * Contract between the API and Hangar's tables (issue 17 item 1): every column of every Hangar tab
 * reads a field the API's output schema declares (the OpenAPI document), and on a real answer
 * (the web's own query over an account with facts) every column whose fields the schema requires
 * shows a value on every row. Search terms once showed "–" in every metric column because the
 * API put the metrics on the row and the table read `row.metrics`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdsFixture } from "../../api/test/support/ads-fixture.ts";
import { type HydraTestApp, IDS, openHydraTestApp } from "../../api/test/support/hydra-app.ts";
import { apiQuery, readTableState } from "../app/components/hangar/table-state.ts";
import {
  type ColumnDef,
  cellValue,
  type HangarRow,
  TABLES,
  type TableDef,
} from "../app/components/hangar/tables.ts";
import { buildUrl } from "../app/lib/api/hydra.ts";

type Json = Record<string, unknown>;
const FROM = "2026-03-01";
const TO = "2026-03-20";

/** The member fields a column reads: its reads of a recording row, as dotted paths. */
function fieldsRead(column: ColumnDef): string[] {
  const paths = new Set<string>();
  const recorder = (prefix: string): unknown =>
    new Proxy(
      {},
      {
        get(_, key) {
          if (typeof key === "symbol") return key === Symbol.toPrimitive ? () => "1" : undefined;
          if (key === "toString" || key === "valueOf") return () => "1";
          const path = prefix ? `${prefix}.${key}` : key;
          paths.add(path);
          return recorder(path);
        },
      },
    );
  cellValue(column, recorder("") as HangarRow);
  // Leaves only: `metrics.clicks`, not `metrics`.
  return [...paths].filter((p) => ![...paths].some((q) => q.startsWith(`${p}.`)));
}

/**
 * Whether `path` is declared under `schema` (through $ref, anyOf/oneOf/allOf) and whether it may
 * be absent or null; `present` names top-level fields the query guarantees (`metrics` with from/to).
 */
function schemaAt(
  document: Json,
  schema: Json,
  path: string[],
  present: readonly string[] = [],
): { found: boolean; optional: boolean } {
  const resolve = (node: Json): Json => {
    const ref = node.$ref as string | undefined;
    if (!ref) return node;
    const name = ref.replace("#/components/schemas/", "");
    return resolve(((document.components as Json).schemas as Record<string, Json>)[name] ?? {});
  };
  const nullable = (node: Json) =>
    node.nullable === true ||
    (Array.isArray(node.type) && node.type.includes("null")) ||
    ((node.anyOf ?? node.oneOf) as Json[] | undefined)?.some((n) => resolve(n).type === "null") ===
      true;
  let node = resolve(schema);
  let optional = false;
  for (const [depth, key] of path.entries()) {
    const branches = [node, ...((node.anyOf ?? node.oneOf ?? node.allOf ?? []) as Json[])].map(
      resolve,
    );
    const holder = branches.find((b) => (b.properties as Json | undefined)?.[key]);
    if (!holder) return { found: false, optional };
    node = resolve((holder.properties as Record<string, Json>)[key]!);
    const guaranteed = depth === 0 && present.includes(key);
    const required = ((holder.required as string[] | undefined) ?? []).includes(key);
    if (!guaranteed && (!required || nullable(node))) optional = true;
  }
  return { found: true, optional };
}

describe("Hangar tables read what the API declares and answers", () => {
  let t: HydraTestApp;
  let document: Json;
  let profileId: string;
  beforeAll(async () => {
    t = await openHydraTestApp("pglite");
    const fixture = await insertAdsFixture(t.db, IDS.profileA, {
      seed: 17,
      firstDay: FROM,
      days: 20,
    });
    profileId = fixture.profileId;
    document = (await t.app.inject({ url: "/api/docs.json" })).json();
  });
  afterAll(() => t?.dispose());

  const memberSchema = (def: TableDef): Json => {
    const get = ((document.paths as Json)[def.path] as Json | undefined)?.get as Json | undefined;
    const ok = (get?.responses as Json | undefined)?.["200"] as Json | undefined;
    const body = ((ok?.content as Json | undefined)?.["application/ld+json"] as Json | undefined)
      ?.schema as Json | undefined;
    const member = ((body?.properties as Json | undefined)?.["hydra:member"] as Json | undefined)
      ?.items as Json | undefined;
    expect(member, `${def.path}: a documented collection of members`).toBeDefined();
    return member as Json;
  };

  for (const def of Object.values(TABLES) as TableDef[]) {
    it(`${def.key}: every column's fields are in ${def.path}'s output schema`, () => {
      const schema = memberSchema(def);
      const missing = def.columns.flatMap((column) =>
        fieldsRead(column)
          .filter((field) => !schemaAt(document, schema, field.split(".")).found)
          .map((field) => `${column.key} reads ${field}`),
      );
      expect(missing).toEqual([]);
    });

    it(`${def.key}: every required column shows a value on every row of a real answer`, async () => {
      const schema = memberSchema(def);
      const state = readTableState(def, new URLSearchParams());
      const query = apiQuery(def, state, {
        range: { from: FROM, to: TO },
        currency: null,
        scope: { profile: profileId },
      });
      const res = await t.request("own", { url: buildUrl(def.path, query) });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json()["hydra:member"] as HangarRow[];
      const present = def.withMetrics ? ["metrics"] : [];
      const required = def.columns.filter((column) =>
        fieldsRead(column).every(
          (field) => !schemaAt(document, schema, field.split("."), present).optional,
        ),
      );
      const empty = rows.flatMap((row) =>
        required
          .filter((column) => cellValue(column, row) === null)
          .map((column) => `${row["@id"]} ${column.key}`),
      );
      expect(empty).toEqual([]);
      if (def.withMetrics) {
        expect(rows.length, `${def.path} answers rows with facts`).toBeGreaterThan(0);
        expect(required.some((c) => c.metric)).toBe(true);
      }
    });
  }
});
