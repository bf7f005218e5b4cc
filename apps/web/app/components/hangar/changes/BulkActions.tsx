/**
 * Bulk editing of selected rows (issue 10 §4): the selection — the checked rows or every row
 * the filters match, across pages — and the actions of the table: set a bid or budget, change
 * it by ± % or ± amount within a floor and a ceiling, Amazon's suggested bid, pause, enable,
 * archive (after a confirmation). The changes land in the tray.
 */
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import {
  IconArchive,
  IconCurrencyEuro,
  IconPlayerPause,
  IconPlayerPlay,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { ConfirmModal } from "../../ConfirmModal.tsx";
import { NumberInput } from "../../LazyNumberInput.tsx";
import { Modal } from "../../LazyOverlays.tsx";
import { useFormat } from "../format.ts";
import type { BulkKind, TableEditing } from "../tables.ts";
import { useChangeAction, useChanges } from "./ChangesContext.tsx";
import { actionError } from "./format.ts";
import type { BulkAction, BulkSelection } from "./model.ts";

/** The query of "every row the filters match": the table's own, without paging or display. */
export function selectionQuery(exportQuery: string): string {
  const query = new URLSearchParams(exportQuery);
  for (const key of [...query.keys()]) {
    if (
      key === "pagination" ||
      key === "page" ||
      key === "itemsPerPage" ||
      key === "compare" ||
      key === "currency" ||
      key.startsWith("order[")
    )
      query.delete(key);
  }
  return query.toString();
}

export function BulkBar({
  editing,
  selectedIds,
  pageCount,
  totalItems,
  allMatching,
  onAllMatching,
  exportQuery,
  onDone,
}: {
  editing: TableEditing;
  selectedIds: string[];
  pageCount: number;
  totalItems: number;
  allMatching: boolean;
  onAllMatching: (all: boolean) => void;
  exportQuery: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const changes = useChanges();
  const [modal, setModal] = useState<"bid" | "budget" | null>(null);
  const [archiving, setArchiving] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const action = useChangeAction((result) => {
    setArchiving(false);
    if (result.ok) {
      setModal(null);
      setMessage({
        ok: true,
        text: t("changes.bulk.done", {
          count: result.created ?? 0,
          skipped: result.skipped ?? 0,
        }),
      });
      onDone();
    } else
      setMessage({
        ok: false,
        text: actionError(result, t, (v) => format.money(v, changes?.currency ?? "EUR")) ?? "",
      });
  });
  if (!changes) return null;
  const count = allMatching ? totalItems : selectedIds.length;
  const selection: BulkSelection = allMatching
    ? { query: selectionQuery(exportQuery) }
    : { ids: selectedIds };
  const run = (bulk: BulkAction) =>
    action.submit({
      intent: "bulk",
      sellerProfile: changes.sellerProfileId,
      entityType: editing.entityType,
      selection,
      action: bulk,
    });
  const has = (kind: BulkKind) => editing.bulk.includes(kind);

  if (count === 0) {
    return message ? (
      <Alert
        color={message.ok ? "teal" : "red"}
        withCloseButton
        onClose={() => setMessage(null)}
        py={6}
        data-testid="bulk-message"
      >
        {message.text}
      </Alert>
    ) : null;
  }
  return (
    <Paper withBorder p={6} radius="sm" data-testid="bulk-bar" data-count={count}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" fw={600} data-testid="bulk-count">
            {t("changes.bulk.selected", { count, formatted: format.number(count) })}
          </Text>
          {!allMatching && selectedIds.length === pageCount && totalItems > pageCount ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onAllMatching(true)}
              data-testid="bulk-select-all"
            >
              {t("changes.bulk.selectAllMatching", {
                count: totalItems,
                formatted: format.number(totalItems),
              })}
            </Anchor>
          ) : null}
          {allMatching ? (
            <Anchor component="button" type="button" size="sm" onClick={() => onAllMatching(false)}>
              {t("changes.bulk.onlyPage")}
            </Anchor>
          ) : null}
        </Group>
        <Group gap="xs">
          {has("setBid") || has("adjustBid") || has("suggestedBid") ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCurrencyEuro size={14} />}
              onClick={() => setModal("bid")}
              data-testid="bulk-bid"
            >
              {t("changes.bulk.bid")}
            </Button>
          ) : null}
          {has("setBudget") || has("adjustBudget") ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCurrencyEuro size={14} />}
              onClick={() => setModal("budget")}
              data-testid="bulk-budget"
            >
              {t("changes.bulk.budget")}
            </Button>
          ) : null}
          {has("pause") ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlayerPause size={14} />}
              loading={action.busy}
              onClick={() => run({ kind: "pause" })}
              data-testid="bulk-pause"
            >
              {t("changes.bulk.pause")}
            </Button>
          ) : null}
          {has("enable") ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlayerPlay size={14} />}
              loading={action.busy}
              onClick={() => run({ kind: "enable" })}
              data-testid="bulk-enable"
            >
              {t("changes.bulk.enable")}
            </Button>
          ) : null}
          {has("archive") ? (
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconArchive size={14} />}
              onClick={() => setArchiving(true)}
              data-testid="bulk-archive"
            >
              {t("changes.bulk.archive")}
            </Button>
          ) : null}
        </Group>
      </Group>
      {message ? (
        <Text size="sm" c={message.ok ? "teal" : "red"} mt={4} data-testid="bulk-message">
          {message.text}
        </Text>
      ) : null}
      {modal ? (
        <AdjustModal
          target={modal}
          editing={editing}
          count={count}
          busy={action.busy}
          error={message && !message.ok ? message.text : null}
          onCancel={() => setModal(null)}
          onApply={run}
        />
      ) : null}
      <ConfirmModal
        opened={archiving}
        title={t("changes.archive.title")}
        text={t("changes.archive.many", { count, formatted: format.number(count) })}
        confirmLabel={t("changes.archive.confirm")}
        busy={action.busy}
        onCancel={() => setArchiving(false)}
        onConfirm={() => run({ kind: "archive" })}
      />
    </Paper>
  );
}

