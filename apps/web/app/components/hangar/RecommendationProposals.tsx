import { Divider, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DecideButtons } from "../action-center/DecideButtons.tsx";
import { useImpact } from "../action-center/impact.ts";
import { useLogValue } from "../optimiser/log-words.tsx";
import { useSentence } from "./ReasonSentence.tsx";
import type { RowRecommendation } from "./row-recommendations.ts";

function Proposal({ rec, onDone }: { rec: RowRecommendation; onDone: () => void }) {
  const { t } = useTranslation();
  const value = useLogValue();
  const impact = useImpact();
  const sentence = useSentence();
  const change =
    rec.currentValue === null
      ? value(rec.kind, rec.proposedValue, rec.currency)
      : `${value(rec.kind, rec.currentValue, rec.currency)} → ${value(rec.kind, rec.proposedValue, rec.currency)}`;
  const projected = impact(rec);
  return (
    <Stack gap={4} data-testid="marker-recommendation" data-id={rec.id} data-kind={rec.kind}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t(`actionCenter.kind.${rec.kind}`, { defaultValue: rec.kind })}: {change}
        </Text>
        <Text size="sm" fw={500} data-testid="marker-impact">
          {projected ?? "–"}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" data-testid="marker-reason">
        {sentence(rec)}
      </Text>
      <DecideButtons ids={[rec.id]} testId="marker" onDone={onDone} />
    </Stack>
  );
}

/** The proposals a row's marker opens, each with accept, snooze and reject (loaded on demand). */
export function RecommendationProposals({
  recommendations,
  onDone,
}: {
  recommendations: RowRecommendation[];
  onDone: () => void;
}) {
  return recommendations.map((rec, index) => (
    <Stack key={rec.id} gap="xs">
      {index > 0 ? <Divider /> : null}
      <Proposal rec={rec} onDone={onDone} />
    </Stack>
  ));
}
