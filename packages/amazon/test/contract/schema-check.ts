/**
 * Checks every JSON answer the sandbox gives against Amazon's official models (the same files the
 * types are generated from): operation by method + path template, schema by status and media type.
 * Structural subset of JSON Schema: $ref, allOf/oneOf/anyOf, type, enum, required, properties, items,
 * nullable. Violations are collected, not thrown, so a contract test can list every deviation.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FetchLike } from "../../src/transport.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const MODELS_DIR = fileURLToPath(new URL("../../models/", import.meta.url));
const MODEL_FILES = [
  "ads-api/SponsoredProducts_prod_3p.json",
  "sp-api/sellers.json",
  "sp-api/catalogItems_2022-04-01.json",
  "sp-api/listingsItems_2021-08-01.json",
  "sp-api/productPricingV0.json",
  "sp-api/productFeesV0.json",
  "sp-api/reports_2021-06-30.json",
];

interface Route {
  model: Obj;
  method: string;
  template: string;
  regex: RegExp;
  operation: Obj;
}

export interface Violation {
  operation: string;
  status: number;
  at: string;
  problem: string;
}

const isObj = (v: Json | undefined): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function loadRoutes(): Route[] {
  const routes: Route[] = [];
  for (const file of MODEL_FILES) {
    const model = JSON.parse(readFileSync(MODELS_DIR + file, "utf8")) as Obj;
    const paths = isObj(model.paths) ? model.paths : {};
    for (const [template, item] of Object.entries(paths)) {
      if (!isObj(item)) continue;
      for (const [method, op] of Object.entries(item)) {
        if (!isObj(op) || !["get", "put", "post", "patch", "delete"].includes(method)) continue;
        const pattern = template
          .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
          .replace(/\\?\{[^}]+\\?\}/g, "[^/]+");
        routes.push({
          model,
          method: method.toUpperCase(),
          template,
          regex: new RegExp(`^${pattern}$`),
          operation: op,
        });
      }
    }
  }
  // Literal paths before templated ones (e.g. /sp/campaigns/list before /sp/campaigns/{id}).
  return routes.sort(
    (a, b) => (a.template.includes("{") ? 1 : 0) - (b.template.includes("{") ? 1 : 0),
  );
}

export class SchemaChecker {
  readonly violations: Violation[] = [];
  readonly checked = new Set<string>();
  private readonly routes = loadRoutes();

  /** Wraps a fetch so every JSON answer is checked (region prefixes /na, /eu, /fe are stripped). */
  wrap(inner: FetchLike): FetchLike {
    return async (input, init) => {
      const res = await inner(input, init);
      const url = new URL(input);
      const path = url.pathname.replace(/^\/(na|eu|fe)(?=\/)/, "");
      const ct = (res.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
      if (ct.includes("json")) {
        const text = await res.clone().text();
        try {
          this.check(init.method ?? "GET", path, res.status, ct, JSON.parse(text) as Json);
        } catch (error) {
          if (error instanceof SyntaxError) {
            this.violations.push({
              operation: `${init.method} ${path}`,
              status: res.status,
              at: "$",
              problem: "body is not JSON",
            });
          } else throw error;
        }
      }
      return res;
    };
  }

  check(method: string, path: string, status: number, mediaType: string, body: Json): void {
    const route = this.routes.find((r) => r.method === method && r.regex.test(path));
    if (!route) return; // not a modelled operation (LWA, profiles, reporting v3, downloads)
    const opId = String(route.operation.operationId ?? `${method} ${route.template}`);
    const responses = isObj(route.operation.responses) ? route.operation.responses : {};
    const response = this.deref(route.model, responses[String(status)] ?? responses.default);
    if (!isObj(response)) {
      // 5xx can come from Amazon's front door for any operation (injected faults do too).
      if (status >= 500) return;
      this.violations.push({
        operation: opId,
        status,
        at: "$",
        problem: `status ${status} is not declared by the model`,
      });
      return;
    }
    let schema: Json | undefined;
    if ("swagger" in route.model) schema = response.schema;
    else if (isObj(response.content)) {
      const content = response.content;
      const media = content[mediaType] ?? Object.values(content)[0];
      schema = isObj(media) ? media.schema : undefined;
    }
    if (schema === undefined) return;
    this.checked.add(`${opId} ${status}`);
    this.validate(route.model, schema, body, "$", opId, status);
  }

  private deref(model: Obj, node: Json | undefined): Json | undefined {
    let cur = node;
    for (let i = 0; i < 20 && isObj(cur) && typeof cur.$ref === "string"; i++) {
      let target: Json | undefined = model;
      for (const part of cur.$ref.replace(/^#\//, "").split("/"))
        target = isObj(target) ? target[part] : undefined;
      cur = target;
    }
    return cur;
  }

  private matches(model: Obj, schema: Json | undefined, value: Json): boolean {
    const probe = new SchemaChecker.Probe();
    this.validateInto(model, schema, value, "$", probe.sink);
    return probe.ok;
  }

  private static Probe = class {
    ok = true;
    sink = () => {
      this.ok = false;
    };
  };

  private validate(
    model: Obj,
    schema: Json | undefined,
    value: Json,
    at: string,
    operation: string,
    status: number,
  ): void {
    this.validateInto(model, schema, value, at, (where, problem) => {
      this.violations.push({ operation, status, at: where, problem });
    });
  }

  private validateInto(
    model: Obj,
    rawSchema: Json | undefined,
    value: Json,
    at: string,
    report: (at: string, problem: string) => void,
  ): void {
    const schema = this.deref(model, rawSchema);
    if (!isObj(schema)) return;
    if (value === null) {
      if (schema.nullable === true || schema["x-nullable"] === true) return;
      if (schema.type !== undefined || isObj(schema.properties)) report(at, "is null");
      return;
    }
    if (Array.isArray(schema.allOf))
      for (const s of schema.allOf) this.validateInto(model, s, value, at, report);
    for (const key of ["oneOf", "anyOf"] as const) {
      const alts = schema[key];
      if (Array.isArray(alts) && !alts.some((s) => this.matches(model, s, value))) {
        report(at, `matches none of the ${key} alternatives`);
      }
    }
    if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
      report(
        at,
        `${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum).slice(0, 200)}`,
      );
      return;
    }
    const type = schema.type ?? (isObj(schema.properties) ? "object" : undefined);
    switch (type) {
      case "string":
        if (typeof value !== "string") report(at, `expected string, got ${JSON.stringify(value)}`);
        return;
      case "integer":
        if (typeof value !== "number" || !Number.isInteger(value))
          report(at, `expected integer, got ${JSON.stringify(value)}`);
        return;
      case "number":
        if (typeof value !== "number") report(at, `expected number, got ${JSON.stringify(value)}`);
        return;
      case "boolean":
        if (typeof value !== "boolean")
          report(at, `expected boolean, got ${JSON.stringify(value)}`);
        return;
      case "array":
        if (!Array.isArray(value)) {
          report(at, "expected array");
          return;
        }
        value.forEach((v, i) => {
          this.validateInto(model, schema.items, v, `${at}[${i}]`, report);
        });
        return;
      case "object": {
        if (!isObj(value)) {
          report(at, "expected object");
          return;
        }
        const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
        for (const r of required)
          if (!(r in value)) report(`${at}.${r}`, "required property missing");
        const props = isObj(schema.properties) ? schema.properties : {};
        for (const [k, v] of Object.entries(value)) {
          if (k in props) this.validateInto(model, props[k], v, `${at}.${k}`, report);
          else if (isObj(schema.additionalProperties))
            this.validateInto(model, schema.additionalProperties, v, `${at}.${k}`, report);
        }
        return;
      }
      default:
        return;
    }
  }
}

interface KnownDeviation {
  operation: RegExp;
  at: RegExp;
  problem: RegExp;
  /** `amazon`: the model is stricter than what Amazon documents/sends; `sandbox`: the sandbox is wrong. */
  kind: "amazon" | "sandbox";
  why: string;
}

/** Differences that are accepted on purpose. Anything else fails the contract tests. */
export const KNOWN_DEVIATIONS: readonly KnownDeviation[] = [
  {
    kind: "amazon",
    operation: /^getMyFeesEstimate/,
    at: /\.Error$/,
    problem: /is null/,
    why: 'reference §3.7: successful results carry "Error": null although the model does not mark it nullable',
  },
  {
    kind: "amazon",
    operation: /^getRankedKeywordRecommendation$/,
    at: /\.searchTermImpressionRank$|\.searchTermImpressionShare$/,
    problem: /is null/,
    why: "reference §2.5: recorded responses have searchTermImpressionRank/Share null",
  },
  {
    kind: "amazon",
    operation: /^getRankedKeywordRecommendation$/,
    at: /^\$$/,
    problem: /expected object/,
    why: "reference §2.5: the v3 model describes one object, the top level is an array of them",
  },
  {
    kind: "amazon",
    operation: /^GetThemeBasedBidRecommendationForAdGroup_v1$/,
    at: /\.targetingExpression\.value$/,
    problem: /is null/,
    why: 'reference §2.6: CLOSE_MATCH-style expressions come back with "value": null',
  },
];

/** Violations not covered by `KNOWN_DEVIATIONS`. */
export function unexpectedViolations(violations: readonly Violation[]): Violation[] {
  return violations.filter(
    (v) =>
      !KNOWN_DEVIATIONS.some(
        (k) => k.operation.test(v.operation) && k.at.test(v.at) && k.problem.test(v.problem),
      ),
  );
}
