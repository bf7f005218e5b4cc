import { Badge, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { download } from "./download.ts";
import type { ImportItem, RowError } from "./types.ts";

/** A run's row errors and warnings (the first page), and all of them as a file. */
export function ImportErrors({
  errors,
  running,
}: {
  errors: { totalItems: number; member: RowError[] };
  running: ImportItem;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const number = numberFormat(intlLocale(locale));
  return (
    <Stack gap="xs" data-testid="import-errors">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t("productImports.errors", { count: errors.totalItems })}
        </Title>
        <Button
          variant="default"
          data-testid="import-errors-download"
          onClick={() =>
            void download(
              `${running["@id"]}/errors.csv?lang=${locale}`,
              `${running.fileName}-errors.csv`,
            )
          }
        >
          {t("productImports.downloadErrors")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t("productImports.errorsIntro")}
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("productImports.row")}</Table.Th>
            <Table.Th>{t("productImports.severityHeader")}</Table.Th>
            <Table.Th>{t("productImports.column")}</Table.Th>
            <Table.Th>{t("productImports.value")}</Table.Th>
            <Table.Th>{t("productImports.reasonHeader")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.member.map((e) => (
            <Table.Tr
              key={`${e.row}-${e.column}-${e.reason}`}
              data-severity={e.severity}
              data-reason={e.reason}
            >
              <Table.Td>{number.format(e.row)}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <Badge
                  variant="light"
                  color={e.severity === "warning" ? "orange" : "red"}
                  style={{ overflow: "visible" }}
                >
                  {t(`productImports.severity.${e.severity}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{e.column}</Table.Td>
              <Table.Td>{e.value.slice(0, 60)}</Table.Td>
              <Table.Td>
                {t(`productImports.reason.${e.reason}`, {
                  row: e.relatedRow === null ? "" : number.format(e.relatedRow),
                })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
