import { schema } from "@starport/db";
import { z } from "zod";
import { ruleSet } from "../catalogue/collection-rules.ts";
import { defineResource, ref } from "../hydra/resource.ts";
import { sellerProfiles } from "./seller-profiles.ts";
import { iri } from "./shared.ts";

type Row = typeof schema.productCollections.$inferSelect;
const t = schema.productCollections;

/** Rows written before rule sets existed hold a flat array; they are shown as stored. */
const legacyRules = z.array(
  z.object({ field: z.string(), operator: z.string(), value: z.string() }),
);
const input = z
  .object({
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(1000).default(""),
    colour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .default("#4c6ef5"),
    membership: z.enum(["manual", "rules"]).default("manual"),
    rules: ruleSet.optional(),
    priority: z.int().min(1).max(1000).default(100),
    sellerProfile: iri,
  })
  .superRefine((value, context) => {
    if (value.membership === "rules" && value.rules === undefined)
      context.addIssue({
        code: "invalid_type",
        expected: "object",
        path: ["rules"],
        input: undefined,
      });
  });

/** A named group of products, by rules or by hand (spec §7: ?profile&sort&search). */
export const productCollections = defineResource<Row, typeof input>({
  shortName: "ProductCollection",
  path: "product_collections",
  description: "A named group of products of a seller profile.",
  table: t,
  id: t.id,
  owner: { kind: "parent", column: t.sellerProfileId, parent: () => sellerProfiles },
  output: z.object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    colour: z.string(),
    membership: z.enum(["manual", "rules"]),
    rules: z.union([ruleSet, legacyRules]),
    priority: z.int(),
    /** Products in the collection when it was last evaluated (GET /api/catalogue/collections). */
    productCount: z.int(),
    sellerProfile: z.string(),
  }),
  toOutput: (row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    colour: row.colour,
    membership: row.membership,
    rules: row.rules,
    priority: row.priority,
    productCount: row.productCount,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
  }),
  input,
  relations: { sellerProfile: () => sellerProfiles },
  toWritable: (row) => ({
    name: row.name,
    description: row.description,
    colour: row.colour,
    membership: row.membership,
    rules: ruleSet.safeParse(row.rules).data,
    priority: row.priority,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
  }),
  toValues: (input) => ({
    name: input.name,
    description: input.description,
    colour: input.colour.toLowerCase(),
    membership: input.membership,
    rules: input.membership === "rules" ? input.rules : [],
    priority: input.priority,
    sellerProfileId: input.sellerProfile,
  }),
  operations: { create: "owner", update: "owner", delete: "owner" },
  filters: [
    {
      type: "relation",
      parameter: "profile",
      column: t.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "search", parameter: "search", columns: [t.name, t.description] },
    { type: "sort", parameter: "sort" },
    { type: "exact", parameter: "membership", column: t.membership },
    { type: "range", parameter: "productCount", column: t.productCount },
  ],
  order: {
    name: t.name,
    productCount: t.productCount,
    priority: t.priority,
    createdAt: t.createdAt,
  },
  defaultOrder: [["name", "asc"]],
});
