/** Listings Items 2021-08-01 patchListingsItem: change a listing's price, quantity, title or brand. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { INVALID_JSON, isObject, sendJson } from "../../http.ts";
import { listingStamp } from "../../listings.ts";
import type { SandboxState } from "../../state.ts";
import { type Product, productBySku } from "../../world.ts";
import { bad } from "../common.ts";
import {
  availabilityQuantity,
  type Issue,
  invalidAttribute,
  invalidPrice,
  offerPrice,
  skuNotFound,
} from "./issues.ts";
import { listingCheck, SUBMISSION_DATA, submission } from "./request.ts";

export async function patchListingsItem(
  state: SandboxState,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const w = () => state.world;
  const c = listingCheck(state, req, reply, SUBMISSION_DATA);
  if (!c) return reply;
  const { sku } = req.params as { sku: string };
  const body = req.body as unknown;
  if (
    !isObject(body) ||
    INVALID_JSON in body ||
    typeof body.productType !== "string" ||
    !Array.isArray(body.patches) ||
    body.patches.length === 0
  )
    return bad(reply, "Body must contain productType and a non-empty patches array.");
  const found = c.mps.map((m) => productBySku(w(), c.seller.sellerId, m, sku));
  // the model declares no 404 for patch: an unknown SKU is an INVALID submission
  if (found.some((p) => !p))
    return sendJson(reply, 200, submission(sku, c.inc, "INVALID", [skuNotFound(sku, c.mps)], []));
  const products = found as Product[];
  const issues: Issue[] = [];
  const changes: ((p: Product) => void)[] = [];
  for (const [i, patch] of body.patches.entries()) {
    if (
      !isObject(patch) ||
      !["add", "replace", "merge", "delete"].includes(String(patch.op)) ||
      typeof patch.path !== "string" ||
      !patch.path.startsWith("/attributes/")
    ) {
      issues.push(invalidAttribute(`patches[${i}]`, `patches[${i}] is invalid`, c.mps));
      continue;
    }
    const name = patch.path.slice("/attributes/".length);
    const value = Array.isArray(patch.value)
      ? (patch.value[0] as Record<string, unknown> | undefined)
      : undefined;
    if (patch.op === "delete") {
      if (["item_name", "purchasable_offer"].includes(name))
        issues.push(invalidAttribute(name, `${name} is required and cannot be deleted.`, c.mps));
      continue;
    }
    if (name === "purchasable_offer") {
      const price = value ? offerPrice(value) : undefined;
      if (price === undefined) {
        issues.push(invalidPrice(c.mps));
        continue;
      }
      changes.push((p) => {
        p.price = price;
      });
    } else if (name === "fulfillment_availability") {
      const qty = value ? availabilityQuantity(value) : undefined;
      if (qty === undefined) {
        issues.push(invalidAttribute(name, "quantity must be a non-negative integer", c.mps));
        continue;
      }
      changes.push((p) => {
        p.stock = qty;
      });
    } else if (name === "item_name" || name === "brand") {
      const v = typeof value?.value === "string" ? value.value.trim() : "";
      if (v === "") {
        issues.push(invalidAttribute(name, `${name} value must be a non-empty string`, c.mps));
        continue;
      }
      changes.push((p) => {
        if (name === "item_name") p.title = v;
        else p.brand = v;
      });
    }
  }
  const preview = (req.query as Record<string, unknown>).mode === "VALIDATION_PREVIEW";
  if (!issues.length && !preview) {
    const stamp = listingStamp(w(), state.now());
    for (const p of products) {
      for (const ch of changes) ch(p);
      p.lastUpdatedAt = stamp;
    }
  }
  return sendJson(
    reply,
    200,
    submission(
      sku,
      c.inc,
      issues.length ? "INVALID" : preview ? "VALID" : "ACCEPTED",
      issues,
      products,
    ),
  );
}
