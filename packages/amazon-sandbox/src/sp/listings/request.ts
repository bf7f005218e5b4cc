/** Listings Items 2021-08-01: request checks and the submission answer of put, patch and delete. */
import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../../http.ts";
import type { SandboxState } from "../../state.ts";
import type { Product, Seller } from "../../world.ts";
import { authSp } from "../auth.ts";
import { bad, csv, includedOf } from "../common.ts";
import type { Issue } from "./issues.ts";
import { LISTING_DATA } from "./item.ts";

export const SUBMISSION_DATA = { allowed: ["identifiers", "issues"], dflt: ["issues"] };

/** The checks every listings request passes: token, seller path, marketplaces, includedData, mode. */
export function listingCheck(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
  includedData: { allowed: string[]; dflt: string[] } = {
    allowed: LISTING_DATA,
    dflt: ["summaries"],
  },
): { seller: Seller; mps: string[]; inc: string[] } | undefined {
  const seller = authSp(state, req, reply);
  if (!seller) return undefined;
  const { sellerId } = req.params as { sellerId: string };
  if (sellerId !== seller.sellerId) {
    sendError(
      reply,
      "sp",
      403,
      "Access to requested resource is denied.",
      "The sellerId does not match the access token.",
    );
    return undefined;
  }
  const q = req.query as Record<string, unknown>;
  const mps = csv(q.marketplaceIds);
  if (mps.length === 0 || mps.some((m) => !seller.marketplaceIds.includes(m))) {
    bad(reply, "marketplaceIds must list marketplaces the seller participates in.");
    return undefined;
  }
  const inc = includedOf(q, includedData.allowed, includedData.dflt);
  if (typeof inc === "string") {
    bad(reply, inc);
    return undefined;
  }
  if (includedData === SUBMISSION_DATA && q.mode !== undefined && q.mode !== "VALIDATION_PREVIEW") {
    bad(reply, "mode must be VALIDATION_PREVIEW.");
    return undefined;
  }
  return { seller, mps, inc };
}
/** put/patch/delete answer a ListingsItemSubmissionResponse. */
export function submission(
  sku: string,
  inc: string[],
  status: "ACCEPTED" | "INVALID" | "VALID",
  issues: Issue[],
  products: Product[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { sku, status, submissionId: randomUUID() };
  if (inc.includes("issues")) out.issues = issues;
  if (inc.includes("identifiers"))
    out.identifiers = products.map((p) => ({ marketplaceId: p.marketplaceId, asin: p.asin }));
  return out;
}
