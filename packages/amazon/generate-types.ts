/**
 * Generates TypeScript types from Amazon's official API models.
 *
 *   node generate-types.ts [modelsDir] [outDir]
 *   (defaults: models and src/generated, relative to this package; models/NOTICE names their source)
 *
 * Inputs: the Sponsored Products v3 OpenAPI 3.0.1 model (ads-api/SponsoredProducts_prod_3p.json) and the
 * Selling Partner API Swagger 2.0 models (sp-api/*.json). One small generator handles both dialects
 * (openapi-typescript only reads OpenAPI 3, and a Swagger2→OpenAPI3 converter would add a large
 * dependency tree for no gain). Output per model, in src/generated/*.gen.ts:
 *   - one exported type per schema (components.schemas / definitions), named as in the model;
 *   - `operations`: per operationId, `parameters` (path/query/header), `requestBody` and `responses`
 *     (OpenAPI 3: status → media type → body; Swagger 2: status → body).
 * The output is deterministic (sorted by model order) so regenerating yields no diff.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const here = dirname(fileURLToPath(import.meta.url));
const modelsDir = resolve(here, process.argv[2] ?? "models");
const outDir = resolve(here, process.argv[3] ?? join("src", "generated"));

const MODELS: ReadonlyArray<{ input: string; output: string }> = [
  { input: "ads-api/SponsoredProducts_prod_3p.json", output: "ads-sponsored-products.gen.ts" },
  { input: "sp-api/sellers.json", output: "sp-sellers.gen.ts" },
  { input: "sp-api/catalogItems_2022-04-01.json", output: "sp-catalog-items.gen.ts" },
  { input: "sp-api/listingsItems_2021-08-01.json", output: "sp-listings-items.gen.ts" },
  { input: "sp-api/productPricingV0.json", output: "sp-product-pricing.gen.ts" },
  { input: "sp-api/productFeesV0.json", output: "sp-product-fees.gen.ts" },
  { input: "sp-api/reports_2021-06-30.json", output: "sp-reports.gen.ts" },
  { input: "sp-api/tokens_2021-03-01.json", output: "sp-tokens.gen.ts" },
  { input: "sp-api/fbaInventory.json", output: "sp-fba-inventory.gen.ts" },
  { input: "sp-api/productPricing_2022-05-01.json", output: "sp-product-pricing-2022.gen.ts" },
  { input: "sp-api/sales.json", output: "sp-sales.gen.ts" },
];

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function typeName(raw: string): string {
  const cleaned = raw.replace(/[^A-Za-z0-9_$]/g, "_");
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned;
}

function propKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

function doc(description: Json | undefined, indent: string): string {
  if (typeof description !== "string" || description.trim() === "") return "";
  const text = description.replace(/\*\//g, "*\\/").replace(/\r/g, "").trim();
  const lines = text.split("\n");
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join("\n")}\n${indent} */\n`;
}

class Generator {
  private readonly refPrefix: string;
  private readonly model: JsonObject;
  constructor(model: JsonObject) {
    this.model = model;
    this.refPrefix = "swagger" in model ? "#/definitions/" : "#/components/schemas/";
  }

  private resolveRef(ref: string): string {
    if (!ref.startsWith(this.refPrefix)) throw new Error(`unsupported $ref ${ref}`);
    return typeName(ref.slice(this.refPrefix.length));
  }

  /** Resolves `#/parameters/x` or `#/components/parameters/x` references. */
  private deref(node: Json): JsonObject {
    if (!isObject(node)) return {};
    const ref = node.$ref;
    if (typeof ref !== "string") return node;
    const parts = ref.replace(/^#\//, "").split("/");
    let cur: Json = this.model;
    for (const p of parts) cur = isObject(cur) ? (cur[p] ?? null) : null;
    return isObject(cur) ? cur : {};
  }

  schema(s: Json | undefined, indent = ""): string {
    if (!isObject(s)) return "unknown";
    const nullable = s.nullable === true || s["x-nullable"] === true ? " | null" : "";
    if (typeof s.$ref === "string") return this.resolveRef(s.$ref) + nullable;
    if (Array.isArray(s.allOf)) {
      const parts = s.allOf.map((x) => this.schema(x, indent));
      const own = this.objectLiteral(s, indent);
      if (own !== null) parts.push(own);
      return `(${parts.join(" & ")})${nullable}`;
    }
    for (const key of ["oneOf", "anyOf"] as const) {
      const alts = s[key];
      if (Array.isArray(alts))
        return `(${alts.map((x) => this.schema(x, indent)).join(" | ")})${nullable}`;
    }
    if (Array.isArray(s.enum)) {
      const values = s.enum.filter((v) => v !== null).map((v) => JSON.stringify(v));
      return (values.length ? values.join(" | ") : "never") + nullable;
    }
    switch (s.type) {
      case "string":
        return `string${nullable}`;
      case "integer":
      case "number":
        return `number${nullable}`;
      case "boolean":
        return `boolean${nullable}`;
      case "array":
        return `Array<${this.schema(s.items, indent)}>${nullable}`;
      case "object":
      case undefined: {
        const lit = this.objectLiteral(s, indent);
        if (lit !== null) return lit + nullable;
        return s.type === "object" ? `Record<string, unknown>${nullable}` : `unknown`;
      }
      default:
        return "unknown";
    }
  }

  private objectLiteral(s: JsonObject, indent: string): string | null {
    const props = isObject(s.properties) ? s.properties : undefined;
    const additional = s.additionalProperties;
    if (!props && additional === undefined) return null;
    const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
    const inner = `${indent}  `;
    let out = "{\n";
    for (const [name, ps] of Object.entries(props ?? {})) {
      out += doc(isObject(ps) ? ps.description : undefined, inner);
      out += `${inner}${propKey(name)}${required.has(name) ? "" : "?"}: ${this.schema(ps, inner)};\n`;
    }
    if (additional !== undefined && additional !== false) {
      const valueType = props || !isObject(additional) ? "unknown" : this.schema(additional, inner);
      out += `${inner}[key: string]: ${valueType};\n`;
    }
    return `${out}${indent}}`;
  }

  schemas(): string {
    const defs =
      "swagger" in this.model
        ? this.model.definitions
        : (this.model.components as JsonObject)?.schemas;
    let out = "";
    for (const [name, s] of Object.entries(isObject(defs) ? defs : {})) {
      out += doc(isObject(s) ? (s.description ?? s.title) : undefined, "");
      out += `export type ${typeName(name)} = ${this.schema(s)};\n\n`;
    }
    return out;
  }

  operations(): string {
    const swagger = "swagger" in this.model;
    let out = "export interface operations {\n";
    const paths = isObject(this.model.paths) ? this.model.paths : {};
    for (const [path, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      const shared = Array.isArray(item.parameters) ? item.parameters : [];
      for (const [method, opJson] of Object.entries(item)) {
        if (!["get", "put", "post", "delete", "patch"].includes(method) || !isObject(opJson))
          continue;
        const op = opJson;
        const id = typeof op.operationId === "string" ? op.operationId : `${method} ${path}`;
        out += doc(`${method.toUpperCase()} ${path}`, "  ");
        out += `  ${propKey(id)}: {\n`;
        const params = [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])].map(
          (p) => this.deref(p),
        );
        out += "    parameters: {\n";
        for (const location of ["path", "query", "header"]) {
          const ps = params.filter((p) => p.in === location);
          if (ps.length === 0) continue;
          out += `      ${location}: {\n`;
          for (const p of ps) {
            const t = swagger ? this.schema(p, "        ") : this.schema(p.schema, "        ");
            out += doc(p.description, "        ");
            out += `        ${propKey(String(p.name))}${p.required === true ? "" : "?"}: ${t};\n`;
          }
          out += "      };\n";
        }
        out += "    };\n";
        if (swagger) {
          const body = params.find((p) => p.in === "body");
          if (body) out += `    requestBody: ${this.schema(body.schema, "    ")};\n`;
        } else if (isObject(op.requestBody)) {
          const content = this.deref(op.requestBody).content;
          out += `    requestBody: ${this.contentMap(content, "    ")};\n`;
        }
        out += "    responses: {\n";
        for (const [status, resJson] of Object.entries(
          isObject(op.responses) ? op.responses : {},
        )) {
          const res = this.deref(resJson);
          const t = swagger
            ? res.schema === undefined
              ? "void"
              : this.schema(res.schema, "      ")
            : res.content === undefined
              ? "void"
              : this.contentMap(res.content, "      ");
          out += `      ${propKey(status)}: ${t};\n`;
        }
        out += "    };\n  };\n";
      }
    }
    return `${out}}\n`;
  }

  private contentMap(content: Json | undefined, indent: string): string {
    if (!isObject(content)) return "void";
    let out = "{\n";
    for (const [mediaType, media] of Object.entries(content)) {
      const t = isObject(media) ? this.schema(media.schema, `${indent}  `) : "unknown";
      out += `${indent}  ${JSON.stringify(mediaType)}: ${t};\n`;
    }
    return `${out}${indent}}`;
  }
}

mkdirSync(outDir, { recursive: true });
for (const { input, output } of MODELS) {
  const model = JSON.parse(readFileSync(join(modelsDir, input), "utf8")) as JsonObject;
  const info = isObject(model.info) ? model.info : {};
  const gen = new Generator(model);
  const header = [
    "// Generated by packages/amazon/generate-types.ts — do not edit.",
    `// Source: packages/amazon/models/${input} (${String(info.title ?? "")} ${String(info.version ?? "")}).`,
    "",
    "",
  ].join("\n");
  writeFileSync(join(outDir, output), header + gen.schemas() + gen.operations());
  console.log(`generated ${join(outDir, output)}`);
}