type Mode = "set" | "adjust" | "suggested";

function AdjustModal({
  target,
  editing,
  count,
  busy,
  error,
  onCancel,
  onApply,
}: {
  target: "bid" | "budget";
  editing: TableEditing;
  count: number;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onApply: (action: BulkAction) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const changes = useChanges();
  const currency = changes?.currency ?? "EUR";
  const [mode, setMode] = useState<Mode>("adjust");
  const [direction, setDirection] = useState<"up" | "down">("up");
  const [unit, setUnit] = useState<"percent" | "amount">("percent");
  const [value, setValue] = useState<string | number>("");
  const [min, setMin] = useState<string | number>("");
  const [max, setMax] = useState<string | number>("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const decimal = format.locale.startsWith("de") ? "," : ".";
  const moneyProps = {
    decimalScale: 2,
    decimalSeparator: decimal,
    allowNegative: false,
    hideControls: true,
  } as const;
  const symbol = numberFormat(intlLocale(format.locale), { style: "currency", currency })
    .formatToParts(0)
    .find((p) => p.type === "currency")?.value;
  const modes: { value: Mode; label: string }[] = [
    { value: "adjust", label: t("changes.bulk.mode.adjust") },
    { value: "set", label: t("changes.bulk.mode.set") },
    ...(target === "bid" && editing.bulk.includes("suggestedBid")
      ? [{ value: "suggested" as Mode, label: t("changes.bulk.mode.suggested") }]
      : []),
  ];
  const num = (v: string | number) => (typeof v === "number" ? v : undefined);

  const apply = () => {
    setInvalid(null);
    if (mode === "suggested") return onApply({ kind: "suggestedBid" });
    const amount = num(value);
    if (amount === undefined || amount <= 0) {
      setInvalid(t("changes.error.number"));
      return;
    }
    if (mode === "set")
      return onApply({ kind: target === "bid" ? "setBid" : "setBudget", value: amount });
    const signed = direction === "up" ? amount : -amount;
    const bounds = {
      ...(num(min) !== undefined ? { min: num(min) } : {}),
      ...(num(max) !== undefined ? { max: num(max) } : {}),
    };
    if (bounds.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max) {
      setInvalid(t("changes.bulk.boundsOrder"));
      return;
    }
    onApply({
      kind: target === "bid" ? "adjustBid" : "adjustBudget",
      ...(unit === "percent" ? { percent: signed } : { amount: signed }),
      ...bounds,
    });
  };

  return (
    <Modal
      opened
      onClose={onCancel}
      title={t(target === "bid" ? "changes.bulk.bidTitle" : "changes.bulk.budgetTitle", { count })}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Stack gap="sm" data-testid="bulk-modal">
          <SegmentedControl
            fullWidth
            value={mode}
            onChange={(v) => setMode(v as Mode)}
            data={modes}
            data-testid="bulk-mode"
          />
          {mode === "set" ? (
            <NumberInput
              label={t(target === "bid" ? "changes.bulk.newBid" : "changes.bulk.newBudget")}
              leftSection={symbol}
              value={value}
              onChange={setValue}
              data-autofocus
              data-testid="bulk-value"
              {...moneyProps}
            />
          ) : null}
          {mode === "adjust" ? (
            <>
              <Group grow>
                <SegmentedControl
                  value={direction}
                  onChange={(v) => setDirection(v as "up" | "down")}
                  data={[
                    { value: "up", label: t("changes.bulk.raise") },
                    { value: "down", label: t("changes.bulk.lower") },
                  ]}
                  data-testid="bulk-direction"
                />
                <SegmentedControl
                  value={unit}
                  onChange={(v) => setUnit(v as "percent" | "amount")}
                  data={[
                    { value: "percent", label: "%" },
                    { value: "amount", label: symbol ?? currency },
                  ]}
                  data-testid="bulk-unit"
                />
              </Group>
              <NumberInput
                label={
                  unit === "percent" ? t("changes.bulk.byPercent") : t("changes.bulk.byAmount")
                }
                rightSection={unit === "percent" ? "%" : symbol}
                value={value}
                onChange={setValue}
                data-autofocus
                data-testid="bulk-value"
                {...moneyProps}
              />
              <Group grow>
                <NumberInput
                  label={t("changes.bulk.floor")}
                  leftSection={symbol}
                  value={min}
                  onChange={setMin}
                  data-testid="bulk-min"
                  {...moneyProps}
                />
                <NumberInput
                  label={t("changes.bulk.ceiling")}
                  leftSection={symbol}
                  value={max}
                  onChange={setMax}
                  data-testid="bulk-max"
                  {...moneyProps}
                />
              </Group>
              <Text size="xs" c="dimmed">
                {t("changes.bulk.boundsHint")}
              </Text>
            </>
          ) : null}
          {mode === "suggested" ? <Text size="sm">{t("changes.bulk.suggestedHint")}</Text> : null}
          {invalid || error ? (
            <Text size="sm" c="red" data-testid="bulk-error">
              {invalid ?? error}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel}>
              {t("changes.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="bulk-apply">
              {t("changes.bulk.apply", { count })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
