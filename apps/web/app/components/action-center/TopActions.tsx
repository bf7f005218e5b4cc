import { Anchor, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPath } from "../../lib/use-locale.ts";
import { useFormat } from "../hangar/format.ts";
import { type Projected, useImpact } from "./impact.ts";

export interface TopAction extends Projected {
  id: string;
  what: string;
  entityLabel: string | null;
  marketplace: string;
  reason: string;
}

/**
 * The home page's best five actions (issue 21 §4): the head of the action center's queue, with
 * the number of open ones and their projected total, linked to the queue.
 */
export function TopActions({
  actions,
  open,
  impactByCurrency,
}: {
  actions: TopAction[];
  open: number;
  impactByCurrency: Record<string, number>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const localize = useLocalizedPath();
  const impact = useImpact();
  const totals = Object.entries(impactByCurrency);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="top-actions">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {t("home.actions.title")}
        </Title>
        <Anchor component={Link} to={localize("/action-center")} size="sm">
          <Group gap={4}>
            {t("home.actions.all", { count: open })}
            <IconArrowRight size={14} />
          </Group>
        </Anchor>
      </Group>
      {actions.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="top-actions-empty">
          {t("home.actions.empty")}
        </Text>
      ) : (
        <Stack gap="xs">
          {totals.length ? (
            <Text size="sm" fw={600} data-testid="top-actions-total">
              {t("actionCenter.totalImpact", {
                amount: totals
                  .map(([currency, amount]) => format.money(amount, currency))
                  .join(" · "),
              })}
            </Text>
          ) : null}
          <Table verticalSpacing={4} fz="sm">
            <Table.Tbody>
              {actions.map((action) => (
                <Table.Tr key={action.id} data-testid="top-action">
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Text size="sm" fw={500}>
                      {impact(action) ?? "–"}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{action.entityLabel ?? "–"}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`actionCenter.kind.${action.what}`, { defaultValue: action.what })} ·{" "}
                      {action.marketplace}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" lineClamp={2}>
                      {action.reason}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Paper>
  );
}
