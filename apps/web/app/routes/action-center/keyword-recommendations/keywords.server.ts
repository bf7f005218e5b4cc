/**
 * The keyword recommendations' reads and writes (issue 21 §2). Reads: the ad group, its campaign
 * and marketplace, its keywords and negatives, its search terms of the last 60 days (the
 * converting ones not yet keywords become the "search" tab, with the CVR shrunk toward the ad
 * group's by empirical Bayes) and, on the "amazon" tab only, Amazon's keyword recommendations for
 * the ad group's advertised ASINs; the search tab also reads the terms of the campaign's other ad
 * groups (their auto, broad and phrase sources). Write: the selected keywords staged as creations
 * in the seller's change tray (POST /api/changes/creations), one at a time, each with its own
 * answer, a harvested term's source negations (negative exact) after its keyword.
 */
import { spLimitsOf } from "@starport/amazon";
import { fitPriorStrength } from "@starport/optimiser";
import { data, type RouterContextProvider } from "react-router";
import { addDays, todayIn } from "../../../components/hangar/date-range.ts";
import {
  type AdvertisingProfileRef,
  hangarBase,
  loadEntity,
  throwNotFound,
} from "../../../components/hangar/hangar.server.ts";
import { ApiError } from "../../../lib/api/client.ts";
import type { HydraClient, HydraQuery } from "../../../lib/api/hydra.ts";
import { resourceRouteApi } from "../../../session/server-session.ts";
import {
  type AddResult,
  type AddRow,
  type AmazonCandidate,
  clampBid,
  type KeywordTab,
  type Limits,
  MATCH_TYPES,
  type MatchType,
  NEGATION_REASON,
  normaliseKeyword,
  REASON_OF_TAB,
  type RowResult,
  type SearchCandidate,
  SOURCE_LIMIT,
  type StageResult,
  type TermSource,
  tabOf,
} from "./model.ts";

/** The search terms' window: the last 60 days up to the marketplace's today. */
export const WINDOW_DAYS = 60;
/** The most search terms one ad group's view reads (by clicks). */
const TERM_LIMIT = 1000;
/** The most ad groups of other campaigns with the same products whose terms are read. */
const CANDIDATE_LIMIT = 100;
/** The most of the ad group's products (ASINs, SKUs) looked for in other campaigns. */
const PRODUCT_LIMIT = 50;

interface AdGroup {
  id: string;
  name: string;
  state: string;
  campaign: string | null;
  advertisingProfile: string;
  defaultBid: number | null;
}

interface CampaignTerm {
  searchTerm: string;
  adGroup: string | null;
  matchedText: string | null;
  matchType: string | null;
  isNegative: boolean;
  metrics: { clicks: number; orders: number; cost: number };
}

interface Sums {
  clicks: number;
  orders: number;
  cost: number;
}

export interface KeywordPageData {
  tab: KeywordTab;
  adGroup: { id: string; name: string; state: string; defaultBid: number | null };
  campaign: { id: string; name: string; targetingType: string | null } | null;
  marketplace: string;
  currency: string;
  sellerProfileId: string;
  advertisingProfileId: string;
  limits: Limits;
  window: { from: string; to: string };
  /** The ad group's search terms over the window. */
  adGroupStats: Sums & { cvr: number | null; cpc: number | null };
  /** Pseudo-clicks of the Beta prior the terms' CVRs are shrunk with. */
  priorClicks: number | null;
  /** Starport's bid for a keyword without evidence of its own: the ad group's CPC or default bid. */
  baseBid: number;
  search: SearchCandidate[];
  /** Converting search terms that are ASINs: product targets to harvest, not keywords. */
  asinTerms: number;
  /** Ad groups of other campaigns with the same products left out (beyond SOURCE_LIMIT). */
  sourcesOmitted: number;
  /** Lower-case texts of the ad group's keywords and of its (and its campaign's) negatives. */
  keywords: string[];
  negatives: string[];
  amazon:
    | { state: "ok"; rows: AmazonCandidate[] }
    | { state: "noAsins" }
    | { state: "error"; message: string }
    | null;
}

const num = (value: unknown): number => (typeof value === "number" ? value : 0);

