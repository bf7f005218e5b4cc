/**
 * The "Bid optimisation" tab of a campaign or an ad group: the log's decisions about it and what
 * it holds, read from the log route (its loader with a fixed scope) when the tab opens; the full
 * log with this campaign (and ad group) as its filter is one link away.
 */
import { Anchor, Group, Loader, Stack } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { useLocalizedPath } from "../../lib/use-locale.ts";
import type { OptimiserLogData } from "./log.server.ts";
import { OptimiserLogTable } from "./OptimiserLog.tsx";

export function OptimiserLogTab({ campaign, adGroup }: { campaign: string; adGroup?: string }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const fetcher = useFetcher<OptimiserLogData>();
  const base = localize("/hangar/bid-optimisation");
  const scope = new URLSearchParams(
    adGroup ? { scope: "adGroup", adGroup } : { scope: "campaign", campaign },
  );
  const full = new URLSearchParams(adGroup ? { campaign, adGroup } : { campaign });
  const { load, state } = fetcher;
  const query = scope.toString();
  useEffect(() => {
    void load(`${base}?${query}`);
  }, [load, base, query]);
  // After an undo (the table's action) the route's data is revalidated: read again.
  const data = fetcher.data;
  return (
    <Stack gap="xs" data-testid="optimiser-log-tab">
      <Group justify="flex-end">
        <Anchor component={Link} to={`${base}?${full}`} size="sm" data-testid="log-open-full">
          {t("optimiserLog.openFull")}
        </Anchor>
      </Group>
      {!data ? (
        state !== "idle" ? (
          <Loader size="sm" />
        ) : null
      ) : (
        <OptimiserLogTable
          data={data}
          actionPath={base}
          emptyText={
            data.automationMode === "off"
              ? t("optimiserLog.emptyOff")
              : data.lastRun
                ? t("optimiserLog.emptyNoDecisions")
                : t("optimiserLog.emptyNoRun")
          }
          onPageChange={(page) => void load(`${base}?${query}&page=${page}`)}
        />
      )}
    </Stack>
  );
}
