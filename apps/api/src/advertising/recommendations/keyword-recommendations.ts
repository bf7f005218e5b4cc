import { AmazonError } from "@starport/amazon";
import { schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { adsForProfile } from "../../amazon/ads-for-profile.ts";
import { DomainError, excerpt, NotFoundError } from "../../errors.ts";
import { BadRequestError } from "../../hydra/http-errors.ts";
import { defineResource } from "../../hydra/resource.ts";
import { advertisingProfiles } from "../../resources/advertising-profiles.ts";

/**
 * `/api/keyword_recommendations?profile=<advertising profile>&asins[]=B0…`: Amazon's ranked
 * keyword recommendations for products (`POST /sp/targets/keywords/recommendations`, v4), one
 * member per keyword and match type with Amazon's suggested bid range in major units of the
 * profile's currency. Read live from Amazon through the profile's Ads connection; nothing is stored.
 */

const p = schema.advertisingProfiles;
const ASIN = /^[A-Z0-9]{10}$/;
const MATCH_TYPES = ["EXACT", "PHRASE", "BROAD"] as const;

interface Recommendation extends Record<string, unknown> {
  keyword: string;
  matchType: string;
  rank: number;
  suggestedBid: { low: number; median: number; high: number } | null;
}

/** Amazon answers keyword bids in minor units (cents); the API speaks major units. */
function minorUnitsPerMajor(currency: string): number {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
    .maximumFractionDigits;
  return 10 ** (digits ?? 2);
}

function asinsOf(query: URLSearchParams): string[] {
  return [...query.getAll("asins[]"), ...query.getAll("asins")]
    .flatMap((v) => v.split(","))
    .map((v) => v.trim().toUpperCase())
    .filter(Boolean);
}

/** Amazon could not be asked or answered an error: a 502 naming Amazon's message. */
class AmazonUnavailableError extends DomainError {
  constructor(message: string) {
    super(502, `Amazon did not answer the keyword recommendations: ${message}`);
  }
}

export const keywordRecommendations = defineResource<Recommendation, z.ZodObject>({
  shortName: "KeywordRecommendation",
  path: "keyword_recommendations",
  description:
    "A keyword Amazon recommends for products, per match type, with its suggested bid range.",
  table: p,
  id: p.id,
  owner: { kind: "parent", column: p.id, parent: () => advertisingProfiles },
  itemOperation: false,
  output: z.object({
    keyword: z.string(),
    matchType: z.enum(MATCH_TYPES),
    rank: z.int().describe("Amazon's rank of the keyword (1 = most relevant)"),
    suggestedBid: z
      .object({ low: z.number(), median: z.number(), high: z.number() })
      .nullable()
      .describe("major units of the profile's currency"),
  }),
  toOutput: (row) => ({
    keyword: row.keyword,
    matchType: row.matchType,
    rank: row.rank,
    suggestedBid: row.suggestedBid,
  }),
  operations: { create: false, update: false, delete: false },
  filters: [
    { type: "relation", parameter: "profile", column: p.id, target: () => advertisingProfiles },
  ],
  pagination: { itemsPerPage: 200, maxItemsPerPage: 600, clientEnabled: true },
  provider: {
    parameters: [
      {
        variable: "asins[]",
        property: "asins",
        description: "the products' ASINs (1 to 50) to recommend keywords for",
      },
    ],
    validate: (query) => {
      if (!query.get("profile")) throw new BadRequestError('The "profile" parameter is required.');
      const asins = asinsOf(query);
      if (asins.length === 0 || asins.length > 50)
        throw new BadRequestError('"asins[]" must name 1 to 50 ASINs.');
      const bad = asins.find((a) => !ASIN.test(a));
      if (bad) throw new BadRequestError(`"${excerpt(bad)}" is not an ASIN.`);
    },
    collection: async (ctx) => {
      const profileId = ctx.relations.find((r) => r.parameter === "profile")?.id;
      if (!profileId) throw new BadRequestError('The "profile" parameter is required.');
      const [profile] = await ctx.db
        .select()
        .from(p)
        .where(ctx.scope ? and(eq(p.id, profileId), ctx.scope) : eq(p.id, profileId));
      if (!profile) throw new NotFoundError("Not Found");
      const ads = await adsForProfile(ctx.db, ctx.services.amazon, profile);
      let answer: Awaited<ReturnType<typeof ads.getKeywordRecommendations>>;
      try {
        answer = await ads.getKeywordRecommendations(profile.amazonProfileId, {
          recommendationType: "KEYWORDS_FOR_ASINS",
          asins: [...new Set(asinsOf(ctx.query))],
          maxRecommendations: 200,
          sortDimension: "DEFAULT",
        } as Parameters<typeof ads.getKeywordRecommendations>[1]);
      } catch (error) {
        if (error instanceof AmazonError) throw new AmazonUnavailableError(error.message);
        throw error;
      }
      const unit = minorUnitsPerMajor(profile.currency);
      const major = (minor: number | undefined) =>
        typeof minor === "number" ? Math.round((minor / unit) * 100) / 100 : undefined;
      const rows: Recommendation[] = [];
      const list = (answer as { keywordTargetList?: unknown[] }).keywordTargetList ?? [];
      list.forEach((item, index) => {
        const target = item as {
          keyword?: string;
          bidInfo?: {
            matchType?: string;
            rank?: number;
            suggestedBid?: {
              rangeStart?: number;
              suggested?: number;
              rangeMedian?: number;
              rangeEnd?: number;
            };
          }[];
        };
        if (!target.keyword) return;
        for (const info of target.bidInfo ?? []) {
          const matchType = info.matchType ?? "";
          if (!(MATCH_TYPES as readonly string[]).includes(matchType)) continue;
          const bid = info.suggestedBid;
          const median = major(bid?.suggested ?? bid?.rangeMedian);
          rows.push({
            keyword: target.keyword,
            matchType,
            rank: info.rank ?? index + 1,
            suggestedBid:
              median === undefined
                ? null
                : {
                    low: major(bid?.rangeStart) ?? median,
                    median,
                    high: major(bid?.rangeEnd) ?? median,
                  },
          });
        }
      });
      rows.sort(
        (a, b) =>
          a.rank - b.rank ||
          MATCH_TYPES.indexOf(a.matchType as (typeof MATCH_TYPES)[number]) -
            MATCH_TYPES.indexOf(b.matchType as (typeof MATCH_TYPES)[number]),
      );
      const page =
        ctx.limit === undefined
          ? rows.slice(ctx.offset)
          : rows.slice(ctx.offset, ctx.offset + ctx.limit);
      return { rows: page, total: rows.length };
    },
  },
});
