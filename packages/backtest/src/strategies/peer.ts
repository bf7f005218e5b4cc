import type { Change } from "../apply.ts";
import type { View } from "../view.ts";
import {
  ASIN_TERM,
  cents,
  clampBid,
  existingExact,
  harvestDestinations,
  liveTargets,
  type Strategy,
  type StrategyConfig,
  termSums,
  windowSums,
} from "./common.ts";

/**
 * The published peer method, exactly as issue 19 defines it. Every day, per keyword/target over
 * the last 30 days as reported today: ≥ 15 clicks and ≥ 1 order → bid = target ACoS × sales /
 * clicks; ≥ 15 clicks and no order → bid × 0.7; fewer clicks → unchanged; at most ±30 % per change;
 * 3 days' cool-down after a change. Search terms with ≥ 15 clicks and no order are negated exact;
 * with ≥ 2 orders at or below target ACoS harvested as exact at their average CPC.
 */
export function peerStrategy(config: StrategyConfig): Strategy {
  const lastChange = new Map<string, number>();
  const done = new Set<string>();
  return {
    name: "peer",
    decide(view: View) {
      const out = new Map<number, Change[]>();
      for (const p of view.profiles) {
        const changes: Change[] = [];
        const from = view.day - 30;
        const to = view.day - 1;
        const sums = windowSums(p.reports.targeting, from, to);
        for (const t of liveTargets(p)) {
          const last = lastChange.get(t.id);
          if (last !== undefined && view.day - last < 3) continue;
          const s = sums.get(t.id);
          if (!s || s.clicks < 15) continue;
          let next = s.orders >= 1 ? (config.targetAcos * s.sales) / s.clicks : t.bid * 0.7;
          next = Math.min(t.bid * 1.3, Math.max(t.bid * 0.7, next));
          next = clampBid(next, config, p.countryCode);
          if (next === cents(t.bid)) continue;
          changes.push({ kind: "bid", entity: t.kind, id: t.id, bid: next });
          lastChange.set(t.id, view.day);
        }
        const exact = existingExact(p);
        const harvestDestination = harvestDestinations(p);
        for (const [key, s] of termSums(p.reports, from, to)) {
          const term = key.slice(key.indexOf("\t") + 1).toLowerCase();
          const asin = ASIN_TERM.test(term);
          const sourceKey = `${s.adGroupId}|${term}`;
          if (p.negatives.has(sourceKey) || exact.has(sourceKey)) continue;
          if (s.clicks >= 15 && s.orders === 0) {
            if (done.has(`neg|${sourceKey}`)) continue;
            done.add(`neg|${sourceKey}`);
            changes.push({
              kind: "negative",
              campaignId: s.campaignId,
              adGroupId: s.adGroupId,
              text: term,
              asin,
            });
          } else if (s.orders >= 2 && s.sales > 0 && s.cost / s.sales <= config.targetAcos) {
            const dest = harvestDestination(s.adGroupId, asin);
            if (
              !dest ||
              exact.has(`${dest.adGroupId}|${term}`) ||
              done.has(`kw|${dest.adGroupId}|${term}`)
            )
              continue;
            done.add(`kw|${dest.adGroupId}|${term}`);
            const bid = clampBid(s.cost / Math.max(1, s.clicks), config, p.countryCode);
            changes.push({
              kind: "create",
              campaignId: dest.campaignId,
              adGroupId: dest.adGroupId,
              text: term,
              asin,
              bid,
            });
          }
        }
        out.set(p.profileId, changes);
      }
      return out;
    },
  };
}

/** `static`: the seeded bids, never changed. */
export function staticStrategy(): Strategy {
  return { name: "static", decide: () => new Map(), ignoresView: true };
}
