/** The search tab's sources in other campaigns: ad groups advertising the same products. */
import type { HydraClient } from "../../../lib/api/hydra.ts";
import { all, type CampaignTerm, num, TERM_LIMIT } from "./reads.server.ts";
import {
  type AdOfGroup,
  type SourceGroup,
  selectSources,
  type TermRow,
} from "./search-candidates.ts";

/** The most ad groups of other campaigns with the same products whose terms are read. */
const CANDIDATE_LIMIT = 100;
/** The most of the ad group's products (ASINs, SKUs) looked for in other campaigns. */
const PRODUCT_LIMIT = 50;

const idOf = (iri: string | null | undefined) => (iri ? String(iri.split("/").pop()) : null);

/**
 * The converting terms of other campaigns' ad groups advertising the same products (see
 * `selectSources`), with their source. Bounded: the ad group's first PRODUCT_LIMIT ASINs and
 * SKUs, CANDIDATE_LIMIT candidate ad groups (the rest counted as left out), their terms in one
 * read of TERM_LIMIT by clicks, SOURCE_LIMIT sources kept.
 */
export async function outsideSources(
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
