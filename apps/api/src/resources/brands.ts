import { schema } from "@starport/db";
import { z } from "zod";
import { defineResource, ref } from "../hydra/resource.ts";
import { sellerProfiles } from "./seller-profiles.ts";
import { iri } from "./shared.ts";

type Row = typeof schema.brands.$inferSelect;
const t = schema.brands;

const input = z.object({ name: z.string().trim().min(1).max(120), sellerProfile: iri });

/** Brands a seller profile sells; listed at /api/seller_profiles/{id}/brands (spec §7). */
export const brands = defineResource<Row, typeof input>({
  shortName: "Brand",
  path: "brands",
  description: "A brand of a seller profile.",
  table: t,
  id: t.id,
  owner: { kind: "parent", column: t.sellerProfileId, parent: () => sellerProfiles },
  output: z.object({ id: z.uuid(), name: z.string(), sellerProfile: z.string() }),
  toOutput: (row) => ({
    id: row.id,
    name: row.name,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
  }),
  input,
  relations: { sellerProfile: () => sellerProfiles },
  toWritable: (row) => ({
    name: row.name,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
  }),
  toValues: (input) => ({ name: input.name, sellerProfileId: input.sellerProfile }),
  operations: { create: "owner", update: "owner", delete: "owner" },
  filters: [
    {
      type: "relation",
      parameter: "profile",
      column: t.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "partial", parameter: "name", column: t.name },
  ],
  order: { name: t.name },
  defaultOrder: [["name", "asc"]],
  pagination: { clientEnabled: true },
  uniqueConstraints: { brands_profile_name: "name" },
  subresources: [{ path: "/seller_profiles/{id}/brands", relationFilter: "profile" }],
});