/** Every member of a collection, page after page (the lists of one ad group are short). */
async function all<T>(hydra: HydraClient, path: string, query: HydraQuery): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= 20; page++) {
    const list = await hydra.collection<T>(path, { ...query, itemsPerPage: 500, page });
    out.push(...list.members);
    if (out.length >= list.totalItems || list.members.length === 0) break;
  }
  return out;
}

/** One search term row as the search tab takes it (summed over the window). */
export interface TermRow {
  searchTerm: string;
  isKeyword: boolean;
  clicks: number;
  orders: number;
  cost: number;
  /** Set for a term of another ad group; absent for the ad group's own. */
  source?: TermSource;
}

/** A product ad as the source selection takes it. */
export interface AdOfGroup {
  adGroupId: string;
  asin: string | null;
  sku: string | null;
  state: string;
}

/** An ad group of another campaign that may be a source. */
export interface SourceGroup {
  id: string;
  name: string;
  state: string;
  campaignId: string | null;
  campaignName: string | null;
  campaignState: string | null;
}

const productKeys = (ad: { asin: string | null; sku: string | null }) => [
  ...(ad.asin ? [`asin:${ad.asin.trim().toUpperCase()}`] : []),
  ...(ad.sku ? [`sku:${ad.sku.trim()}`] : []),
];
const isLive = (state: string | null) => state !== "ARCHIVED";

/**
 * Pure: the ad groups of other campaigns of the profile to harvest from (the structure of
 * campaigns per match type: "SP Auto" and "SP Broad & Phrase" feed "SP Exact"). A source
 * advertises at least one of the ad group's products (same ASIN or SKU, both ads not archived),
 * is not archived (nor its campaign), is not in the ad group's own campaign (those are sources
 * anyway) and has clicks through an auto target or a broad or phrase keyword in the window (an ad
 * group whose terms all came through exact keywords has nothing to harvest). The `limit` with
 * most such clicks are kept; `omitted` counts the others.
 */
export function selectSources(input: {
  adGroupId: string;
  campaignId: string | null;
  ownAds: readonly Omit<AdOfGroup, "adGroupId">[];
  ads: readonly AdOfGroup[];
  groups: ReadonlyMap<string, SourceGroup>;
  terms: readonly { adGroupId: string; matchType: string | null; clicks: number }[];
  limit?: number;
}): { sources: SourceGroup[]; omitted: number } {
  const products = new Set(input.ownAds.filter((ad) => isLive(ad.state)).flatMap(productKeys));
  const clicks = new Map<string, number>();
  for (const term of input.terms)
    if (term.matchType !== "EXACT")
      clicks.set(term.adGroupId, (clicks.get(term.adGroupId) ?? 0) + term.clicks);
  const matched = new Set(
    input.ads
      .filter((ad) => isLive(ad.state) && productKeys(ad).some((key) => products.has(key)))
      .map((ad) => ad.adGroupId),
  );
  const eligible = [...matched]
    .flatMap((id) => {
      const group = input.groups.get(id);
      return group ? [group] : [];
    })
    .filter(
      (g) =>
        g.id !== input.adGroupId &&
        g.campaignId !== input.campaignId &&
        isLive(g.state) &&
        isLive(g.campaignState) &&
        (clicks.get(g.id) ?? 0) > 0,
    )
    .sort(
      (a, b) => (clicks.get(b.id) ?? 0) - (clicks.get(a.id) ?? 0) || a.name.localeCompare(b.name),
    );
  const limit = input.limit ?? SOURCE_LIMIT;
  return { sources: eligible.slice(0, limit), omitted: Math.max(0, eligible.length - limit) };
}

/**
 * Pure: the search tab from the ad group's search terms and those of its sources (the campaign's
 * other ad groups, `selectSources`' of other campaigns) that came through an auto target or a broad or phrase keyword (an exact keyword is no
 * source to harvest from), grouped by term (a term can come through several keywords, targets
 * and ad groups). A term qualifies with ≥ 1 order and not yet a keyword of the ad group (text,
 * case-insensitive). shrunk CVR = (orders + m·CVR_pool) / (clicks + m), m fitted over the terms
 * (`fitPriorStrength`); bid = CPC_ag × shrunk CVR / CVR_pool, clamped.
 */
