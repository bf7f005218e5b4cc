/**
 * Inline editing of one cell (issue 10 §4): a bid, a budget or a state. The value goes to the
 * tray as a draft change (nothing reaches Amazon before the push); the cell then shows the
 * pending value next to the current one. Enter saves, Escape cancels; the editor is reached
 * by keyboard (the cell is a button).
 */
import {
  ActionIcon,
  Badge,
  Group,
  Loader,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { IconCheck, IconPencil, IconX } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../ConfirmModal.tsx";
import { NumberInput } from "../../LazyNumberInput.tsx";
import { useFormat } from "../format.ts";
import { STATES } from "../table-state.ts";
import type { EditField, HangarRow, TableEditing } from "../tables.ts";
import { useChangeAction, useChanges } from "./ChangesContext.tsx";
import { actionError } from "./format.ts";
import "../cells.css";

const STATE_COLORS: Record<string, string> = {
  ENABLED: "teal",
  PAUSED: "yellow",
  ARCHIVED: "gray",
};

/** Negatives are enabled or archived; everything else also pauses. */
function statesFor(entityType: TableEditing["entityType"]): readonly string[] {
  return entityType === "negative_keywords" || entityType === "negative_targets"
    ? ["ARCHIVED"]
    : STATES;
}

export function EditableCell({
  row,
  field,
  value,
  editing,
}: {
  row: HangarRow;
  field: EditField;
  value: string | number | null;
  editing: TableEditing;
}) {
  const changes = useChanges();
  if (!changes || !row.id) return <StaticValue field={field} value={value} />;
  return field === "state" ? (
    <StateEditor row={row} value={value === null ? null : String(value)} editing={editing} />
  ) : (
    <MoneyEditor
      row={row}
      field={field}
      value={typeof value === "number" ? value : null}
      editing={editing}
    />
  );
}

function StaticValue({ field, value }: { field: EditField; value: string | number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const changes = useChanges();
  if (field === "state") return <>{value ? t(`hangar.state.${value}`) : "–"}</>;
  return <>{format.money(typeof value === "number" ? value : null, changes?.currency ?? "EUR")}</>;
}

function MoneyEditor({
  row,
  field,
  value,
  editing,
}: {
  row: HangarRow;
  field: "bid" | "budget";
  value: number | null;
  editing: TableEditing;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const changes = useChanges();
  const currency = changes?.currency ?? "EUR";
  const pending = changes?.pendingFor(row.id, field);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string | number>("");
  const [error, setError] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const action = useChangeAction((result) => {
    if (result.ok) {
      setOpen(false);
      setError(null);
      // Back on the cell, so the keyboard can go on from here.
      window.requestAnimationFrame(() => buttonRef.current?.focus());
    } else setError(actionError(result, t, (v) => format.money(v, currency)));
  });
  const decimal = format.locale.startsWith("de") ? "," : ".";
  const label = editing.label(row);
  const fieldLabel = t(`changes.field.${field}`);

  const start = () => {
    const shown = typeof pending?.newValue === "number" ? pending.newValue : value;
    setDraft(shown ?? "");
    setError(null);
    setOpen(true);
  };
  const save = () => {
    const number = typeof draft === "number" ? draft : Number(String(draft).replace(",", "."));
    if (draft === "" || !Number.isFinite(number)) {
      setError(t("changes.error.number"));
      return;
    }
    if (number === value && !pending) {
      setOpen(false);
      return;
    }
    action.submit({
      intent: "stage",
      sellerProfile: changes?.sellerProfileId ?? "",
      entityType: editing.entityType,
      entity: row.id ?? "",
      field,
      value: number,
    });
  };

  if (open) {
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end" data-testid="inline-editor">
        <NumberInput
          size="xs"
          w={110}
          autoFocus
          hideControls
          decimalScale={2}
          decimalSeparator={decimal}
          allowNegative={false}
          value={draft}
          onChange={setDraft}
          onFocus={(e) => e.currentTarget.select()}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              save();
            } else if (e.key === "Escape") {
              e.preventDefault();
              setOpen(false);
              window.requestAnimationFrame(() => buttonRef.current?.focus());
            }
          }}
          error={error}
          aria-label={t("changes.inline.label", { field: fieldLabel, name: label })}
          rightSection={action.busy ? <Loader size={12} /> : null}
          data-testid="inline-input"
        />
        <ActionIcon
          size="sm"
          variant="subtle"
          onClick={save}
          aria-label={t("changes.inline.save")}
          data-testid="inline-save"
        >
          <IconCheck size={14} />
        </ActionIcon>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          onClick={() => setOpen(false)}
          aria-label={t("changes.inline.cancel")}
        >
          <IconX size={14} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <UnstyledButton
      ref={buttonRef}
      onClick={start}
      data-testid={`edit-${field}`}
      data-value={value ?? ""}
      // The visible amount first: a screen reader reads what a sighted user sees, then the action.
      aria-label={`${[
        format.money(value, currency),
        ...(pending
          ? [format.money(typeof pending.newValue === "number" ? pending.newValue : null, currency)]
          : []),
      ].join(" → ")} – ${t("changes.inline.edit", { field: fieldLabel, name: label })}`}
      className="sp-edit-money"
    >
      {/* Plain elements with classes (cells.css): one such cell on every row of the table. */}
      <span className="sp-cell-row" data-gap="4" data-align="end">
        {pending ? (
          <Tooltip label={t("changes.inline.pending")} withArrow>
            <Group
              gap={4}
              wrap="nowrap"
              data-testid="pending-value"
              data-value={String(pending.newValue)}
            >
              <Text span size="sm" td="line-through" c="dimmed">
                {format.money(value, currency)}
              </Text>
              <Text span size="sm" fw={700} c="indigo">
                {format.money(
                  typeof pending.newValue === "number" ? pending.newValue : null,
                  currency,
                )}
              </Text>
            </Group>
          </Tooltip>
        ) : (
          <span className="sp-cell-text">{format.money(value, currency)}</span>
        )}
        <IconPencil size={12} className="sp-edit-pencil" aria-hidden />
      </span>
    </UnstyledButton>
  );
}

