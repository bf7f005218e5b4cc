import { Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import "./cells.css";
import { useFormat } from "./format.ts";
import { MoneyText } from "./MoneyText.tsx";
import { changeTone, type MetricName, relativeChange } from "./metrics.ts";

const TONE_COLOR = { good: "teal", bad: "red", neutral: "dimmed" } as const;

// Plain elements, not Mantine's Group and Text: a Hangar table renders hundreds of these cells,
// and each Mantine box resolves theme and style props (it led the browser's profile of the page).
// Their look is a class (cells.css), not an inline style repeated in every cell's HTML.

/** The change of a metric against the previous period, coloured by whether it is good news. */
export function Delta({
  metric,
  current,
  previous,
  size = "xs",
}: {
  metric: MetricName;
  current: number | null | undefined;
  previous: number | null | undefined;
  size?: "xs" | "sm";
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const change = relativeChange(current, previous);
  const tone = changeTone(metric, change);
  return (
    <Tooltip label={t("hangar.delta.tooltip")} withArrow openDelay={400}>
      <Text span size={size} c={TONE_COLOR[tone]} data-testid="delta" data-tone={tone}>
        {format.change(change)}
      </Text>
    </Tooltip>
  );
}

/** A metric's value, optionally with its change against the previous period. */
export function MetricCell({
  metric,
  value,
  previous,
  currency,
  converted,
  withDelta,
  testId,
}: {
  metric: MetricName;
  value: number | null | undefined;
  previous?: number | null | undefined;
  currency: string;
  converted?: boolean;
  withDelta?: boolean;
  testId?: string;
}) {
  const format = useFormat();
  const text = format.metric(metric, value, currency);
  return (
    <div
      className="sp-metric-cell"
      data-testid={testId}
      data-metric={metric}
      data-value={value ?? ""}
    >
      {converted && (metric === "cost" || metric === "sales" || metric === "cpc") ? (
        <MoneyText text={text} currency={currency} />
      ) : (
        <span className="sp-cell-text">{text}</span>
      )}
      {withDelta ? <Delta metric={metric} current={value} previous={previous} /> : null}
    </div>
  );
}