/** An ASIN as a search term (auto and product targets' clicks on a product). */
const ASIN_TERM = /^b0[a-z0-9]{8}$/;

export function searchCandidates(
  terms: readonly TermRow[],
  baseBid: number,
  limits: Limits,
): { rows: SearchCandidate[]; stats: Sums; priorClicks: number | null; asinTerms: number } {
  const grouped = new Map<
    string,
    {
      text: string;
      isKeyword: boolean;
      own: boolean;
      sources: Map<string, TermSource>;
      clicks: number;
      orders: number;
      cost: number;
    }
  >();
  const stats: Sums = { clicks: 0, orders: 0, cost: 0 };
  for (const term of terms) {
    const source = term.source;
    if (source && source.matchType === "EXACT") continue;
    stats.clicks += term.clicks;
    stats.orders += term.orders;
    stats.cost += term.cost;
    const key = normaliseKeyword(term.searchTerm);
    const entry = grouped.get(key) ?? {
      text: term.searchTerm.trim().replace(/\s+/g, " "),
      isKeyword: false,
      own: false,
      sources: new Map<string, TermSource>(),
      clicks: 0,
      orders: 0,
      cost: 0,
    };
    entry.isKeyword ||= term.isKeyword;
    // A term converting in several sources lists each of them, all negated with the harvest by
    // default: a seller moving a term to exact wants it to stop running through every broad,
    // phrase or auto source, else those keep bidding against the new keyword (the row's box
    // negates in all of them; unticked, in none).
    if (source) {
      const known = entry.sources.get(source.adGroupId);
      if (known) known.negated ||= source.negated;
      else entry.sources.set(source.adGroupId, { ...source });
    } else entry.own = true;
    entry.clicks += term.clicks;
    entry.orders += term.orders;
    entry.cost += term.cost;
    grouped.set(key, entry);
  }
  if (stats.clicks === 0) return { rows: [], stats, priorClicks: null, asinTerms: 0 };
  const agCvr = stats.orders / stats.clicks;
  const groups = [...grouped.values()];
  const prior = fitPriorStrength(
    groups.map((_, i) => i),
    groups.map((g) => g.clicks),
    groups.map((g) => g.orders),
    groups.map(() => agCvr),
  );
  const converting = [...grouped.entries()].filter(
    ([, g]) => g.orders >= 1 && !g.isKeyword && g.clicks > 0,
  );
  // A shopper's click on a product (an ASIN as the "search term" of an auto or product target)
  // is harvested as a product target, not a keyword: counted, not offered here.
  const asinTerms = converting.filter(([key]) => ASIN_TERM.test(key)).length;
  const rows = converting
    .filter(([key]) => !ASIN_TERM.test(key))
    .map(([key, g]): SearchCandidate => {
      const shrunkCvr = (g.orders + prior * agCvr) / (g.clicks + prior);
      return {
        key,
        keywordText: g.text,
        matchType: "EXACT",
        bid: clampBid(agCvr > 0 ? (baseBid * shrunkCvr) / agCvr : baseBid, limits),
        own: g.own,
        sources: [...g.sources.values()].sort((a, b) => a.adGroupName.localeCompare(b.adGroupName)),
        clicks: g.clicks,
        orders: g.orders,
        cost: Math.round(g.cost * 100) / 100,
        cvr: g.orders / g.clicks,
        shrunkCvr,
      };
    })
    .sort((a, b) => b.shrunkCvr - a.shrunkCvr || b.orders - a.orders);
  return { rows, stats, priorClicks: prior, asinTerms };
}

