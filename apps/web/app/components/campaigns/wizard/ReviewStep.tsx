import { List, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../hangar/format.ts";
import {
  AUTO_GROUPS,
  suggestedAdGroupName,
  suggestedName,
  type WizardState,
} from "../wizard-state.ts";

/** Everything that will be created, in the order it is created. */
export function ReviewStep({
  state,
  marketplace,
  currency,
}: {
  state: WizardState;
  marketplace: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = state.nameTouched ? state.name : suggestedName(state, marketplace);
  const adGroup = state.adGroupNameTouched ? state.adGroupName : suggestedAdGroupName(state);
  const money = (v: number | "") => (v === "" ? "–" : format.money(v, currency));
  const manual = state.targetingType === "MANUAL";
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <Table.Tr>
      <Table.Th w={260}>{label}</Table.Th>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap="md" data-testid="review">
      <Text size="sm" c="dimmed">
        {t("campaignCreate.review.hint")}
      </Text>
      <Title order={3} size="h5">
        1. {t("campaignCreate.review.campaign")}
      </Title>
      <Table verticalSpacing={4}>
        <Table.Tbody>
          {row(t("campaignCreate.campaign.name"), name, "review-name")}
          {row(
            t("campaignCreate.targeting.label"),
            t(manual ? "campaignCreate.targeting.manual" : "campaignCreate.targeting.auto"),
          )}
          {row(t("campaignCreate.review.budget"), money(state.dailyBudget), "review-budget")}
          {row(
            t("campaignCreate.review.dates"),
            `${state.startDate ? format.day(state.startDate) : "–"} – ${state.endDate ? format.day(state.endDate) : t("campaignCreate.review.noEnd")}`,
          )}
          {row(
            t("campaignCreate.campaign.biddingStrategy"),
            t(`campaignCreate.strategy.${state.biddingStrategy}`),
          )}
          {row(
            t("campaignCreate.review.placements"),
            `${t("campaignCreate.review.topOfSearch")} ${state.placementTopOfSearch || 0} % · ${t("campaignCreate.review.restOfSearch")} ${state.placementRestOfSearch || 0} % · ${t("campaignCreate.review.productPages")} ${state.placementProductPage || 0} %`,
          )}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">
        2. {t("campaignCreate.review.adGroup")}
      </Title>
      <Text size="sm" data-testid="review-ad-group">
        {adGroup} · {t("campaignCreate.adGroup.defaultBidShort")} {money(state.defaultBid)}
      </Text>
      <Title order={3} size="h5">
        3. {t("campaignCreate.review.productAds", { count: state.products.length })}
      </Title>
      <List size="sm" data-testid="review-products">
        {state.products.map((p) => (
          <List.Item key={p.id}>
            {p.title}{" "}
            <Text span c="dimmed" ff="monospace">
              ({p.sku}, {p.asin})
            </Text>
          </List.Item>
        ))}
      </List>
      <Title order={3} size="h5">
        4.{" "}
        {manual
          ? state.manualKind === "keywords"
            ? t("campaignCreate.review.keywords", { count: state.keywords.length })
            : t("campaignCreate.review.targets", { count: state.targets.length })
          : t("campaignCreate.review.autoTargets")}
      </Title>
      {manual && state.manualKind === "keywords" && (
        <Table verticalSpacing={2} data-testid="review-keywords">
          <Table.Tbody>
            {state.keywords.map((k) => (
              <Table.Tr key={`${k.text}|${k.matchType}`}>
                <Table.Td>{k.text}</Table.Td>
                <Table.Td>{t(`hangar.enum.${k.matchType}`)}</Table.Td>
                <Table.Td ta="right">{format.money(k.bid, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {manual && state.manualKind === "targets" && (
        <List size="sm">
          {state.targets.map((x) => (
            <List.Item key={`${x.type}|${x.value}`}>
              {x.value} · {format.money(x.bid, currency)}
            </List.Item>
          ))}
        </List>
      )}
      {!manual && (
        <List size="sm">
          {AUTO_GROUPS.map((g) => (
            <List.Item key={g}>
              {t(`campaignCreate.auto.${g}`, { currency })}: {money(state.autoBids[g])}
            </List.Item>
          ))}
        </List>
      )}
      <Title order={3} size="h5">
        5. {t("campaignCreate.review.negatives", { count: state.negatives.length })}
      </Title>
      {state.negatives.length > 0 && (
        <Text size="sm">
          {state.negatives.map((n) => `${n.text} (${t(`hangar.enum.${n.matchType}`)})`).join(", ")}
        </Text>
      )}
    </Stack>
  );
}
