import { Button, Group, Select, Stack, Table, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { linesOf, type WizardTarget } from "../wizard-state.ts";
import { MoneyInput, RemoveButton } from "./fields.tsx";
import type { StepProps } from "./step-props.ts";

/** Product targets (ASINs or categories) pasted, each with its bid. */
export function TargetsEditor({ state, setState, currency }: StepProps & { currency: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [type, setType] = useState<WizardTarget["type"]>("ASIN_SAME_AS");
  const defaultBid = state.defaultBid === "" ? 0.75 : state.defaultBid;
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select
          label={t("campaignCreate.targets.type")}
          data={[
            { value: "ASIN_SAME_AS", label: t("campaignCreate.targets.asin") },
            { value: "ASIN_CATEGORY_SAME_AS", label: t("campaignCreate.targets.category") },
          ]}
          value={type}
          allowDeselect={false}
          onChange={(v) => v && setType(v as WizardTarget["type"])}
          w={200}
        />
        <Textarea
          label={t("campaignCreate.targets.values")}
          description={t("campaignCreate.targets.valuesHint")}
          autosize
          minRows={1}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: 1 }}
          data-testid="targets-paste"
        />
        <Button
          variant="light"
          disabled={linesOf(text).length === 0}
          onClick={() => {
            const added = linesOf(text).map((value) => ({
              type,
              value: type === "ASIN_SAME_AS" ? value.toUpperCase() : value,
              bid: defaultBid,
            }));
            setState((s) => {
              const key = (x: WizardTarget) => `${x.type}|${x.value}`;
              const map = new Map(s.targets.map((x) => [key(x), x]));
              for (const x of added) map.set(key(x), x);
              return { ...s, targets: [...map.values()] };
            });
            setText("");
          }}
          data-testid="targets-add"
        >
          {t("campaignCreate.keywords.add")}
        </Button>
      </Group>
      {state.targets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("campaignCreate.targets.none")}
        </Text>
      ) : (
        <Table verticalSpacing={2} data-testid="target-list">
          <Table.Tbody>
            {state.targets.map((x, index) => (
              <Table.Tr key={`${x.type}|${x.value}`}>
                <Table.Td>
                  {t(
                    x.type === "ASIN_SAME_AS"
                      ? "campaignCreate.targets.asin"
                      : "campaignCreate.targets.category",
                  )}
                </Table.Td>
                <Table.Td ff="monospace">{x.value}</Table.Td>
                <Table.Td>
                  <MoneyInput
                    size="xs"
                    aria-label={t("campaignCreate.keywords.bid", { currency })}
                    value={x.bid}
                    onChange={(v) =>
                      setState((s) => ({
                        ...s,
                        targets: s.targets.map((y, i) =>
                          i === index ? { ...y, bid: v === "" ? 0 : Number(v) } : y,
                        ),
                      }))
                    }
                    w={110}
                  />
                </Table.Td>
                <Table.Td w={40}>
                  <RemoveButton
                    onRemove={() =>
                      setState((s) => ({ ...s, targets: s.targets.filter((_, i) => i !== index) }))
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
