import { schema } from "@starport/db";
import { z } from "zod";
import { defineResource, ref } from "../hydra/resource.ts";
import { sellerProfiles } from "./seller-profiles.ts";
import { iri, marketplaceCode } from "./shared.ts";

type Row = typeof schema.advertisingProfiles.$inferSelect;
const t = schema.advertisingProfiles;

const input = z.object({
  sellerProfile: iri,
  amazonProfileId: z.string().regex(/^\d{1,20}$/),
  countryCode: marketplaceCode,
  currency: z.string().regex(/^[A-Z]{3}$/),
  timezone: z.string().trim().min(1).max(64),
  active: z.boolean().default(true),
});

/** An Amazon Ads profile of a seller profile (spec §3: active, countryCode). */
export const advertisingProfiles = defineResource<Row, typeof input>({
  shortName: "AdvertisingProfile",
  path: "advertising_profiles",
  description: "An Amazon Ads profile (one advertiser on one marketplace).",
  table: t,
  id: t.id,
  owner: { kind: "parent", column: t.sellerProfileId, parent: () => sellerProfiles },
  output: z.object({
    id: z.uuid(),
    sellerProfile: z.string(),
    amazonProfileId: z.string(),
    countryCode: z.string(),
    currency: z.string(),
    timezone: z.string(),
    active: z.boolean(),
  }),
  toOutput: (row) => ({
    id: row.id,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    amazonProfileId: row.amazonProfileId,
    countryCode: row.countryCode,
    currency: row.currency,
    timezone: row.timezone,
    active: row.active,
  }),
  input,
  relations: { sellerProfile: () => sellerProfiles },
  toWritable: (row) => ({
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
    amazonProfileId: row.amazonProfileId,
    countryCode: row.countryCode,
    currency: row.currency,
    timezone: row.timezone,
    active: row.active,
  }),
  toValues: (input) => ({
    sellerProfileId: input.sellerProfile,
    amazonProfileId: input.amazonProfileId,
    countryCode: input.countryCode,
    currency: input.currency,
    timezone: input.timezone,
    active: input.active,
  }),
  operations: { create: "owner", update: "owner", delete: "owner" },
  filters: [
    {
      type: "relation",
      parameter: "profile",
      column: t.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "boolean", parameter: "active", column: t.active },
    { type: "exact", parameter: "countryCode", column: t.countryCode },
  ],
  order: { countryCode: t.countryCode },
  defaultOrder: [["countryCode", "asc"]],
  uniqueConstraints: { advertising_profiles_amazon_id: "amazonProfileId" },
  subresources: [{ path: "/advertising_profiles/seller_profile/{id}", relationFilter: "profile" }],
});
