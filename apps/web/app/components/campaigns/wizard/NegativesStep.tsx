import { Badge, Button, Group, Select, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { linesOf, NEGATIVE_MATCH_TYPES, type NegativeMatchType } from "../wizard-state.ts";
import { RemoveButton } from "./fields.tsx";
import type { StepProps } from "./step-props.ts";

/** Negative keywords pasted with their match type. */
export function NegativesStep({ state, setState }: StepProps) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [matchType, setMatchType] = useState<NegativeMatchType>("NEGATIVE_EXACT");
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("campaignCreate.negatives.hint")}
      </Text>
      <Group align="flex-end">
        <Textarea
          label={t("campaignCreate.negatives.paste")}
          autosize
          minRows={2}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: 1 }}
          data-testid="negatives-paste"
        />
        <Select
          label={t("campaignCreate.keywords.matchType")}
          data={NEGATIVE_MATCH_TYPES.map((m) => ({ value: m, label: t(`hangar.enum.${m}`) }))}
          value={matchType}
          allowDeselect={false}
          onChange={(v) => v && setMatchType(v as NegativeMatchType)}
          w={200}
        />
        <Button
          variant="light"
          disabled={linesOf(text).length === 0}
          onClick={() => {
            setState((s) => {
              const key = (n: { text: string; matchType: string }) =>
                `${n.text.toLowerCase()}|${n.matchType}`;
              const map = new Map(s.negatives.map((n) => [key(n), n]));
              for (const line of linesOf(text))
                map.set(key({ text: line, matchType }), { text: line, matchType });
              return { ...s, negatives: [...map.values()] };
            });
            setText("");
          }}
          data-testid="negatives-add"
        >
          {t("campaignCreate.keywords.add")}
        </Button>
      </Group>
      {state.negatives.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("campaignCreate.negatives.none")}
        </Text>
      ) : (
        <Group gap="xs" data-testid="negative-list">
          {state.negatives.map((n, index) => (
            <Badge
              key={`${n.text}|${n.matchType}`}
              variant="light"
              color="red"
              rightSection={
                <RemoveButton
                  size="xs"
                  onRemove={() =>
                    setState((s) => ({
                      ...s,
                      negatives: s.negatives.filter((_, i) => i !== index),
                    }))
                  }
                />
              }
            >
              {n.text} · {t(`hangar.enum.${n.matchType}`)}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
