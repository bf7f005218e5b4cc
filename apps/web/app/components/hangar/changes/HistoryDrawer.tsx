/**
 * The change history of one entity (issue 10 §5): who asked, when, old → new, why, and what
 * Amazon answered; an applied change or its whole push can be undone (the undo is itself a
 * recorded push, followed in the tray). Closed at first paint, it loads after the page
 * (HangarEditing.tsx; issue 23, first-load JS); HistoryButton.tsx opens it.
 */
import { Button, Loader, Menu, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { sessionStore } from "../../../session/store.ts";
import { Drawer } from "../../LazyOverlays.tsx";
import { useChangeAction, useChanges } from "./ChangesContext.tsx";
import { OldNew, StatusBadge } from "./ChangesTrayDrawer.tsx";
import { actionError, useChangeFormat } from "./format.ts";
import type { ChangeView, HistoryData } from "./model.ts";

export default function HistoryDrawer() {
  const { t } = useTranslation();
  const changes = useChanges();
  const fetcher = useFetcher<HistoryData>();
  const target = changes?.history ?? null;
  const url =
    target && changes
      ? `${changes.actionPath}?view=history&entity=${target.entity}&entityType=${target.entityType}`
      : null;
  const load = fetcher.load;
  const finished = changes?.results?.batch.finishedAt ?? null;
  // Read again when opened and whenever a followed push has finished (its rows have results).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `finished` is the trigger, not an input
  useEffect(() => {
    if (url) void load(url);
  }, [url, load, finished]);
  const list = fetcher.data?.changes ?? [];
  return (
    <Drawer
      opened={!!target}
      onClose={() => changes?.openHistory(null)}
      position="right"
      size="xl"
      title={
        <Title order={2} size="h4">
          {t("changes.history.title", { name: target?.label ?? "" })}
        </Title>
      }
      closeButtonProps={{ "aria-label": t("changes.close") }}
    >
      <Stack gap="sm" data-testid="history-drawer">
        {fetcher.state === "loading" && !fetcher.data ? <Loader size="sm" /> : null}
        {fetcher.data && list.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="history-empty">
            {t("changes.history.empty")}
          </Text>
        ) : null}
        {list.length > 0 ? (
          <Table striped verticalSpacing={4} fz="sm" data-testid="history-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("changes.column.when")}</Table.Th>
                <Table.Th>{t("changes.column.who")}</Table.Th>
                <Table.Th>{t("changes.column.change")}</Table.Th>
                <Table.Th>{t("changes.column.reason")}</Table.Th>
                <Table.Th>{t("changes.column.result")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((change) => (
                <HistoryRow
                  key={change.id}
                  change={change}
                  // An ad group's history holds its keywords' changes too: name what changed.
                  label={change.entity !== target?.entity ? change.entityLabel : null}
                />
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Drawer>
  );
}

function HistoryRow({ change, label }: { change: ChangeView; label: string | null }) {
  const { t } = useTranslation();
  const changes = useChanges();
  const f = useChangeFormat(changes?.currency ?? "EUR");
  const me = sessionStore().getState().user?.id;
  const [error, setError] = useState<string | null>(null);
  const undo = useChangeAction((result) => {
    if (result.ok && result.batchId) {
      changes?.track(result.batchId);
      // The undo's per-row results are followed in the tray.
      changes?.openHistory(null);
      changes?.setTrayOpen(true);
    }
    setError(actionError(result, t));
  });
  const author =
    change.authorKind === "user"
      ? change.authorId && change.authorId === me
        ? t("changes.author.you")
        : t("changes.author.user")
      : t(`changes.author.${change.authorKind}`, { defaultValue: change.authorKind });
  const who = change.actorName
    ? t("changes.author.impersonated", { admin: change.actorName, user: author })
    : author;
  const undoable = change.status === "applied" && change.operation === "update";
  return (
    <Table.Tr data-testid="history-row" data-status={change.status}>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {f.when(change.appliedAt ?? change.createdAt)}
      </Table.Td>
      <Table.Td>{who}</Table.Td>
      <Table.Td>
        {label ? (
          <Text size="sm" fw={500} data-testid="history-entity">
            {label}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {f.what(change)}
        </Text>
        <OldNew change={change} />
      </Table.Td>
      <Table.Td>{f.reason(change)}</Table.Td>
      <Table.Td>
        <StatusBadge status={change.status} />
        {f.error(change) ? (
          <Text size="xs" c="red">
            {f.error(change)}
          </Text>
        ) : null}
        {error ? (
          <Text size="xs" c="red">
            {error}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {undoable ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconArrowBackUp size={12} />}
                loading={undo.busy}
                data-testid="history-undo"
              >
                {t("changes.history.undo")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                data-testid="history-undo-change"
                onClick={() => undo.submit({ intent: "undoChange", change: change.id })}
              >
                {t("changes.history.undoChange")}
              </Menu.Item>
              {change.batchId ? (
                <Menu.Item
                  data-testid="history-undo-batch"
                  onClick={() =>
                    change.batchId && undo.submit({ intent: "undoBatch", batch: change.batchId })
                  }
                >
                  {t("changes.history.undoBatch")}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
