import { Alert, Anchor, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { browserHydra } from "../../lib/api/session-hydra.ts";
import { numberFormat, percentFormat, ratePercentFormat } from "../../lib/intl-format.ts";
import { intlLocale } from "../../lib/intl-locale.ts";
import { useLocale, useLocalizedPath } from "../../lib/use-locale.ts";

type Missing = "price" | "vat" | "fees" | "cost";

interface ProductEconomics {
  currency: string;
  vatRate: number | null;
  vatSource: "customer" | "default" | null;
  shippingSource: "product" | "marketplace" | null;
  breakEvenAcos: number | null;
  contributionMargin: number | null;
  missing: Missing[];
  steps: { key: string; amount: number | null }[];
}

/** Where each missing input is set (shipping and taxes in the settings, cost in this drawer). */
const FIX: Record<Missing, string | null> = {
  price: null,
  vat: "/settings?tab=taxes",
  fees: "/settings?tab=shipping",
  cost: "#product-editor",
};

/**
 * A product's break-even ACoS with its breakdown, as Adference's calculator shows it: gross price,
 * VAT, net price, Amazon's fees, shipping or FBA, cost of goods → contribution margin before ads.
 * A missing input is shown as missing with a link to where it is set, never as 0.
 * `revision` changes when the product's own cost or shipping changed (reloads).
 */
export function ProductBreakEven({ productId, revision }: { productId: string; revision: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localized = useLocalizedPath();
  const tag = intlLocale(locale);
  const [data, setData] = useState<ProductEconomics | null>(null);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision reloads after the product's cost or shipping was saved.
  useEffect(() => {
    let current = true;
    setFailed(false);
    browserHydra()
      .json<ProductEconomics>(`/api/product_economics/${productId}`)
      .then((body) => current && setData(body))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [productId, revision]);

  const money = (value: number | null, currency: string) =>
    value === null ? null : numberFormat(tag, { style: "currency", currency }).format(value);
  const percent = (value: number | null) =>
    value === null ? null : percentFormat(tag).format(value);

  return (
    <Stack gap="xs" data-testid="product-break-even">
      <Title order={3} size="h5">
        {t("economics.title")}
      </Title>
      {failed && <Alert color="red">{t("economics.failed")}</Alert>}
      {!data && !failed && (
        <Text size="sm" c="dimmed">
          {t("economics.loading")}
        </Text>
      )}
      {data && (
        <>
          <Group gap="xs" align="baseline">
            <Text size="sm">{t("economics.breakEvenAcos")}:</Text>
            <Text
              fw={700}
              size="lg"
              data-testid="break-even-acos"
              c={
                data.breakEvenAcos === null ? "dimmed" : data.breakEvenAcos < 0 ? "red" : undefined
              }
            >
              {percent(data.breakEvenAcos) ?? t("economics.unknown")}
            </Text>
          </Group>
          <Table withRowBorders={false} verticalSpacing={2} data-testid="break-even-steps">
            <Table.Tbody>
              {data.steps.map((step) => {
                const total = ["grossPrice", "netPrice", "contributionMargin"].includes(step.key);
                const label =
                  step.key === "vat" && data.vatRate !== null
                    ? t("economics.steps.vatRate", {
                        rate: ratePercentFormat(tag).format(data.vatRate / 100),
                      })
                    : t(`economics.steps.${step.key}`);
                return (
                  <Table.Tr key={step.key} data-step={step.key}>
                    <Table.Td>
                      <Text size="sm" fw={total ? 600 : undefined}>
                        {label}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text
                        size="sm"
                        fw={total ? 600 : undefined}
                        c={step.amount === null ? "dimmed" : undefined}
                      >
                        {money(step.amount, data.currency) ?? t("economics.notKnown")}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {data.vatSource === "default" && (
            <Text size="xs" c="dimmed">
              {t("economics.vatDefault")}
            </Text>
          )}
          {data.breakEvenAcos !== null && (
            <Text size="xs" c="dimmed">
              {t("economics.explain", {
                margin: money(data.contributionMargin, data.currency),
                acos: percent(data.breakEvenAcos),
              })}
            </Text>
          )}
          {data.missing.map((m) => {
            const fix = FIX[m];
            return (
              <Alert key={m} color="yellow" p="xs" data-testid={`economics-missing-${m}`}>
                <Text size="sm">
                  {t(`economics.missing.${m}`)}{" "}
                  {fix?.startsWith("#") && (
                    <Anchor href={fix} size="sm">
                      {t(`economics.fix.${m}`)}
                    </Anchor>
                  )}
                  {fix && !fix.startsWith("#") && (
                    <Anchor component={Link} to={localized(fix)} size="sm">
                      {t(`economics.fix.${m}`)}
                    </Anchor>
                  )}
                </Text>
              </Alert>
            );
          })}
        </>
      )}
    </Stack>
  );
}
