/**
 * The keyword recommendations' read (issue 21 §2): the ad group, its campaign and marketplace, its
 * keywords and negatives, its search terms of the last 60 days and those of its sources (the
 * campaign's other ad groups, and other campaigns' ad groups with the same products:
 * sources.server.ts), turned into the "search" tab by search-candidates.ts, and, on the "amazon"
 * tab only, Amazon's keyword recommendations for the ad group's advertised ASINs. The write is
 * add-keywords.server.ts.
 */
import { spLimitsOf } from "@starport/amazon";
import type { RouterContextProvider } from "react-router";
import { addDays, todayIn } from "../../../components/hangar/date-range.ts";
import {
  type AdvertisingProfileRef,
  hangarBase,
  loadEntity,
  throwNotFound,
} from "../../../components/hangar/hangar.server.ts";
import { ApiError } from "../../../lib/api/client.ts";
import {
  type AmazonCandidate,
  clampBid,
  type KeywordTab,
  type Limits,
  MATCH_TYPES,
  type MatchType,
  normaliseKeyword,
  type SearchCandidate,
  tabOf,
} from "./model.ts";
import { all, type CampaignTerm, num, TERM_LIMIT } from "./reads.server.ts";
import { type Sums, searchCandidates, type TermRow } from "./search-candidates.ts";
import { outsideSources } from "./sources.server.ts";

/** The search terms' window: the last 60 days up to the marketplace's today. */
export const WINDOW_DAYS = 60;

interface AdGroup {
  id: string;
  name: string;
  state: string;
  campaign: string | null;
  advertisingProfile: string;
  defaultBid: number | null;
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