export async function loadKeywordPage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  route: { marketplace: string; id: string },
): Promise<KeywordPageData> {
  const base = await hangarBase(context, request);
  const { hydra, url, profile } = base;
  const { entity: adGroup, advertisingProfile } = await loadEntity<AdGroup>(
    hydra,
    `/api/ad_groups/${route.id}`,
    url,
  );
  const marketplace = (advertisingProfile as AdvertisingProfileRef).countryCode;
  // The ad group lives in one marketplace: another one in the URL names nothing.
  if (marketplace.toUpperCase() !== route.marketplace.toUpperCase()) throwNotFound(url);
  const tab = tabOf(url.searchParams);
  const limits = spLimitsOf(marketplace);
  const today = base.amazonToday ?? todayIn(advertisingProfile.timezone);
  const window = { from: addDays(today, -(WINDOW_DAYS - 1)), to: today };
  const campaignId = adGroup.campaign ? String(adGroup.campaign.split("/").pop()) : null;
  const [campaign, keywords, negatives, campaignNegatives, terms, ads, campaignTerms, siblings] =
    await Promise.all([
      adGroup.campaign
        ? hydra
            .item<{ id: string; name: string; targetingType: string | null }>(adGroup.campaign)
            .catch(() => null)
        : Promise.resolve(null),
      all<{ keywordText: string; state: string }>(hydra, "/api/keywords", { adGroup: adGroup.id }),
      all<{ keywordText: string; state: string }>(hydra, "/api/negative_keywords", {
        adGroup: adGroup.id,
      }),
      adGroup.campaign
        ? all<{ keywordText: string; state: string; level: string }>(
            hydra,
            "/api/negative_keywords",
            { campaign: String(adGroup.campaign.split("/").pop()) },
          )
        : Promise.resolve([]),
      hydra.collection<{
        searchTerm: string;
        isKeyword: boolean;
        metrics: { clicks: number; orders: number; cost: number };
      }>("/api/search_terms", {
        adGroup: adGroup.id,
        from: window.from,
        to: window.to,
        "order[clicks]": "desc",
        itemsPerPage: TERM_LIMIT,
      }),
      tab === "amazon" || tab === "search"
        ? all<{ asin: string | null; sku: string | null; state: string }>(
            hydra,
            "/api/product_ads",
            { adGroup: adGroup.id },
          )
        : Promise.resolve([]),
      // The campaign's other ad groups: their auto, broad and phrase terms are sources too.
      campaignId
        ? hydra
            .collection<CampaignTerm>("/api/search_terms", {
              campaign: campaignId,
              from: window.from,
              to: window.to,
              "order[clicks]": "desc",
              itemsPerPage: TERM_LIMIT,
            })
            .then((list) => list.members)
        : Promise.resolve([]),
      campaignId
        ? all<{ id: string; name: string }>(hydra, "/api/ad_groups", { campaign: campaignId })
        : Promise.resolve([]),
    ]);
  const live = (row: { state: string }) => row.state !== "ARCHIVED";
  const keywordTexts = new Set(keywords.filter(live).map((k) => normaliseKeyword(k.keywordText)));
  const negativeTexts = new Set(
    [...negatives, ...campaignNegatives.filter((n) => n.level === "campaign")]
      .filter(live)
      .map((k) => normaliseKeyword(k.keywordText)),
  );
  const termRows: TermRow[] = terms.members.map((t) => ({
    searchTerm: t.searchTerm,
    isKeyword: t.isKeyword || keywordTexts.has(normaliseKeyword(t.searchTerm)),
    clicks: num(t.metrics?.clicks),
    orders: num(t.metrics?.orders),
    cost: num(t.metrics?.cost),
  }));
  const names = new Map(siblings.map((g) => [g.id, g.name]));
  for (const t of campaignTerms) {
    const sourceId = t.adGroup ? String(t.adGroup.split("/").pop()) : null;
    if (!sourceId || sourceId === adGroup.id || !names.has(sourceId)) continue;
    termRows.push({
      searchTerm: t.searchTerm,
      isKeyword: keywordTexts.has(normaliseKeyword(t.searchTerm)),
      clicks: num(t.metrics?.clicks),
      orders: num(t.metrics?.orders),
      cost: num(t.metrics?.cost),
      source: {
        adGroupId: sourceId,
        adGroupName: names.get(sourceId) ?? sourceId,
        campaignName: null,
        via: t.matchedText,
        matchType: t.matchType,
        negated: t.isNegative,
      },
    });
  }
  // Other campaigns' ad groups with the same products (the search tab only).
  const outside =
    tab === "search"
      ? await outsideSources(hydra, {
          adGroupId: adGroup.id,
          campaignId,
          profileId: advertisingProfile.id,
          ownAds: ads,
          window,
        })
      : { terms: [], omitted: 0 };
  for (const t of outside.terms)
    termRows.push({ ...t, isKeyword: keywordTexts.has(normaliseKeyword(t.searchTerm)) });
  // Totals of every term, not only the page read: the ad group's CVR and CPC.
  const totals = (terms.extra.totals ?? {}) as Partial<Sums>;
  const stats: Sums = {
    clicks: num(totals.clicks),
    orders: num(totals.orders),
    cost: num(totals.cost),
  };
  const cpc = stats.clicks > 0 ? stats.cost / stats.clicks : null;
  const baseBid = clampBid(cpc ?? adGroup.defaultBid ?? limits.minBid, limits);
  const search = searchCandidates(termRows, baseBid, limits);
  let amazon: KeywordPageData["amazon"] = null;
  if (tab === "amazon") {
    const asins = [
      ...new Set(ads.filter(live).flatMap((ad) => (ad.asin ? [ad.asin.toUpperCase()] : []))),
    ].slice(0, 50);
    if (asins.length === 0) amazon = { state: "noAsins" };
    else {
      try {
        const list = await hydra.collection<{
          keyword: string;
          matchType: MatchType;
          rank: number;
          suggestedBid: { low: number; median: number; high: number } | null;
        }>("/api/keyword_recommendations", {
          profile: advertisingProfile.id,
          "asins[]": asins,
          itemsPerPage: 600,
        });
        amazon = {
          state: "ok",
          rows: list.members
            .filter((r) => (MATCH_TYPES as readonly string[]).includes(r.matchType))
            .map((r) => ({
              key: `${normaliseKeyword(r.keyword)}|${r.matchType}`,
              keywordText: r.keyword,
              matchType: r.matchType,
              bid: baseBid,
              rank: r.rank,
              amazonBid: r.suggestedBid,
              isKeyword: keywordTexts.has(normaliseKeyword(r.keyword)),
            }))
            .sort((a, b) => a.rank - b.rank),
        };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 401) throw error;
        amazon = { state: "error", message: error.message };
      }
    }
  }
  return {
    tab,
    adGroup: {
      id: adGroup.id,
      name: adGroup.name,
      state: adGroup.state,
      defaultBid: adGroup.defaultBid,
    },
    campaign,
    marketplace,
    currency: advertisingProfile.currency,
    sellerProfileId: profile.id,
    advertisingProfileId: advertisingProfile.id,
    limits: { minBid: limits.minBid, maxBid: limits.maxBid },
    window,
    adGroupStats: {
      ...stats,
      cost: Math.round(stats.cost * 100) / 100,
      cvr: stats.clicks > 0 ? stats.orders / stats.clicks : null,
      cpc,
    },
    priorClicks: search.priorClicks,
    baseBid,
    search: search.rows,
    asinTerms: search.asinTerms,
    sourcesOmitted: outside.omitted,
    keywords: [...keywordTexts],
    negatives: [...negativeTexts],
    amazon,
  };
}

