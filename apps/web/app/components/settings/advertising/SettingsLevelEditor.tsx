import {
  Badge,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
} from "@mantine/core";
import {
  type EffectiveSettings,
  resolveSettings,
  type SettingsContext,
  type SettingsLayerValues,
} from "@starport/settings";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { saveWithToast } from "../../../lib/entry-toasts.ts";
import { fieldErrors } from "../../../lib/hydra-form.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import {
  CHOICES,
  type EditableKey,
  FIELD_KINDS,
  formatSettingValue,
  provenanceText,
} from "./settings-fields.ts";

export interface LevelRow {
  "@id": string;
  values: SettingsLayerValues;
}

/**
 * One level's settings (global, a marketplace, a collection or a product): per value the effective
 * value and where it comes from, this level's own value to set, and "reset to inherited".
 * `inherited` is the context without this level (resolved by the same pure resolver as the API).
 */
export function SettingsLevelEditor({
  testId,
  fields,
  row,
  inherited,
  ownLayer,
  currency,
  create,
  update,
  onChanged,
}: {
  testId: string;
  fields: readonly EditableKey[];
  row: LevelRow | null;
  inherited: SettingsContext;
  ownLayer: (values: SettingsLayerValues) => SettingsContext;
  currency: string;
  create(values: SettingsLayerValues): Promise<unknown>;
  update(iri: string, patch: Record<string, unknown>): Promise<unknown>;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const own = row?.values ?? {};
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const fromAbove: EffectiveSettings = resolveSettings(inherited).values;
  const effective: EffectiveSettings = resolveSettings(ownLayer(own)).values;

  async function write(values: Record<string, unknown>) {
    setSaving(true);
    setErrors({});
    const result = await saveWithToast(
      () => (row ? update(row["@id"], { values }) : create(values as SettingsLayerValues)),
      t,
    );
    setSaving(false);
    if (result.ok) {
      setDraft({});
      onChanged();
    } else setErrors(fieldErrors(result.error, t));
  }

  const format = (key: EditableKey, value: unknown) =>
    formatSettingValue(key, value, t, locale, currency);

  function input(key: EditableKey) {
    const kind = FIELD_KINDS[key];
    const current = key in draft ? draft[key] : own[key];
    const error = errors[`values.${key}`];
    const label = t(`settingsGoals.fields.${key}`);
    const set = (value: unknown) => setDraft((d) => ({ ...d, [key]: value }));
    if (kind === "boolean")
      return (
        <Switch
          aria-label={label}
          checked={Boolean(current ?? fromAbove[key].value)}
          onChange={(event) => set(event.currentTarget.checked)}
          error={error}
          data-testid={`${testId}-${key}-input`}
        />
      );
    if (kind === "choice")
      return (
        <Select
          aria-label={label}
          size="xs"
          w={200}
          placeholder={format(key, fromAbove[key].value)}
          data={(CHOICES[key] ?? []).map((value) => ({
            value,
            label: t(`settingsGoals.choices.${key}.${value}`),
          }))}
          value={(current as string | undefined) ?? null}
          onChange={(value) => value && set(value)}
          error={error}
          data-testid={`${testId}-${key}-input`}
        />
      );
    const scale = kind === "money" ? 1_000_000 : 1;
    const inheritedValue = fromAbove[key].value as number | null;
    return (
      <NumberInput
        aria-label={label}
        size="xs"
        w={160}
        decimalSeparator={locale === "de" ? "," : "."}
        decimalScale={kind === "money" || kind === "percent" ? 2 : 0}
        suffix={kind === "percent" ? " %" : undefined}
        placeholder={inheritedValue === null ? "" : format(key, inheritedValue)}
        value={current === undefined ? "" : Number(current) / scale}
        onChange={(value) =>
          set(value === "" ? undefined : Math.round(Number(value) * scale * 100) / 100)
        }
        error={error}
        data-testid={`${testId}-${key}-input`}
      />
    );
  }

  const changed = Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined));

  return (
    <Stack gap="xs" data-testid={testId}>
      <Table withTableBorder striped verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("settingsGoals.columns.setting")}</Table.Th>
            <Table.Th>{t("settingsGoals.columns.effective")}</Table.Th>
            <Table.Th>{t("settingsGoals.columns.here")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((key) => (
            <Table.Tr key={key} data-testid={`${testId}-${key}`}>
              <Table.Td>
                <Text size="sm">{t(`settingsGoals.fields.${key}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} data-testid={`${testId}-${key}-effective`}>
                  {format(key, effective[key].value)}
                </Text>
                <Text size="xs" c="dimmed" data-testid={`${testId}-${key}-source`}>
                  {provenanceText(effective[key].source, t)}
                </Text>
              </Table.Td>
              <Table.Td>{input(key)}</Table.Td>
              <Table.Td>
                {own[key] !== undefined ? (
                  <Group gap={6} wrap="nowrap">
                    <Badge size="xs" variant="light">
                      {t("settingsGoals.setHere")}
                    </Badge>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={saving}
                      onClick={() => void write({ [key]: null })}
                      data-testid={`${testId}-${key}-reset`}
                    >
                      {t("settingsGoals.reset")}
                    </Button>
                  </Group>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t("settingsGoals.inherited")}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button
          size="sm"
          loading={saving}
          disabled={Object.keys(changed).length === 0}
          onClick={() => void write(changed)}
          data-testid={`${testId}-save`}
        >
          {t("settingsGoals.save")}
        </Button>
      </Group>
    </Stack>
  );
}
