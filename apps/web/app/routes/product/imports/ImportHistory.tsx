import { Badge, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { dateTimeFormat, numberFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import type { ImportItem } from "./types.ts";

/** An import's outcome in a sentence: what it created, updated, left and failed, or why it stopped. */
export function useImportSummary(): (item: ImportItem) => string {
  const { t } = useTranslation();
  const number = numberFormat(intlLocale(useLocale()));
  return (item: ImportItem) => {
    if (item.status === "failed" && item.failureReason)
      return t(`productImports.failure.${item.failureReason}`);
    if (item.status === "abandoned") return t("productImports.abandonedSummary");
    if (item.status === "uploaded") return t("productImports.notStartedSummary");
    return t("productImports.summary", {
      created: number.format(item.created),
      updated: number.format(item.updated),
      unchanged: number.format(item.unchanged),
      failed: number.format(item.failed),
      warnings: number.format(item.warnings ?? 0),
    });
  };
}

/** The seller profile's imports, newest first: when, from where, by whom, and their outcome. */
export function ImportHistory({ history }: { history: ImportItem[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const summaryOf = useImportSummary();
  return (
    <>
      <Title order={2} size="h3">
        {t("productImports.history")}
      </Title>
      {history.length === 0 ? (
        <Text c="dimmed">{t("productImports.noHistory")}</Text>
      ) : (
        <Table striped withTableBorder data-testid="import-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("productImports.date")}</Table.Th>
              <Table.Th>{t("productImports.sourceHeader")}</Table.Th>
              <Table.Th>{t("productImports.fileName")}</Table.Th>
              <Table.Th>{t("productImports.author")}</Table.Th>
              <Table.Th>{t("productImports.statusHeader")}</Table.Th>
              <Table.Th>{t("productImports.summaryHeader")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((item) => (
              <Table.Tr key={item.id} data-status={item.status}>
                <Table.Td>
                  {dateTimeFormat(intlLocale(locale), {
                    dateStyle: "medium",
                    timeStyle: "short",
                  }).format(new Date(item.createdAt))}
                </Table.Td>
                <Table.Td>
                  <Badge variant="outline" color={item.source === "amazon" ? "orange" : "gray"}>
                    {t(`productImports.source.${item.source}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{item.fileName}</Table.Td>
                <Table.Td>{item.author}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Badge
                    variant="light"
                    style={{ overflow: "visible" }}
                    color={
                      item.status === "uploaded" || item.status === "abandoned" ? "gray" : undefined
                    }
                    data-status={item.status}
                  >
                    {t(`productImports.status.${item.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td c={item.status === "abandoned" ? "dimmed" : undefined}>
                  {summaryOf(item)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
