import { Alert, Stack, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../components/hangar/format.ts";
import { CandidateTable } from "./CandidateTable.tsx";
import type { KeywordPageData } from "./keywords.server.ts";
import { type SearchCandidate, SOURCE_LIMIT } from "./model.ts";

const sourcesOf = (row: SearchCandidate) => row.sources;

/** The "search terms" tab: the ad group's converting search terms that are not keywords yet. */
export function SearchTab({ data }: { data: KeywordPageData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const stats = data.adGroupStats;
  const percent = (value: number | null) => format.metric("cvr", value, data.currency);
  const formula = t("keywordRecs.search.formula", {
    cpc: format.money(data.baseBid, data.currency),
    cvr: percent(stats.cvr),
    min: format.money(data.limits.minBid, data.currency),
    max: format.money(data.limits.maxBid, data.currency),
  });
  const empty =
    stats.clicks === 0
      ? t("keywordRecs.search.emptyNoClicks", { days: 60 })
      : t("keywordRecs.search.emptyNoOrders", { days: 60 });
  return (
    <Stack gap="xs">
      <Text
        size="sm"
        c="dimmed"
        data-testid="kw-search-intro"
        data-from={data.window.from}
        data-to={data.window.to}
      >
        {t("keywordRecs.search.intro", {
          from: format.day(data.window.from),
          to: format.day(data.window.to),
          clicks: format.number(stats.clicks),
          orders: format.number(stats.orders),
          cvr: percent(stats.cvr),
          cpc: stats.cpc === null ? "–" : format.money(stats.cpc, data.currency),
        })}
      </Text>
      <Alert color="gray" variant="light" p="xs" data-testid="kw-negative-note">
        <Text size="xs">{t("keywordRecs.search.negativeNote")}</Text>
      </Alert>
      {data.asinTerms > 0 ? (
        <Alert color="gray" variant="light" p="xs" data-testid="kw-asin-terms">
          <Text size="xs">{t("keywordRecs.search.asinTerms", { count: data.asinTerms })}</Text>
        </Alert>
      ) : null}
      {data.sourcesOmitted > 0 ? (
        <Alert color="yellow" variant="light" p="xs" data-testid="kw-sources-omitted">
          <Text size="xs">
            {t("keywordRecs.search.sourcesOmitted", {
              count: data.sourcesOmitted,
              limit: SOURCE_LIMIT,
            })}
          </Text>
        </Alert>
      ) : null}
      <CandidateTable<SearchCandidate>
        tab="search"
        data={data}
        records={data.search}
        empty={empty}
        sourcesOf={sourcesOf}
        bidTitle={
          <Tooltip label={formula} multiline w={320} withArrow>
            <Text size="sm" fw={700} td="underline dotted" tabIndex={0} data-testid="kw-formula">
              {t("keywordRecs.column.suggestedBid")}
            </Text>
          </Tooltip>
        }
        extra={[
          {
            accessor: "clicks",
            title: t("keywordRecs.column.clicks"),
            textAlign: "right",
            render: (row) => format.number(row.clicks),
          },
          {
            accessor: "orders",
            title: t("keywordRecs.column.orders"),
            textAlign: "right",
            render: (row) => format.number(row.orders),
          },
          {
            accessor: "cvr",
            title: t("keywordRecs.column.cvr"),
            textAlign: "right",
            render: (row) => percent(row.cvr),
          },
          {
            accessor: "shrunkCvr",
            title: (
              <Tooltip
                label={t("keywordRecs.search.shrunkHelp", {
                  prior: format.number(Math.round(data.priorClicks ?? 0)),
                  cvr: percent(stats.cvr),
                })}
                multiline
                w={320}
                withArrow
              >
                <Text size="sm" fw={700} td="underline dotted" tabIndex={0}>
                  {t("keywordRecs.column.shrunkCvr")}
                </Text>
              </Tooltip>
            ),
            textAlign: "right",
            render: (row) => percent(row.shrunkCvr),
          },
        ]}
      />
    </Stack>
  );
}
