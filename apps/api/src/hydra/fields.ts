import { z } from "zod";
import type { AnyResource } from "./resource.ts";

/**
 * What the documentation and the JSON-LD contexts say about a resource's fields, derived from
 * its declaration: the output schema (readable), the input schema (writeable, required), the
 * relations, and each field's JSON Schema for its range.
 */

/** Marks an output field as an IRI of an item of `target` (documented as a hydra:Link). */
const linkTargets = new WeakMap<z.ZodType, () => AnyResource>();

/** An output field holding the IRI of another resource's item: `campaign: iriOf(() => campaigns)`. */
export function iriOf(target: () => AnyResource): z.ZodString {
  const schema = z.string();
  linkTargets.set(schema, target);
  return schema;
}

const anyLinks = new WeakSet<z.ZodType>();

/**
 * An output field holding the IRI of an item of one of several resources (a metrics row's entity,
 * a search term's keyword or target): documented as a hydra:Link without one range.
 */
export function iriOfAny(): z.ZodString {
  const schema = z.string();
  anyLinks.add(schema);
  return schema;
}

export interface Relation {
  target: AnyResource;
  /** An IRI (hydra:Link); false when the item is embedded as an object. */
  link: boolean;
  /** A list of them rather than one. */
  many: boolean;
}

export interface DocumentedField {
  name: string;
  readable: boolean;
  writeable: boolean;
  required: boolean;
  /** A compact IRI (`xsd:string`, `rdf:JSON`) or, for relations, `#ShortName`. */
  range: string | null;
  relation: Relation | null;
  /** An IRI of an item of one of several resources (iriOfAny). */
  anyLink: boolean;
  description: string | null;
}

type Json = Record<string, unknown>;

/** Wrappers whose inner schema says what the field is. */
const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "nonoptional",
  "readonly",
  "catch",
]);

/** The schema under nullable/optional/default wrappers; `many` when an array was unwrapped. */
function unwrap(schema: z.ZodType): { schema: z.ZodType; many: boolean } {
  let current = schema;
  let many = false;
  for (let depth = 0; depth < 16; depth++) {
    const def = current._zod.def as { type: string } & Record<string, unknown>;
    if (WRAPPERS.has(def.type)) current = def.innerType as z.ZodType;
    else if (def.type === "array") {
      current = def.element as z.ZodType;
      many = true;
    } else if (def.type === "pipe") current = def.out as z.ZodType;
    else break;
  }
  return { schema: current, many };
}

function jsonSchemaProperties(schema: z.ZodObject, io: "input" | "output") {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return {
    properties: (json.properties ?? {}) as Record<string, Json>,
    required: new Set((json.required as string[] | undefined) ?? []),
  };
}

/** The XML Schema type (or rdf:JSON) of a JSON Schema, arrays unwrapped as API Platform does. */
export function rangeOf(schema: Json | undefined): string | null {
  if (!schema) return null;
  const anyOf = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (anyOf) {
    const ranges = new Set(
      anyOf.filter((option) => option.type !== "null").map((option) => rangeOf(option)),
    );
    // A value of several kinds (a change's old value: a number, a state, a date) is JSON.
    if (ranges.size > 1) return "rdf:JSON";
    return ranges.size === 1 ? ([...ranges][0] ?? null) : null;
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type) => type !== "null" && type !== undefined,
  );
  if (types.length !== 1) return null;
  switch (types[0]) {
    case "string":
      if (schema.format === "date") return "xsd:date";
      if (schema.format === "date-time") return "xsd:dateTime";
      return "xsd:string";
    case "integer":
      return "xsd:integer";
    case "number":
      return "xsd:decimal";
    case "boolean":
      return "xsd:boolean";
    case "array":
      return rangeOf(schema.items as Json | undefined);
    case "object":
      return "rdf:JSON";
    default:
      return null;
  }
}

/** Relation fields: marked in the output schema or declared as input relations. */
export function relationsOf(resource: AnyResource): Map<string, Relation> {
  const relations = new Map<string, Relation>();
  const output = resource.output.shape as Record<string, z.ZodType>;
  for (const [name, field] of Object.entries(output)) {
    const { schema, many } = unwrap(field);
    const marked = linkTargets.get(schema);
    if (marked) relations.set(name, { target: marked(), link: true, many });
  }
  const input = (resource.input?.shape ?? {}) as Record<string, z.ZodType>;
  for (const [name, targetOf] of Object.entries(resource.relations ?? {})) {
    if (relations.has(name)) continue;
    const shown = output[name] ?? input[name];
    const { schema, many } = shown ? unwrap(shown) : { schema: undefined, many: false };
    // An object in the output is the related item embedded; anything else is its IRI.
    const embedded = schema?._zod.def.type === "object" && name in output;
    relations.set(name, { target: targetOf(), link: !embedded, many });
  }
  return relations;
}

const cache = new WeakMap<AnyResource, readonly DocumentedField[]>();

/** Every field of the resource, readable or writeable, in output order then input-only ones. */
export function documentedFields(resource: AnyResource): readonly DocumentedField[] {
  const cached = cache.get(resource);
  if (cached) return cached;
  const output = jsonSchemaProperties(resource.output, "output");
  const writable =
    resource.input !== undefined &&
    (resource.operations.create !== false || resource.operations.update !== false);
  const input = resource.input
    ? jsonSchemaProperties(resource.input, "input")
    : { properties: {} as Record<string, Json>, required: new Set<string>() };
  const relations = relationsOf(resource);
  const names = [
    ...new Set([...Object.keys(resource.output.shape), ...Object.keys(input.properties)]),
  ];
  const fields = names.map((name): DocumentedField => {
    const shown = output.properties[name];
    const written = writable ? input.properties[name] : undefined;
    const relation = relations.get(name) ?? null;
    const field = (resource.output.shape as Record<string, z.ZodType>)[name];
    const anyLink = field !== undefined && anyLinks.has(unwrap(field).schema);
    // An input relation's description only says "IRI"; the range says more.
    const description = (shown?.description ??
      (relation ? undefined : written?.description) ??
      null) as string | null;
    return {
      name,
      readable: shown !== undefined,
      writeable: written !== undefined,
      required: written !== undefined && input.required.has(name),
      range: relation
        ? `#${relation.target.shortName}`
        : anyLink
          ? "hydra:Resource"
          : rangeOf(shown ?? written),
      relation,
      anyLink,
      description,
    };
  });
  cache.set(resource, fields);
  return fields;
}
