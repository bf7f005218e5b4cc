/**
 * The pending-changes tray's drawer (issue 10 §4): every draft change (old → new, remove one,
 * discard all after a confirmation, push), the pushed batch's per-row results as Amazon answers
 * them, and the failed rows, which stay here to be fixed or retried. Closed at first paint, it
 * loads after the page (ChangesTray.tsx; issue 23, first-load JS).
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconArrowBackUp, IconRefresh, IconSend, IconTrash, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../ConfirmModal.tsx";
import { NumberInput } from "../../LazyNumberInput.tsx";
import { Drawer } from "../../LazyOverlays.tsx";
import { useFormat } from "../format.ts";
import { useChangeAction, useChanges } from "./ChangesContext.tsx";
import { actionError, useChangeFormat } from "./format.ts";
import { batchRunning, type ChangeView, isMoneyField } from "./model.ts";

const STATUS_COLOR: Record<string, string> = {
  draft: "gray",
  pending: "blue",
  applying: "blue",
  applied: "teal",
  failed: "red",
  superseded: "gray",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="xs"
      variant="light"
      color={STATUS_COLOR[status] ?? "gray"}
      styles={{ root: { flexShrink: 0, maxWidth: "none" }, label: { overflow: "visible" } }}
      data-testid="change-status"
      data-status={status}
    >
      {t(`changes.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export default function ChangesTrayDrawer() {
  const { t } = useTranslation();
  const changes = useChanges();
  const f = useChangeFormat(changes?.currency ?? "EUR");
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const push = useChangeAction((result) => {
    if (result.ok && result.batchId) changes?.track(result.batchId);
    setError(actionError(result, t));
  });
  const discard = useChangeAction((result) => {
    setConfirmDiscard(false);
    setError(actionError(result, t));
  });
  const remove = useChangeAction((result) => setError(actionError(result, t)));
  if (!changes) return null;
  const tray = changes.tray;
  const drafts = tray?.changes ?? [];
  return (
    <Drawer
      opened={changes.trayOpen}
      onClose={() => changes.setTrayOpen(false)}
      position="right"
      size="xl"
      title={
        <Title order={2} size="h4">
          {t("changes.tray.title")}
        </Title>
      }
      closeButtonProps={{ "aria-label": t("changes.close") }}
    >
      <Stack gap="lg" data-testid="tray-drawer">
        {error ? (
          <Alert
            color="red"
            data-testid="tray-error"
            withCloseButton
            onClose={() => setError(null)}
          >
            {error}
          </Alert>
        ) : null}
        <Stack gap="xs">
          {drafts.length > 0 ? (
            <Group justify="space-between">
              <Text fw={600}>{t("changes.tray.drafts", { count: drafts.length })}</Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  disabled={!tray?.batch || drafts.length === 0}
                  onClick={() => setConfirmDiscard(true)}
                  data-testid="tray-discard"
                >
                  {t("changes.tray.discard")}
                </Button>
                <Button
                  size="xs"
                  leftSection={<IconSend size={14} />}
                  disabled={!tray?.batch || drafts.length === 0}
                  loading={push.busy}
                  onClick={() =>
                    tray?.batch && push.submit({ intent: "push", batch: tray.batch.id })
                  }
                  data-testid="tray-push"
                >
                  {t("changes.tray.push", { count: drafts.length })}
                </Button>
              </Group>
            </Group>
          ) : null}
          {drafts.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="tray-empty">
              {t("changes.tray.empty")}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={360}>
              <Table striped verticalSpacing={4} fz="sm" data-testid="tray-drafts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("changes.column.entity")}</Table.Th>
                    <Table.Th>{t("changes.column.what")}</Table.Th>
                    <Table.Th>{t("changes.column.change")}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {drafts.map((change) => (
                    <Table.Tr
                      key={change.id}
                      data-testid="tray-row"
                      data-entity={change.entity ?? ""}
                    >
                      <Table.Td>{change.entityLabel ?? "–"}</Table.Td>
                      <Table.Td>{f.what(change)}</Table.Td>
                      <Table.Td>
                        <OldNew change={change} />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="gray"
                          aria-label={t("changes.tray.remove", { name: change.entityLabel ?? "" })}
                          onClick={() => remove.submit({ intent: "remove", change: change.id })}
                          data-testid="tray-remove"
                        >
                          <IconX size={14} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
        </Stack>
        <PushResults />
        <FailedRows />
      </Stack>
      <ConfirmModal
        opened={confirmDiscard}
        title={t("changes.tray.discardTitle")}
        text={t("changes.tray.discardText", { count: drafts.length })}
        confirmLabel={t("changes.tray.discard")}
        busy={discard.busy}
        onCancel={() => setConfirmDiscard(false)}
        onConfirm={() => tray?.batch && discard.submit({ intent: "discard", batch: tray.batch.id })}
      />
    </Drawer>
  );
}

export function OldNew({ change }: { change: ChangeView }) {
  const changes = useChanges();
  const f = useChangeFormat(changes?.currency ?? "EUR");
  if (change.operation === "create") {
    return (
      <Text span size="sm" data-testid="new-value">
        {f.value(null, change.newValue)}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Text span size="sm" c="dimmed" data-testid="old-value">
        {f.value(change.field, change.oldValue)}
      </Text>
      <Text span size="sm" aria-hidden>
        →
      </Text>
      <Text span size="sm" fw={600} data-testid="new-value">
        {f.value(change.field, change.newValue)}
      </Text>
    </Group>
  );
}

/** The followed batch: counts while Amazon works, then every row's result. */
function PushResults() {
  const { t } = useTranslation();
  const format = useFormat();
  const changes = useChanges();
  const f = useChangeFormat(changes?.currency ?? "EUR");
  const [error, setError] = useState<string | null>(null);
  const undo = useChangeAction((result) => {
    if (result.ok && result.batchId) changes?.track(result.batchId);
    setError(actionError(result, t));
  });
  const results = changes?.results;
  if (!results) return null;
  const { batch } = results;
  const running = batchRunning(batch.status);
  const done = batch.applied + batch.failed;
  return (
    <Stack gap="xs" data-testid="push-results" data-status={batch.status}>
      <Group justify="space-between">
        <Text fw={600}>
          {batch.authorKind === "undo"
            ? t("changes.results.undoTitle")
            : t("changes.results.title")}
        </Text>
        <StatusBadge status={batch.status} />
      </Group>
      <Progress
        value={batch.total ? (done / batch.total) * 100 : 100}
        animated={running}
        size="sm"
      />
      <Text
        size="sm"
        data-testid="push-summary"
        data-applied={batch.applied}
        data-failed={batch.failed}
      >
        {t("changes.results.summary", {
          applied: format.number(batch.applied),
          failed: format.number(batch.failed),
          total: format.number(batch.total),
        })}
      </Text>
      {error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : null}
      <ScrollArea.Autosize mah={360}>
        <Table striped verticalSpacing={4} fz="sm" data-testid="result-rows">
          <Table.Tbody>
            {results.changes.map((change) => (
              <Table.Tr
                key={change.id}
                data-testid="result-row"
                data-status={change.status}
                data-entity={change.entity ?? ""}
              >
                <Table.Td>{change.entityLabel ?? "–"}</Table.Td>
                <Table.Td>{f.what(change)}</Table.Td>
                <Table.Td>
                  <OldNew change={change} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <StatusBadge status={change.status} />
                    {f.error(change) ? (
                      <Text size="xs" c="red" data-testid="result-error">
                        {f.error(change)}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {!running && batch.applied > 0 ? (
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconArrowBackUp size={14} />}
            loading={undo.busy}
            onClick={() => undo.submit({ intent: "undoBatch", batch: batch.id })}
            data-testid="undo-batch"
          >
            {t("changes.results.undo", { count: batch.applied })}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** Failed rows stay: retry as they were, fix the value, or let them go. */
function FailedRows() {
  const { t } = useTranslation();
  const changes = useChanges();
  const f = useChangeFormat(changes?.currency ?? "EUR");
  if (!changes || changes.failed.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="failed-rows">
      <Group justify="space-between">
        <Text fw={600} c="red">
          {t("changes.failed.title", { count: changes.failed.length })}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          onClick={() => changes.dismissFailed(changes.failed.map((c) => c.id))}
          data-testid="failed-dismiss-all"
        >
          {t("changes.failed.dismissAll")}
        </Button>
      </Group>
      <Table verticalSpacing={4} fz="sm">
        <Table.Tbody>
          {changes.failed.map((change) => (
            <Table.Tr key={change.id} data-testid="failed-row" data-entity={change.entity ?? ""}>
              <Table.Td>
                <Text size="sm">{change.entityLabel ?? "–"}</Text>
                <Text size="xs" c="dimmed">
                  {f.what(change)}
                </Text>
              </Table.Td>
              <Table.Td>
                <OldNew change={change} />
                <Text size="xs" c="red" data-testid="failed-error">
                  {f.error(change) ?? ""}
                </Text>
              </Table.Td>
              <Table.Td>
                <FailedRowActions change={change} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function FailedRowActions({ change }: { change: ChangeView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const changes = useChanges();
  const [fixing, setFixing] = useState(false);
  const [value, setValue] = useState<string | number>(
    typeof change.newValue === "number" ? change.newValue : "",
  );
  const [error, setError] = useState<string | null>(null);
  // A retry (as it was or fixed) takes the row out of the tray on the server; the tray reads again.
  const settle = (ok: boolean, message: string | null) => {
    setError(message);
    if (ok) setFixing(false);
  };
  const retry = useChangeAction((result) => settle(result.ok, actionError(result, t)));
  const fix = useChangeAction((result) => settle(result.ok, actionError(result, t)));
  const canFix = change.operation === "update" && isMoneyField(change.field) && change.entity;
  return (
    <Stack gap={4} align="flex-end">
      <Group gap={4} wrap="nowrap">
        {canFix ? (
          fixing ? (
            <NumberInput
              size="xs"
              w={100}
              autoFocus
              hideControls
              decimalScale={2}
              decimalSeparator={format.locale.startsWith("de") ? "," : "."}
              value={value}
              onChange={setValue}
              aria-label={t("changes.failed.fixLabel", { name: change.entityLabel ?? "" })}
              data-testid="failed-fix-input"
              onKeyDown={(e) => {
                if (e.key === "Escape") setFixing(false);
                if (e.key === "Enter" && typeof value === "number")
                  fix.submit({ intent: "retry", change: change.id, value });
              }}
            />
          ) : (
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => setFixing(true)}
              data-testid="failed-fix"
            >
              {t("changes.failed.fix")}
            </Button>
          )
        ) : null}
        <Tooltip label={t("changes.failed.retryHint")} withArrow>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconRefresh size={12} />}
            loading={retry.busy}
            onClick={() => retry.submit({ intent: "retry", change: change.id })}
            data-testid="failed-retry"
          >
            {t("changes.failed.retry")}
          </Button>
        </Tooltip>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={t("changes.failed.dismiss")}
          onClick={() => changes?.dismissFailed([change.id])}
          data-testid="failed-dismiss"
        >
          <IconX size={14} />
        </ActionIcon>
      </Group>
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