function StateEditor({
  row,
  value,
  editing,
}: {
  row: HangarRow;
  value: string | null;
  editing: TableEditing;
}) {
  const { t } = useTranslation();
  const changes = useChanges();
  const pending = changes?.pendingFor(row.id, "state");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = useChangeAction((result) => {
    setConfirming(false);
    setError(result.ok ? null : actionError(result, t));
  });
  const label = editing.label(row);
  const shown = (pending?.newValue as string | undefined) ?? value;
  const stage = (state: string) =>
    action.submit({
      intent: "stage",
      sellerProfile: changes?.sellerProfileId ?? "",
      entityType: editing.entityType,
      entity: row.id ?? "",
      field: "state",
      value: state,
    });
  const badge = (state: string | null) =>
    state ? (
      <Badge
        size="xs"
        variant="dot"
        color={STATE_COLORS[state] ?? "gray"}
        styles={{ root: { flexShrink: 0, maxWidth: "none" }, label: { overflow: "visible" } }}
      >
        {t(`hangar.state.${state}`, { defaultValue: state })}
      </Badge>
    ) : (
      "–"
    );
  // Archived is final on Amazon: nothing to choose.
  if (value === "ARCHIVED") return badge(value);
  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <UnstyledButton
            data-testid="edit-state"
            data-value={value ?? ""}
            aria-label={`${[
              t(`hangar.state.${value}`, { defaultValue: value ?? "" }),
              ...(pending ? [t(`hangar.state.${shown}`, { defaultValue: shown ?? "" })] : []),
            ].join(
              " → ",
            )} – ${t("changes.inline.edit", { field: t("changes.field.state"), name: label })}`}
          >
            <span className="sp-cell-row" data-gap="4">
              {pending ? (
                <Tooltip label={t("changes.inline.pending")} withArrow>
                  <Group gap={2} wrap="nowrap" data-testid="pending-value" data-value={shown ?? ""}>
                    <Text span size="xs" c="dimmed" td="line-through">
                      {t(`hangar.state.${value}`)}
                    </Text>
                    {badge(shown)}
                  </Group>
                </Tooltip>
              ) : (
                badge(value)
              )}
              {action.busy ? <Loader size={10} /> : null}
            </span>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown data-testid="state-menu">
          {statesFor(editing.entityType)
            .filter((state) => state !== shown)
            .map((state) => (
              <Menu.Item
                key={state}
                color={state === "ARCHIVED" ? "red" : undefined}
                data-testid={`state-option-${state}`}
                onClick={() => (state === "ARCHIVED" ? setConfirming(true) : stage(state))}
              >
                {t(`changes.stateAction.${state}`)}
              </Menu.Item>
            ))}
        </Menu.Dropdown>
      </Menu>
      {error ? (
        <Text size="xs" c="red" data-testid="inline-error">
          {error}
        </Text>
      ) : null}
      <ConfirmModal
        opened={confirming}
        title={t("changes.archive.title")}
        text={t("changes.archive.one", { name: label })}
        confirmLabel={t("changes.archive.confirm")}
        busy={action.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => stage("ARCHIVED")}
      />
    </>
  );
}
