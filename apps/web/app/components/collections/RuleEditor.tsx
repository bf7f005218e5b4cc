import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import {
  blankCondition,
  OPERATORS,
  RULE_FIELDS,
  RULE_METRICS,
  RULE_WINDOWS,
  type RuleCondition,
  type RuleField,
  type RuleSet,
  VALUE_CHOICES,
} from "./types.ts";

/** Conditions combined with all/any; each row: field, (metric, window), operator, value(s). */
export function RuleEditor({ value, onChange }: { value: RuleSet; onChange(next: RuleSet): void }) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<RuleCondition>) =>
    onChange({
      ...value,
      conditions: value.conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)),
    });
  return (
    <Stack gap="xs" data-testid="rule-editor">
      <SegmentedControl
        aria-label={t("cargoBay.rules.match")}
        value={value.match}
        onChange={(match) => onChange({ ...value, match: match as RuleSet["match"] })}
        data={[
          { value: "all", label: t("cargoBay.rules.all") },
          { value: "any", label: t("cargoBay.rules.any") },
        ]}
        w="fit-content"
      />
      {value.conditions.map((c, index) => {
        const numeric = c.field === "price" || c.field === "metric";
        const choices = VALUE_CHOICES[c.field];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
          <Group key={index} gap="xs" align="flex-end" wrap="wrap" data-testid="rule-row">
            <Select
              label={t("cargoBay.rules.field")}
              value={c.field}
              allowDeselect={false}
              w={170}
              data={RULE_FIELDS.map((f) => ({ value: f, label: t(`cargoBay.fields.${f}`) }))}
              onChange={(field) =>
                field &&
                onChange({
                  ...value,
                  conditions: value.conditions.map((x, i) =>
                    i === index ? blankCondition(field as RuleField) : x,
                  ),
                })
              }
            />
            {c.field === "metric" && (
              <>
                <Select
                  label={t("cargoBay.rules.metric")}
                  value={c.metric ?? "acos"}
                  allowDeselect={false}
                  w={130}
                  data={RULE_METRICS.map((m) => ({ value: m, label: t(`cargoBay.metrics.${m}`) }))}
                  onChange={(m) => m && set(index, { metric: m as RuleCondition["metric"] })}
                />
                <Select
                  label={t("cargoBay.rules.window")}
                  value={String(c.windowDays ?? 30)}
                  allowDeselect={false}
                  w={140}
                  data={RULE_WINDOWS.map((d) => ({
                    value: String(d),
                    label: t("cargoBay.rules.lastDays", { count: d }),
                  }))}
                  onChange={(d) => d && set(index, { windowDays: Number(d) })}
                />
              </>
            )}
            <Select
              label={t("cargoBay.rules.operator")}
              value={c.operator}
              allowDeselect={false}
              w={150}
              data={OPERATORS[c.field].map((o) => ({
                value: o,
                label: t(`cargoBay.operators.${o}`),
              }))}
              onChange={(o) => o && set(index, { operator: o })}
            />
            {numeric ? (
              <>
                <NumberInput
                  label={t("cargoBay.rules.value")}
                  value={Number(c.value)}
                  decimalScale={2}
                  w={120}
                  onChange={(v) => set(index, { value: Number(v) || 0 })}
                />
                {c.operator === "between" && (
                  <NumberInput
                    label={t("cargoBay.rules.to")}
                    value={Number(c.to ?? c.value)}
                    decimalScale={2}
                    w={120}
                    onChange={(v) => set(index, { to: Number(v) || 0 })}
                  />
                )}
              </>
            ) : choices ? (
              <Select
                label={t("cargoBay.rules.value")}
                value={String(c.value)}
                allowDeselect={false}
                w={170}
                data={choices.map((v) => ({ value: v, label: t(`cargoBay.values.${v}`) }))}
                onChange={(v) => v && set(index, { value: v })}
              />
            ) : (
              <TextInput
                label={t("cargoBay.rules.value")}
                value={String(c.value)}
                w={200}
                placeholder={c.field === "asin" || c.field === "sku" ? "B0*" : undefined}
                onChange={(e) => set(index, { value: e.currentTarget.value })}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={t("cargoBay.rules.remove")}
              disabled={value.conditions.length === 1}
              onClick={() =>
                onChange({ ...value, conditions: value.conditions.filter((_, i) => i !== index) })
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        w="fit-content"
        disabled={value.conditions.length >= 50}
        onClick={() =>
          onChange({ ...value, conditions: [...value.conditions, blankCondition("tag")] })
        }
      >
        {t("cargoBay.rules.add")}
      </Button>
    </Stack>
  );
}
