import { Alert, Badge, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../components/hangar/format.ts";
import { CandidateTable } from "./CandidateTable.tsx";
import type { KeywordPageData } from "./keywords.server.ts";
import type { AmazonCandidate } from "./model.ts";
import { FULL_BADGE } from "./RowCells.tsx";

/** The "Amazon" tab: Amazon's keyword recommendations for the ad group's products. */
export function AmazonTab({ data }: { data: KeywordPageData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const amazon = data.amazon;
  const rows = useMemo(() => (amazon?.state === "ok" ? amazon.rows : []), [amazon]);
  if (amazon?.state === "error")
    return (
      <Alert color="red" data-testid="kw-amazon-error">
        {t("keywordRecs.amazon.error", { message: amazon.message })}
      </Alert>
    );
  if (amazon === null)
    return (
      <Text size="sm" c="dimmed" data-testid="kw-amazon-loading">
        {t("keywordRecs.amazon.loading")}
      </Text>
    );
  const money = (value: number | undefined) =>
    value === undefined ? "–" : format.money(value, data.currency);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t("keywordRecs.amazon.intro", { bid: format.money(data.baseBid, data.currency) })}
      </Text>
      <CandidateTable<AmazonCandidate>
        tab="amazon"
        data={data}
        records={rows}
        empty={
          amazon?.state === "noAsins"
            ? t("keywordRecs.amazon.noAsins")
            : t("keywordRecs.amazon.empty")
        }
        extra={[
          {
            accessor: "rank",
            title: t("keywordRecs.column.rank"),
            textAlign: "right",
            render: (row) => format.number(row.rank),
          },
          {
            accessor: "isKeyword",
            title: t("keywordRecs.column.status"),
            noWrap: true,
            render: (row) =>
              row.isKeyword ? (
                <Badge
                  size="sm"
                  variant="light"
                  color="gray"
                  styles={FULL_BADGE}
                  data-testid="kw-is-keyword"
                >
                  {t("keywordRecs.amazon.isKeyword")}
                </Badge>
              ) : null,
          },
          {
            accessor: "amazonBid",
            title: t("keywordRecs.column.amazonBid"),
            textAlign: "right",
            noWrap: true,
            render: (row) =>
              row.amazonBid ? (
                <Text size="sm" data-testid="kw-amazon-bid">
                  {money(row.amazonBid.median)}{" "}
                  <Text span size="xs" c="dimmed">
                    ({money(row.amazonBid.low)}–{money(row.amazonBid.high)})
                  </Text>
                </Text>
              ) : (
                "–"
              ),
          },
        ]}
        bidTitle={t("keywordRecs.column.starportBid")}
      />
    </Stack>
  );
}
