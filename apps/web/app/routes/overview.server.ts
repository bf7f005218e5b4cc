/** The overview's (`/`) server half: its data from the API, the campaigns ranked. */
import { DATA_SYNC_KINDS } from "@starport/sync/kinds";
import type { RouterContextProvider } from "react-router";
import type { SyncRunView } from "../components/amazon/SyncProgress.tsx";
import { loadSellerCentralAccess } from "../components/amazon/seller-central.server.ts";
import {
  hangarBase,
  loadAdvertisingProfiles,
  loadRates,
  loadScopeMetrics,
  rangeInfo,
} from "../components/hangar/hangar.server.ts";
import {
  defaultMetricOf,
  HIGHER_IS_BETTER,
  type MetricName,
  type Metrics,
} from "../components/hangar/metrics.ts";
import { splitLocale } from "../route-table.ts";
import { serverApi } from "../session/server-session.ts";
import { loadQueue } from "./action-center/queue.server.ts";

const RANKED = 5;

export interface CampaignRank {
  id: string;
  name: string;
  countryCode: string;
  metrics: Metrics;
}

/** Best and worst campaigns by the default metric, among those that spent money in the range. */
function rank(rows: readonly CampaignRank[], metric: MetricName) {
  const rated = rows.filter((r) => r.metrics.cost > 0 && r.metrics[metric] !== null);
  const better = HIGHER_IS_BETTER[metric] !== false;
  const sorted = [...rated].sort((a, b) => {
    const x = Number(a.metrics[metric]);
    const y = Number(b.metrics[metric]);
    return better ? y - x : x - y;
  });
  const top = sorted.slice(0, RANKED);
  const bottom = sorted
    .slice(-RANKED)
    .reverse()
    .filter((r) => !top.includes(r));
  return { top, bottom };
}

/** `/`: the seller's overview over all marketplaces, in the seller profile's default currency. */
export async function loadOverview({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const base = await hangarBase(context, request);
  const { profile, hydra } = base;
  const profiles = await loadAdvertisingProfiles(hydra, profile).catch((error) => {
    if (error instanceof Response) throw error;
    return [];
  });
  const info = rangeInfo(base, profiles[0]?.timezone);
  const currency = profile.settings.defaultCurrency;
  const metric = defaultMetricOf(profile.settings.defaultAdvertisingMetric);
  const scope = { entity: "campaigns", sellerProfile: profile.id };
  const { locale } = splitLocale(new URL(request.url).pathname);
  const [metrics, perCampaign, runs, rates, sellerCentral, queue] = await Promise.all([
    profiles.length
      ? loadScopeMetrics(hydra, scope, info, currency).catch(() => ({
          current: null,
          previous: null,
          daily: [],
        }))
      : { current: null, previous: null, daily: [] },
    profiles.length
      ? hydra
          .collection<Metrics & { entity: string }>("/api/metrics", {
            ...scope,
            groupBy: "entity",
            currency,
            from: info.range.from,
            to: info.range.to,
          })
          .then((c) => c.members)
          .catch(() => [])
      : [],
    hydra
      .collection<SyncRunView & { finishedAt: string | null }>(
        "/api/sync_runs",
        // The data sync: fees and total sales follow it on their own, for minutes.
        { sellerProfile: profile.id, kind: DATA_SYNC_KINDS, itemsPerPage: 1 },
        { fresh: true },
      )
      .then((c) => c.members[0] ?? null)
      .catch(() => null),
    loadRates(hydra),
    loadSellerCentralAccess(serverApi(context, request), profile.id),
    // The action center's head: the best five things to do, and what all of them would bring.
    loadQueue(serverApi(context, request), new URLSearchParams(), profile.id, locale).catch(
      () => null,
    ),
  ]);
  const preliminary = perCampaign.map((m) => ({ id: m.entity.split("/").pop() ?? "", metrics: m }));
  const { top, bottom } = rank(
    preliminary.map((p) => ({ ...p, name: "", countryCode: "" })),
    metric,
  );
  const named = await Promise.all(
    [...top, ...bottom].map(async (row) => {
      const campaign = await hydra
        .item<{ name: string; advertisingProfile: string }>(`/api/campaigns/${row.id}`)
        .catch(() => null);
      const ap = profiles.find((p) => p["@id"] === campaign?.advertisingProfile);
      return { ...row, name: campaign?.name ?? row.id, countryCode: ap?.countryCode ?? "" };
    }),
  );
  return {
    settings: profile.settings,
    sellerProfileId: profile.id,
    marketplaces: profiles.map((p) => ({ id: p.id, countryCode: p.countryCode })),
    info,
    currency,
    metric,
    metrics,
    top: named.slice(0, top.length),
    bottom: named.slice(top.length),
    run: runs,
    rates,
    sellerCentral,
    actions: {
      top: (queue?.items ?? []).slice(0, 5).map((item) => ({
        id: item.id,
        what: item.what,
        entityLabel: item.entityLabel,
        marketplace: item.marketplace,
        reason: item.reason,
        impact: item.impact,
        impactLow: item.impactLow,
        impactHigh: item.impactHigh,
        currency: item.currency,
      })),
      open: queue?.total ?? 0,
      impactByCurrency: queue?.impactByCurrency ?? {},
    },
  };
}
