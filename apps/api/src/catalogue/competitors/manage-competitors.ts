import { type Database, schema } from "@starport/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "../../auth/principal.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { isUuid } from "../../hydra/iri.ts";
import { parseBody, violation } from "../../validation.ts";
import { requireVisibleProduct } from "./product-access.ts";

/** Competitors of a product: the watched ASINs (and sellers), each with its snapshot history. */

/** A new competitor (also the route's schema, for the OpenAPI document). */
export const addCompetitorBody = z.object({
  asin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{10}$/),
  /** A competing seller on the product's own ASIN (from the offers suggestions). */
  sellerId: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{5,20}$/)
    .optional(),
  source: z.enum(["manual", "offers", "catalog"]).default("manual"),
  title: z.string().trim().max(500).optional(),
});

const major = (v: number | null) => (v === null ? null : v / 1_000_000);

export interface CompetitorView {
  id: string;
  asin: string;
  sellerId: string | null;
  source: string;
  title: string | null;
  /** The newest snapshot; null before the first check. */
  latest: Snapshot | null;
  /** Oldest first, at most the last 90. */
  history: Snapshot[];
}
export interface Snapshot {
  capturedAt: string;
  price: number | null;
  landedPrice: number | null;
  currency: string | null;
  hasBuyBox: boolean | null;
  fulfillment: string | null;
  rating: number | null;
}

export async function listCompetitors(
  db: Database,
  principal: Principal,
  productId: string,
): Promise<CompetitorView[]> {
  await requireVisibleProduct(db, principal, productId);
  const competitors = await db
    .select()
    .from(schema.productCompetitors)
    .where(eq(schema.productCompetitors.productId, productId))
    .orderBy(asc(schema.productCompetitors.createdAt), asc(schema.productCompetitors.id));
  const snapshots = competitors.length
    ? await db
        .select()
        .from(schema.competitorSnapshots)
        .where(
          inArray(
            schema.competitorSnapshots.competitorId,
            competitors.map((c) => c.id),
          ),
        )
        .orderBy(asc(schema.competitorSnapshots.capturedAt))
    : [];
  return competitors.map((c) => {
    const history = snapshots
      .filter((s) => s.competitorId === c.id)
      .slice(-90)
      .map((s) => ({
        capturedAt: s.capturedAt.toISOString(),
        price: major(s.priceMicros),
        landedPrice: major(s.landedPriceMicros),
        currency: s.currency,
        hasBuyBox: s.hasBuyBox,
        fulfillment: s.fulfillment,
        rating: s.rating,
      }));
    return {
      id: c.id,
      asin: c.asin,
      sellerId: c.sellerId || null,
      source: c.source,
      title: c.title,
      latest: history.at(-1) ?? null,
      history,
    };
  });
}

export async function addCompetitor(
  db: Database,
  principal: Principal,
  productId: string,
  input: unknown,
): Promise<{ id: string }> {
  const command = parseBody(addCompetitorBody, input);
  const product = await requireVisibleProduct(db, principal, productId);
  // A seller competes on the product's own ASIN; another ASIN competes as a whole.
  if (command.sellerId && command.asin !== product.asin)
    throw new ValidationError([violation("sellerId", "invalid")]);
  if (!command.sellerId && command.asin === product.asin)
    throw new ValidationError([violation("asin", "invalid")]);
  const [row] = await db
    .insert(schema.productCompetitors)
    .values({
      productId,
      asin: command.asin,
      sellerId: command.sellerId ?? "",
      source: command.source,
      title: command.title ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: schema.productCompetitors.id });
  if (!row) throw new ValidationError([violation("asin", "unique")]);
  return row;
}

export async function removeCompetitor(
  db: Database,
  principal: Principal,
  productId: string,
  competitorId: string,
): Promise<void> {
  await requireVisibleProduct(db, principal, productId);
  if (!isUuid(competitorId)) throw new NotFoundError("Not Found");
  const deleted = await db
    .delete(schema.productCompetitors)
    .where(
      and(
        eq(schema.productCompetitors.id, competitorId),
        eq(schema.productCompetitors.productId, productId),
      ),
    )
    .returning({ id: schema.productCompetitors.id });
  if (!deleted.length) throw new NotFoundError("Not Found");
}
