import { schema } from "@starport/db";
import { z } from "zod";
import { defineResource } from "../hydra/resource.ts";

type Row = typeof schema.customers.$inferSelect;

const input = z.object({ name: z.string().trim().min(1).max(200) });

/** The tenant itself: a user sees their own customer (administrators too: see hydra/tenant.ts). */
export const customers = defineResource<Row, typeof input>({
  shortName: "Customer",
  path: "customers",
  description: "A customer: the company whose seller profiles, users and data Starport keeps.",
  table: schema.customers,
  id: schema.customers.id,
  owner: { kind: "self" },
  output: z.object({ id: z.uuid(), name: z.string() }),
  toOutput: (row) => ({ id: row.id, name: row.name }),
  input,
  toWritable: (row) => ({ name: row.name }),
  toValues: (input) => ({ name: input.name }),
  operations: { create: false, update: "owner", delete: false },
  filters: [{ type: "partial", parameter: "name", column: schema.customers.name }],
  order: { name: schema.customers.name },
  defaultOrder: [["name", "asc"]],
});
