import { schema } from "@starport/db";
import { z } from "zod";
import { defineResource, ref } from "../hydra/resource.ts";
import { sellerProfiles } from "./seller-profiles.ts";
import { iri } from "./shared.ts";

type Row = typeof schema.tags.$inferSelect;
const t = schema.tags;

const input = z.object({ text: z.string().trim().min(1).max(64), sellerProfile: iri });

/** Spec §3 Tag (text); §7 GET /api/tags?profile=…&order[text]=ASC. */
export const tags = defineResource<Row, typeof input>({
  shortName: "Tag",
  path: "tags",
  description: "A label on products of a seller profile.",
  table: t,
  id: t.id,
  owner: { kind: "parent", column: t.sellerProfileId, parent: () => sellerProfiles },
  output: z.object({ id: z.uuid(), text: z.string(), sellerProfile: z.string() }),
  toOutput: (row) => ({
    id: row.id,
    text: row.text,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
  }),
  input,
  relations: { sellerProfile: () => sellerProfiles },
  toWritable: (row) => ({
    text: row.text,
    sellerProfile: ref(() => sellerProfiles, row.sellerProfileId),
  }),
  toValues: (input) => ({ text: input.text, sellerProfileId: input.sellerProfile }),
  operations: { create: "owner", update: "owner", delete: "owner" },
  filters: [
    {
      type: "relation",
      parameter: "profile",
      column: t.sellerProfileId,
      target: () => sellerProfiles,
    },
    { type: "partial", parameter: "text", column: t.text },
    { type: "date", parameter: "createdAt", column: t.createdAt },
  ],
  order: { text: t.text, createdAt: t.createdAt },
  defaultOrder: [["text", "asc"]],
  pagination: { clientEnabled: true },
  uniqueConstraints: { tags_profile_text: "text" },
});
