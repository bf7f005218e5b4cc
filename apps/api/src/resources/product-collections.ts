import { schema } from "@starport/db";
import { z } from "zod";
import { defineResource, ref } from "../hydra/resource.ts";
import { sellerProfiles } from "./seller-profiles.ts";
import { iri } from "./shared.ts";

type Row = typeof schema.productCollections.$inferSelect;
const t = schema.productCollections;

const rule = z.object({
  field: z.enum(["title", "sku", "asin", "brand", "tag", "price", "marketplace"]),
  operator: z.enum(["equals", "contains", "startsWith", "greaterThan", "lessThan"]),
  value: z.string().trim().min(1).max(200),
});

const input = z
  .object({
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(1000).default(""),
    colour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .default("#4c6ef5"),
    membership: z.enum(["manual", "rules"]).default("manual"),
    rules: z.array(rule).max(50).default([]),
    sellerProfile: iri,
  })
  .superRefine((value, context) => {
    if (value.membership === "rules" && value.rules.length === 0)
      context.addIssue({
        code: "too_small",
        origin: "array",
        minimum: 1,
        inclusive: true,
        path: ["rules"],
        input: value.rules,
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
    rules: z.array(z.object({ field: z.string(), operator: z.string(), value: z.string() })),
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
    rules: row.rules,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
  }),
  toValues: (input) => ({
    name: input.name,
    description: input.description,
    colour: input.colour.toLowerCase(),
    membership: input.membership,
    rules: input.membership === "rules" ? input.rules : [],
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
  order: { name: t.name, productCount: t.productCount, createdAt: t.createdAt },
  defaultOrder: [["name", "asc"]],
});
