/**
 * Which search terms a keyword or a targeting clause reaches, and how much of each term's
 * traffic (`reach`): the simulation's auctions and the bid recommendations read the same matches.
 */
import { MODEL } from "./model.ts";
import { normalizeText, relevanceOf } from "./terms.ts";
import { type Predicate, type Product, productKey, type Term, type World } from "./world.ts";

export type Match = { termIdx: number; reach: number };

export function tokensContainSequence(hay: string[], needle: string[]): boolean {
  if (needle.length === 0 || needle.length > hay.length) return false;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** Terms a keyword reaches: exact = same text, phrase = contains it, broad = shares its tokens. */
export function keywordMatches(
  world: World,
  marketplaceId: string,
  text: string,
  matchType: string,
): Match[] {
  const norm = normalizeText(text);
  const key = `${marketplaceId}|${matchType}|${norm}`;
  const cached = world.matchCache.get(key);
  if (cached) return cached;
  const terms = world.terms.get(marketplaceId) ?? [];
  const tokens = norm.split(" ").filter(Boolean);
  const out: Match[] = [];
  if (matchType === "EXACT") {
    const idx = world.termByText.get(marketplaceId)?.get(norm);
    if (idx !== undefined) out.push({ termIdx: idx, reach: 1 });
  } else {
    for (const t of terms) {
      if (t.asin !== undefined) {
        if (matchType !== "PHRASE" && t.text === norm) out.push({ termIdx: t.idx, reach: 1 });
        continue;
      }
      if (matchType === "PHRASE") {
        if (tokensContainSequence(t.tokens, tokens)) out.push({ termIdx: t.idx, reach: 1 });
      } else {
        let shared = 0;
        for (const tok of tokens) if (t.tokens.includes(tok)) shared++;
        if (shared === tokens.length) out.push({ termIdx: t.idx, reach: 1 });
        else if (tokens.length >= 2 && shared >= Math.ceil(tokens.length / 2))
          out.push({ termIdx: t.idx, reach: 0.35 });
      }
    }
  }
  world.matchCache.set(key, out);
  return out;
}

function predicateValue(expr: Predicate[], type: string): string | undefined {
  return expr.find((p) => p.type === type)?.value;
}

/** An expression's part of a match-cache key; an entity's expression is replaced, never changed in place. */
const expressionKeys = new WeakMap<Predicate[], string>();
function expressionKey(expression: Predicate[]): string {
  let key = expressionKeys.get(expression);
  if (key === undefined) {
    key = JSON.stringify(expression);
    expressionKeys.set(expression, key);
  }
  return key;
}

/** Terms a targeting clause reaches (auto groups by relevance, product/category targeting by ASIN pages). */
export function targetMatches(
  world: World,
  marketplaceId: string,
  expression: Predicate[],
  products: Product[],
): Match[] {
  const first = expression[0];
  if (!first) return [];
  const key = `${marketplaceId}|T|${expressionKey(expression)}|${products.map((p) => p.asin).join(",")}`;
  const cached = world.matchCache.get(key);
  if (cached) return cached;
  const terms = world.terms.get(marketplaceId) ?? [];
  const out: Match[] = [];
  const maxRel = (t: Term): number => {
    let m = 0;
    for (const p of products) m = Math.max(m, relevanceOf(world, p, t.idx));
    return m;
  };
  const type = first.type;
  if (type === "QUERY_HIGH_REL_MATCHES" || type === "QUERY_BROAD_REL_MATCHES") {
    for (const t of terms) {
      if (t.asin !== undefined) continue;
      const r = maxRel(t);
      if (type === "QUERY_HIGH_REL_MATCHES" && r >= MODEL.closeMatchThreshold)
        out.push({ termIdx: t.idx, reach: 1 });
      if (
        type === "QUERY_BROAD_REL_MATCHES" &&
        r >= MODEL.looseMatchThreshold &&
        r < MODEL.closeMatchThreshold
      )
        out.push({ termIdx: t.idx, reach: 0.6 });
    }
  } else if (type === "ASIN_SUBSTITUTE_RELATED" || type === "ASIN_ACCESSORY_RELATED") {
    for (const t of terms) {
      if (t.asin === undefined) continue;
      const r = maxRel(t);
      if (type === "ASIN_SUBSTITUTE_RELATED" && r >= 0.45) out.push({ termIdx: t.idx, reach: 0.8 });
      if (type === "ASIN_ACCESSORY_RELATED" && r >= 0.15 && r < 0.45)
        out.push({ termIdx: t.idx, reach: 0.5 });
    }
  } else {
    const asinSame = predicateValue(expression, "ASIN_SAME_AS");
    const expanded = predicateValue(expression, "ASIN_EXPANDED_FROM");
    const category = predicateValue(expression, "ASIN_CATEGORY_SAME_AS");
    const brand = predicateValue(expression, "ASIN_BRAND_SAME_AS");
    const priceLt = predicateValue(expression, "ASIN_PRICE_LESS_THAN");
    const priceGt = predicateValue(expression, "ASIN_PRICE_GREATER_THAN");
    const priceBetween = predicateValue(expression, "ASIN_PRICE_BETWEEN");
    const ratingLt = predicateValue(expression, "ASIN_REVIEW_RATING_LESS_THAN");
    const ratingGt = predicateValue(expression, "ASIN_REVIEW_RATING_GREATER_THAN");
    const cats = new Map<string, string>();
    for (const c of world.categories.values())
      if (c.marketplaceId === marketplaceId) cats.set(c.nodeId, c.key);
    const pass = (p: Product): boolean => {
      if (brand !== undefined && p.brand.toLowerCase() !== brand.toLowerCase()) return false;
      if (priceLt !== undefined && !(p.price < Number(priceLt))) return false;
      if (priceGt !== undefined && !(p.price > Number(priceGt))) return false;
      if (priceBetween !== undefined) {
        const [lo, hi] = priceBetween.split("-").map(Number);
        if (!(p.price >= (lo ?? 0) && p.price <= (hi ?? Number.POSITIVE_INFINITY))) return false;
      }
      if (ratingLt !== undefined && !(p.rating < Number(ratingLt))) return false;
      if (ratingGt !== undefined && !(p.rating > Number(ratingGt))) return false;
      return true;
    };
    for (const t of terms) {
      if (t.asin === undefined) continue;
      const p = world.products.get(productKey(marketplaceId, t.asin));
      if (!p) continue;
      if (asinSame !== undefined) {
        if (t.asin === asinSame.toUpperCase()) out.push({ termIdx: t.idx, reach: 1 });
      } else if (expanded !== undefined) {
        const src = world.products.get(productKey(marketplaceId, expanded.toUpperCase()));
        if (t.asin === expanded.toUpperCase()) out.push({ termIdx: t.idx, reach: 1 });
        else if (src && src.categoryKey === p.categoryKey && src.noun === p.noun)
          out.push({ termIdx: t.idx, reach: 0.4 });
      } else if (category !== undefined) {
        if (cats.get(category) === p.categoryKey && pass(p))
          out.push({ termIdx: t.idx, reach: 0.3 });
      } else if (brand !== undefined) {
        if (pass(p)) out.push({ termIdx: t.idx, reach: 0.4 });
      }
    }
  }
  world.matchCache.set(key, out);
  return out;
}