const idOf = (iri: string | null | undefined) => (iri ? String(iri.split("/").pop()) : null);

/**
 * The converting terms of other campaigns' ad groups advertising the same products (see
 * `selectSources`), with their source. Bounded: the ad group's first PRODUCT_LIMIT ASINs and
 * SKUs, CANDIDATE_LIMIT candidate ad groups (the rest counted as left out), their terms in one
 * read of TERM_LIMIT by clicks, SOURCE_LIMIT sources kept.
 */
async function outsideSources(
  hydra: HydraClient,
  ctx: {
    adGroupId: string;
    campaignId: string | null;
    profileId: string;
    ownAds: readonly { asin: string | null; sku: string | null; state: string }[];
    window: { from: string; to: string };
  },
): Promise<{ terms: Omit<TermRow, "isKeyword">[]; omitted: number }> {
  const live = ctx.ownAds.filter((ad) => ad.state !== "ARCHIVED");
  const asins = [...new Set(live.flatMap((ad) => (ad.asin ? [ad.asin] : [])))].slice(
    0,
    PRODUCT_LIMIT,
  );
  const skus = [...new Set(live.flatMap((ad) => (ad.sku ? [ad.sku] : [])))].slice(0, PRODUCT_LIMIT);
  if (asins.length === 0 && skus.length === 0) return { terms: [], omitted: 0 };
  type Ad = {
    asin: string | null;
    sku: string | null;
    state: string;
    adGroup: string | null;
    campaign: string | null;
  };
  const [byAsin, bySku] = await Promise.all([
    asins.length > 0
      ? all<Ad>(hydra, "/api/product_ads", { profile: ctx.profileId, "asin[]": asins })
      : Promise.resolve([]),
    skus.length > 0
      ? all<Ad>(hydra, "/api/product_ads", { profile: ctx.profileId, "sku[]": skus })
      : Promise.resolve([]),
  ]);
  const ads: AdOfGroup[] = [...byAsin, ...bySku]
    .filter((ad) => idOf(ad.campaign) !== ctx.campaignId)
    .flatMap((ad) => {
      const id = idOf(ad.adGroup);
      return id && id !== ctx.adGroupId ? [{ ...ad, adGroupId: id }] : [];
    });
  const candidates = [...new Set(ads.map((ad) => ad.adGroupId))];
  if (candidates.length === 0) return { terms: [], omitted: 0 };
  const read = candidates.slice(0, CANDIDATE_LIMIT);
  const [groups, terms] = await Promise.all([
    hydra
      .collection<{ id: string; name: string; state: string; campaign: string | null }>(
        "/api/ad_groups",
        { "id[]": read, itemsPerPage: CANDIDATE_LIMIT },
      )
      .then((list) => list.members),
    hydra
      .collection<CampaignTerm>("/api/search_terms", {
        profile: ctx.profileId,
        "adGroup[]": read,
        from: ctx.window.from,
        to: ctx.window.to,
        "order[clicks]": "desc",
        itemsPerPage: TERM_LIMIT,
      })
      .then((list) => list.members),
  ]);
  const campaignIds = [...new Set(groups.flatMap((g) => idOf(g.campaign) ?? []))];
  const campaigns =
    campaignIds.length > 0
      ? (
          await hydra.collection<{ id: string; name: string; state: string }>("/api/campaigns", {
            "id[]": campaignIds,
            itemsPerPage: CANDIDATE_LIMIT,
          })
        ).members
      : [];
  const campaignOf = new Map(campaigns.map((c) => [c.id, c]));
  const sourceGroups = new Map(
    groups.map((g): [string, SourceGroup] => {
      const campaign = campaignOf.get(idOf(g.campaign) ?? "");
      return [
        g.id,
        {
          id: g.id,
          name: g.name,
          state: g.state,
          campaignId: idOf(g.campaign),
          campaignName: campaign?.name ?? null,
          campaignState: campaign?.state ?? null,
        },
      ];
    }),
  );
  const { sources, omitted } = selectSources({
    adGroupId: ctx.adGroupId,
    campaignId: ctx.campaignId,
    ownAds: live,
    ads,
    groups: sourceGroups,
    terms: terms.flatMap((t) => {
      const id = idOf(t.adGroup);
      return id ? [{ adGroupId: id, matchType: t.matchType, clicks: num(t.metrics?.clicks) }] : [];
    }),
  });
  const kept = new Map(sources.map((g) => [g.id, g]));
  return {
    omitted: omitted + (candidates.length - read.length),
    terms: terms.flatMap((t) => {
      const group = kept.get(idOf(t.adGroup) ?? "");
      if (!group) return [];
      return [
        {
          searchTerm: t.searchTerm,
          clicks: num(t.metrics?.clicks),
          orders: num(t.metrics?.orders),
          cost: num(t.metrics?.cost),
          source: {
            adGroupId: group.id,
            adGroupName: group.name,
            campaignName: group.campaignName ?? group.campaignId,
            via: t.matchedText,
            matchType: t.matchType,
            negated: t.isNegative,
          },
        },
      ];
    }),
  };
}

