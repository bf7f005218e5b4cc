import { Alert, Button, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";

/**
 * Where a Hangar page's figures (chart and table) will be while they stream after the page's
 * shell: the chart's and the table's space held, so nothing jumps when they arrive.
 */
export function FiguresPending() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="figures-pending" data-hydrating aria-busy="true">
      <Text size="sm" c="dimmed" role="status">
        {t("hangar.table.loading")}
      </Text>
      <Paper withBorder p="sm" radius="md">
        <Skeleton h={60} />
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Skeleton h={226} />
      </Paper>
      <Skeleton h={480} />
    </Stack>
  );
}

/** The figures could not be read: the page's, or a table's own (with a retry). */
export function FiguresFailed() {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={16} />}
      title={t("hangar.table.errorTitle")}
      data-testid="table-error"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t("hangar.table.errorText")}</Text>
        <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={() => void revalidate()}>
          {t("hangar.table.retry")}
        </Button>
      </Stack>
    </Alert>
  );
}
