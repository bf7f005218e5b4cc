import { schema } from "@starport/db";
import { z } from "zod";
import { defineResource, ref } from "../hydra/resource.ts";
import { sellerProfiles } from "./seller-profiles.ts";
import { iri, marketplaceCode } from "./shared.ts";

type Row = typeof schema.sellerAccounts.$inferSelect;
const t = schema.sellerAccounts;

const participation = z.object({ marketplace: marketplaceCode, isParticipating: z.boolean() });

const input = z.object({
  name: z.string().trim().min(1).max(120),
  sellerProfile: iri,
  region: z.enum(["EU", "NA", "FE"]).default("EU"),
  sellingPartnerId: z.string().trim().min(1).max(64).nullable().default(null),
  marketplaceParticipations: z.array(participation).max(30).default([]),
});

/** A Seller Central account and the marketplaces it takes part in (spec §3). */
export const sellerAccounts = defineResource<Row, typeof input>({
  shortName: "SellerAccount",
  path: "seller_accounts",
  description: "A selling partner account of a seller profile.",
  table: t,
  id: t.id,
  owner: { kind: "parent", column: t.sellerProfileId, parent: () => sellerProfiles },
  output: z.object({
    id: z.uuid(),
    name: z.string(),
    sellerProfile: z.string(),
    region: z.string(),
    sellingPartnerId: z.string().nullable(),
    marketplaceParticipations: z.array(
      z.object({ marketplace: z.string(), isParticipating: z.boolean() }),
    ),
  }),
  toOutput: (row) => ({
    id: row.id,
    name: row.name,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    region: row.region,
    sellingPartnerId: row.sellingPartnerId,
    marketplaceParticipations: row.marketplaceParticipations,
  }),
  input,
  relations: { sellerProfile: () => sellerProfiles },
  toWritable: (row) => ({
    name: row.name,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    region: row.region,
    sellingPartnerId: row.sellingPartnerId,
    marketplaceParticipations: row.marketplaceParticipations,
  }),
  toValues: (input) => ({
    name: input.name,
    sellerProfileId: input.sellerProfile,
    region: input.region,
    sellingPartnerId: input.sellingPartnerId,
    marketplaceParticipations: input.marketplaceParticipations,
  }),
  operations: { create: "owner", update: "owner", delete: "owner" },
  filters: [
    {
      type: "relation",
      parameter: "profile",
      column: t.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "exact", parameter: "region", column: t.region },
    { type: "exists", parameter: "sellingPartnerId", column: t.sellingPartnerId },
  ],
  order: { name: t.name, createdAt: t.createdAt },
  defaultOrder: [["name", "asc"]],
});
