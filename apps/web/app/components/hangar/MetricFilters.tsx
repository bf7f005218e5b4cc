import { Badge, Button, CloseButton, Group, Popover, Select, Stack } from "@mantine/core";
import { IconFilter } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NumberInput } from "../LazyNumberInput.tsx";
import { useFormat } from "./format.ts";
import { METRIC_KIND, METRICS, type MetricName } from "./metrics.ts";
import { FILTER_OPS, type FilterOp, formatFilters, type MetricFilter } from "./table-state.ts";

const OP_SIGN: Record<FilterOp, string> = { gt: ">", gte: "≥", lt: "<", lte: "≤", eq: "=" };

/** Ranges on any metric ("ACoS > 40 %", "spend > 50 and orders = 0"), shown as removable pills. */
export function MetricFilters({
  filters,
  onChange,
}: {
  filters: readonly MetricFilter[];
  onChange: (text: string | null) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [metric, setMetric] = useState<MetricName>("acos");
  const [op, setOp] = useState<FilterOp>("gt");
  const [value, setValue] = useState<number | string>("");

  const describe = (f: MetricFilter) => {
    const unit = METRIC_KIND[f.metric] === "ratio" ? " %" : "";
    return `${t(`hangar.metric.${f.metric}`)} ${OP_SIGN[f.op]} ${format.number(f.value)}${unit}`;
  };
  const set = (next: MetricFilter[]) => onChange(next.length ? formatFilters(next) : null);

  return (
    <Group gap={4} wrap="wrap" data-testid="metric-filters">
      {filters.map((f, index) => (
        <Badge
          key={`${f.metric}.${f.op}.${f.value}`}
          variant="light"
          size="lg"
          tt="none"
          fw={500}
          data-testid="metric-filter"
          rightSection={
            <CloseButton
              size="xs"
              aria-label={t("hangar.filter.remove")}
              data-testid="metric-filter-remove"
              onClick={() => set(filters.filter((_, i) => i !== index))}
            />
          }
        >
          {describe(f)}
        </Badge>
      ))}
      <Popover
        opened={open}
        onChange={setOpen}
        position="bottom-start"
        shadow="md"
        withinPortal
        trapFocus
      >
        <Popover.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFilter size={14} />}
            onClick={() => setOpen((o) => !o)}
            data-testid="add-metric-filter"
          >
            {t("hangar.filter.add")}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const number =
                typeof value === "number" ? value : Number(String(value).replace(",", "."));
              if (!Number.isFinite(number) || value === "") return;
              set([...filters, { metric, op, value: number }]);
              setOpen(false);
              setValue("");
            }}
          >
            <Stack gap="xs" w={240}>
              <Select
                size="xs"
                label={t("hangar.filter.metric")}
                data-testid="filter-metric"
                allowDeselect={false}
                value={metric}
                data={METRICS.map((m) => ({ value: m, label: t(`hangar.metric.${m}`) }))}
                onChange={(v) => v && setMetric(v as MetricName)}
                comboboxProps={{ withinPortal: false }}
              />
              <Select
                size="xs"
                label={t("hangar.filter.operator")}
                data-testid="filter-op"
                allowDeselect={false}
                value={op}
                data={FILTER_OPS.map((o) => ({
                  value: o,
                  label: `${OP_SIGN[o]} ${t(`hangar.filter.op.${o}`)}`,
                }))}
                onChange={(v) => v && setOp(v as FilterOp)}
                comboboxProps={{ withinPortal: false }}
              />
              <NumberInput
                size="xs"
                label={t("hangar.filter.value")}
                data-testid="filter-value"
                decimalSeparator={format.locale.startsWith("de") ? "," : "."}
                suffix={METRIC_KIND[metric] === "ratio" ? " %" : undefined}
                value={value}
                onChange={setValue}
              />
              <Button size="xs" type="submit" data-testid="filter-apply">
                {t("hangar.filter.apply")}
              </Button>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