/** At most this many keywords per "add" (a pasted list's valid lines included). */
export const ADD_LIMIT = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseRows(raw: unknown): AddRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw ?? "[]"));
  } catch {
    throw data({ message: "invalid rows" }, 400);
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > ADD_LIMIT)
    throw data({ message: "invalid rows" }, 400);
  return parsed.map((item) => {
    const row = (item ?? {}) as Record<string, unknown>;
    if (
      typeof row.key !== "string" ||
      typeof row.keywordText !== "string" ||
      !(MATCH_TYPES as readonly unknown[]).includes(row.matchType) ||
      typeof row.bid !== "number" ||
      !Number.isFinite(row.bid)
    )
      throw data({ message: "invalid rows" }, 400);
    const negate = Array.isArray(row.negate) ? row.negate : [];
    if (negate.length > 50 || !negate.every((id) => typeof id === "string" && UUID.test(id)))
      throw data({ message: "invalid rows" }, 400);
    return {
      key: row.key.slice(0, 200),
      keywordText: row.keywordText.slice(0, 1000),
      matchType: row.matchType as MatchType,
      bid: row.bid,
      negate: [...new Set(negate as string[])],
    };
  });
}

/** The API's words for a refused creation: the first violation's message or the detail. */
function refusal(error: ApiError): string {
  const body = (error.body ?? {}) as Record<string, unknown>;
  const violations = body.violations;
  if (Array.isArray(violations) && violations.length > 0) {
    const first = violations[0] as Record<string, unknown>;
    if (typeof first.message === "string") return first.message;
  }
  return String(body.detail ?? body["hydra:description"] ?? error.message);
}

