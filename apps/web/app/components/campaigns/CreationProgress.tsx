import { Alert, Anchor, Badge, Button, Group, Progress, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { changeErrorText } from "../hangar/changes/format.ts";

export interface CreationBatch {
  id: string;
  status: string;
  total: number;
  applied: number;
  failed: number;
  pending: number;
}

export interface CreationChange {
  id: string;
  entityType: string;
  entity: string | null;
  entityLabel: string | null;
  operation: string;
  status: string;
  errorCode: string | null;
  errorMessage: string | null;
}

/** Entity types in the order a creation makes them (campaign → ad group → ads → targets). */
const ORDER = [
  "campaigns",
  "ad_groups",
  "product_ads",
  "keywords",
  "targets",
  "negative_keywords",
  "negative_targets",
];
const STATUS_COLOR: Record<string, string> = {
  applied: "green",
  failed: "red",
  applying: "blue",
  pending: "gray",
  superseded: "gray",
};
export const RUNNING = new Set(["draft", "pending", "applying"]);

/**
 * A creation batch's progress and result: one row per entity with Amazon's answer; when some
 * failed, what exists and a retry that re-sends only what is missing.
 */
export function CreationProgress({
  batch,
  changes,
  campaignHref,
  onRetry,
  retrying,
}: {
  batch: CreationBatch;
  changes: readonly CreationChange[];
  campaignHref: string | null;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  const running = RUNNING.has(batch.status);
  const done = batch.applied + batch.failed;
  const sorted = [...changes].sort(
    (a, b) => ORDER.indexOf(a.entityType) - ORDER.indexOf(b.entityType),
  );
  return (
    <Stack gap="md" data-testid="creation-progress" data-status={batch.status}>
      <Group justify="space-between">
        <Text fw={600}>
          {t(`campaignCreate.result.status.${batch.status}`, { defaultValue: batch.status })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="creation-counts">
          {t("campaignCreate.result.counts", {
            applied: batch.applied,
            failed: batch.failed,
            total: batch.total,
          })}
        </Text>
      </Group>
      <Progress
        value={batch.total ? (done / batch.total) * 100 : 0}
        color={batch.failed ? "orange" : "indigo"}
        animated={running}
        aria-label={t("campaignCreate.result.progress")}
      />
      {!running && batch.failed === 0 && (
        <Alert color="green" data-testid="creation-success">
          <Group justify="space-between">
            <span>{t("campaignCreate.result.success")}</span>
            {campaignHref && (
              <Anchor component={Link} to={campaignHref} data-testid="created-campaign-link">
                {t("campaignCreate.result.openCampaign")}
              </Anchor>
            )}
          </Group>
        </Alert>
      )}
      {!running && batch.failed > 0 && (
        <Alert color="orange" data-testid="creation-failed">
          <Stack gap="xs">
            <span>{t("campaignCreate.result.partial", { count: batch.failed })}</span>
            <Group>
              <Button size="xs" onClick={onRetry} loading={retrying} data-testid="creation-retry">
                {t("campaignCreate.result.retry")}
              </Button>
              {campaignHref && (
                <Anchor component={Link} to={campaignHref} size="sm">
                  {t("campaignCreate.result.openCampaign")}
                </Anchor>
              )}
            </Group>
          </Stack>
        </Alert>
      )}
      <Table verticalSpacing={2} data-testid="creation-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("campaignCreate.result.entity")}</Table.Th>
            <Table.Th>{t("campaignCreate.result.name")}</Table.Th>
            <Table.Th>{t("campaignCreate.result.state")}</Table.Th>
            <Table.Th>{t("campaignCreate.result.answer")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((c) => (
            <Table.Tr
              key={c.id}
              data-testid="creation-row"
              data-status={c.status}
              data-entity-type={c.entityType}
            >
              <Table.Td>
                {t(`campaignCreate.result.entityType.${c.entityType}`, {
                  defaultValue: c.entityType,
                })}
              </Table.Td>
              <Table.Td>{c.entityLabel ?? "–"}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={STATUS_COLOR[c.status] ?? "gray"}>
                  {t(`campaignCreate.result.changeStatus.${c.status}`, { defaultValue: c.status })}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={c.errorCode || c.errorMessage ? "red" : "dimmed"}>
                  {changeErrorText({ ...c, field: null }, t) ?? ""}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
