/**
 * The search-term universe per marketplace (category nouns, their modifiers, ASINs) and each
 * product's hidden relevance to a term.
 */
import { type Marketplace, marketplaceById } from "./marketplaces.ts";
import { hashString, type Rng } from "./rng.ts";
import type { Category, Product, Term, World } from "./world.ts";

export function tokenize(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Normalized texts seen (the simulation normalizes every keyword and negative every day). */
const normalized = new Map<string, string>();
const NORMALIZED_KEPT = 100_000;

export function normalizeText(text: string): string {
  let norm = normalized.get(text);
  if (norm === undefined) {
    norm = tokenize(text).join(" ");
    if (normalized.size >= NORMALIZED_KEPT) normalized.clear();
    normalized.set(text, norm);
  }
  return norm;
}

export function buildTerms(world: World, mp: Marketplace, categories: Category[], rng: Rng): void {
  const list: Term[] = [];
  const byText = new Map<string, number>();
  const add = (t: Omit<Term, "idx" | "tokens" | "marketplaceId">): void => {
    const text = normalizeText(t.text);
    if (byText.has(text)) return;
    const term: Term = {
      ...t,
      text,
      idx: list.length,
      tokens: tokenize(text),
      marketplaceId: mp.id,
    };
    byText.set(text, term.idx);
    list.push(term);
  };
  const phrase = (noun: string, mods: string[]): string =>
    mp.language === "en" ? [...mods, noun].join(" ") : [noun, ...mods].join(" ");
  for (const cat of categories) {
    cat.nouns.forEach((noun, n) => {
      add({
        text: noun,
        categoryKey: cat.key,
        noun: n,
        mods: [],
        asin: undefined,
        baseVolume: rng.logNormal(3500, 0.4) * mp.size,
        cpc: cat.cpc * 1.15 * rng.logNormal(1, 0.15),
        competitors: 20,
      });
      cat.modifiers.forEach((mod, m) => {
        add({
          text: phrase(noun, [mod]),
          categoryKey: cat.key,
          noun: n,
          mods: [m],
          asin: undefined,
          baseVolume: rng.logNormal(350, 0.9) * mp.size,
          cpc: cat.cpc * rng.logNormal(1, 0.2),
          competitors: 14,
        });
      });
      for (let k = 0; k < 18; k++) {
        const a = rng.int(cat.modifiers.length);
        const b = rng.int(cat.modifiers.length);
        if (a === b) continue;
        add({
          text: phrase(noun, [cat.modifiers[a] ?? "", cat.modifiers[b] ?? ""]),
          categoryKey: cat.key,
          noun: n,
          mods: [a, b],
          asin: undefined,
          baseVolume: rng.logNormal(60, 1.0) * mp.size,
          cpc: cat.cpc * 0.9 * rng.logNormal(1, 0.25),
          competitors: 9,
        });
      }
    });
  }
  world.terms.set(mp.id, list);
  world.termByText.set(mp.id, byText);
}

export function addAsinTerm(world: World, p: Product, rng: Rng): void {
  const list = world.terms.get(p.marketplaceId);
  const byText = world.termByText.get(p.marketplaceId);
  const cat = world.categories.get(`${p.marketplaceId}|${p.categoryKey}`);
  const mp = marketplaceById(p.marketplaceId);
  if (!list || !byText || !cat || !mp) return;
  const text = p.asin.toLowerCase();
  if (byText.has(text)) return;
  const term: Term = {
    idx: list.length,
    marketplaceId: p.marketplaceId,
    text,
    tokens: [text],
    categoryKey: p.categoryKey,
    noun: p.noun,
    mods: p.mods,
    asin: p.asin,
    baseVolume: rng.logNormal(220, 0.8) * mp.size,
    cpc: cat.cpc * 0.8 * rng.logNormal(1, 0.2),
    competitors: 8,
  };
  byText.set(text, term.idx);
  list.push(term);
}

/** Hidden relevance r(p, s) in [0, 1]: high for a few terms, low for most. */
export function computeRelevance(world: World, p: Product, term: Term): number {
  if (term.categoryKey !== p.categoryKey) {
    return (hashString(`${p.asin}|${term.text}`, world.seed) % 1000) / 40_000;
  }
  const noise = ((hashString(`${p.asin}|${term.text}`, world.seed) % 1000) / 1000 - 0.5) * 0.12;
  if (term.asin !== undefined) {
    if (term.asin === p.asin) return 0;
    const shared = term.mods.filter((m) => p.mods.includes(m)).length;
    const base = (term.noun === p.noun ? 0.55 : 0.25) + 0.08 * shared;
    return Math.min(1, Math.max(0, base + noise));
  }
  const matched = term.mods.filter((m) => p.mods.includes(m)).length;
  const mism = term.mods.length - matched;
  const nounFactor = term.noun === p.noun ? 1 : 0.35;
  const base = (0.55 + 0.2 * matched - 0.22 * mism) * nounFactor;
  return Math.min(1, Math.max(0, base + noise));
}

export function relevanceOf(world: World, p: Product, termIdx: number): number {
  if (!p.relevance) {
    const terms = world.terms.get(p.marketplaceId) ?? [];
    p.relevance = new Float32Array(terms.length);
    for (const t of terms) p.relevance[t.idx] = computeRelevance(world, p, t);
  }
  if (termIdx >= p.relevance.length) {
    const terms = world.terms.get(p.marketplaceId) ?? [];
    const grown = new Float32Array(terms.length);
    grown.set(p.relevance);
    for (let i = p.relevance.length; i < terms.length; i++) {
      const t = terms[i];
      if (t) grown[i] = computeRelevance(world, p, t);
    }
    p.relevance = grown;
  }
  return p.relevance[termIdx] ?? 0;
}