/** Stages one creation; a refusal (4xx but 401/404) is the row's answer, not the page's. */
async function stage(
  api: ReturnType<typeof resourceRouteApi>,
  body: Record<string, unknown>,
): Promise<StageResult> {
  try {
    const change = await api.json<{ id?: string; "@id"?: string }>("/api/changes/creations", {
      method: "POST",
      headers: { "content-type": "application/ld+json" },
      body: JSON.stringify(body),
    });
    const changeId =
      change.id ??
      String(change["@id"] ?? "")
        .split("/")
        .pop() ??
      null;
    return { ok: true, message: null, changeId: changeId || null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 401 || error.status >= 500) throw error;
    if (error.status === 404) throw error;
    return { ok: false, message: refusal(error), changeId: null };
  }
}

/**
 * "add": each selected keyword a creation in the seller's tray (same text and match type staged
 * again: the one draft with the newer bid, the API's rule), and with a harvested term the source
 * negations (a negative exact of the term in each source ad group) asked for on its row. One
 * refused (bid outside the limits, ad group archived) does not hold the others back; each row
 * gets its own answer. A source is negated only once its keyword is staged.
 */
export async function keywordAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  adGroupId: string,
): Promise<AddResult> {
  const api = resourceRouteApi(context, request);
  const form = await request.formData();
  const tab = tabOf(new URLSearchParams({ tab: String(form.get("tab") ?? "") }));
  if (form.get("intent") !== "add" || !UUID.test(adGroupId))
    throw data({ message: "unknown intent" }, 400);
  const rows = parseRows(form.get("rows"));
  const results: RowResult[] = [];
  for (const row of rows) {
    let keyword: StageResult;
    try {
      keyword = await stage(api, {
        entityType: "keywords",
        adGroup: `/api/ad_groups/${adGroupId}`,
        value: { keywordText: row.keywordText, matchType: row.matchType, bid: row.bid },
        reasonCode: REASON_OF_TAB[tab],
        reasonParams: tab === "search" ? { searchTerm: row.keywordText } : null,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        return { ok: false, tab, message: refusal(error) };
      throw error;
    }
    const negations: RowResult["negations"] = [];
    if (keyword.ok && tab === "search")
      for (const source of row.negate.filter((id) => id !== adGroupId)) {
        const negation = await stage(api, {
          entityType: "negative_keywords",
          adGroup: `/api/ad_groups/${source}`,
          value: { keywordText: row.keywordText, matchType: "NEGATIVE_EXACT" },
          reasonCode: NEGATION_REASON,
          reasonParams: { searchTerm: row.keywordText },
        }).catch((error: unknown): StageResult => {
          if (error instanceof ApiError && error.status === 404)
            return { ok: false, message: refusal(error), changeId: null };
          throw error;
        });
        negations.push({ ...negation, adGroupId: source });
      }
    results.push({ key: row.key, ...keyword, negations });
  }
  return { ok: true, tab, results };
}
