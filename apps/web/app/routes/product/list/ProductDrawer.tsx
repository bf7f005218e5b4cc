import {
  Anchor,
  Badge,
  Drawer,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconPhotoOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ProductCompetitors } from "../../../components/collections/ProductCompetitors.tsx";
import { ProductBreakEven } from "../../../components/economics/ProductBreakEven.tsx";
import { ProductGoalSettings } from "../../../components/settings/advertising/ProductGoalSettings.tsx";
import { formatters } from "./format.ts";
import { ProductEditor } from "./ProductEditor.tsx";
import type { Option, ProductRow } from "./types.ts";

function Fact({
  label,
  value,
  testId,
  empty = "catalogue.missing",
}: {
  label: string;
  value: string | null;
  testId?: string;
  empty?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} data-testid={testId} c={value === null ? "dimmed" : undefined}>
        {value ?? t(empty)}
      </Text>
    </Stack>
  );
}

/** One product: details, image, economics (a missing cost is missing, never 0) and ad performance. */
export function ProductDrawer({
  product,
  range,
  tags,
  onClose,
}: {
  product: ProductRow | null;
  tags: Option[];
  range: { from: string; to: string };
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const f = formatters(i18n.language);
  const [imageFailed, setImageFailed] = useState<string | null>(null);
  const p = product;
  return (
    <Drawer
      opened={p !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        p ? (
          <Title order={2} size="h4">
            {p.title}
          </Title>
        ) : null
      }
      data-testid="product-drawer"
    >
      {p && (
        <Stack gap="lg" data-testid="product-drawer-body">
          <Group align="flex-start" wrap="nowrap">
            {p.imageUrl && imageFailed !== p.imageUrl ? (
              <Image
                src={p.imageUrl}
                alt={p.title}
                w={120}
                h={120}
                fit="contain"
                radius="sm"
                onError={() => setImageFailed(p.imageUrl)}
              />
            ) : (
              <ThemeIcon
                size={120}
                variant="light"
                color="gray"
                aria-label={t("catalogue.noImage")}
              >
                <IconPhotoOff size={40} />
              </ThemeIcon>
            )}
            <Stack gap={4}>
              <Text size="sm">
                {t("catalogue.drawer.sku")}: <b>{p.sku}</b>
              </Text>
              <Text size="sm">
                ASIN:{" "}
                {p.asin ? (
                  <Anchor
                    href={`https://www.amazon.${p.marketplace === "UK" ? "co.uk" : p.marketplace.toLowerCase()}/dp/${p.asin}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {p.asin}
                  </Anchor>
                ) : (
                  t("catalogue.missing")
                )}
              </Text>
              <Text size="sm">
                {t("catalogue.columns.marketplace")}: {p.marketplace} · {p.status}
              </Text>
              <Text size="sm">
                {t("catalogue.columns.brand")}: {p.brand || t("catalogue.missing")} ·{" "}
                {t("catalogue.columns.category")}: {p.category || t("catalogue.missing")}
              </Text>
              <Group gap={4}>
                {p.lifecycle && (
                  <Badge variant="outline">{t(`catalogue.lifecycle.${p.lifecycle}`)}</Badge>
                )}
                {p.tags.map((tag) => (
                  <Badge key={tag.id} variant="light">
                    {tag.text}
                  </Badge>
                ))}
              </Group>
            </Stack>
          </Group>

          <Stack gap="xs">
            <Title order={3} size="h5">
              {t("catalogue.drawer.economics")}
            </Title>
            <SimpleGrid cols={4}>
              <Fact label={t("catalogue.columns.price")} value={f.money(p.price, p.currency)} />
              <Fact
                label={t("catalogue.columns.cost")}
                value={f.money(p.cost, p.costCurrency ?? p.currency)}
                testId="drawer-cost"
              />
              <Fact
                label={t("catalogue.drawer.shipping")}
                value={f.money(p.shippingCost, p.costCurrency ?? p.currency)}
              />
              <Fact
                label={t("catalogue.columns.margin")}
                value={
                  p.margin === null
                    ? null
                    : `${f.money(p.margin, p.currency)} (${f.percent(p.marginRate)})`
                }
                testId="drawer-margin"
              />
            </SimpleGrid>
            {p.cost === null && (
              <Text size="sm" c="dimmed">
                {t("catalogue.drawer.costMissing")}
              </Text>
            )}
          </Stack>

          <ProductBreakEven productId={p.id} revision={`${p.price}|${p.cost}|${p.shippingCost}`} />

          <Stack gap="xs">
            <Title order={3} size="h5">
              {t("catalogue.drawer.stock")}
            </Title>
            <SimpleGrid cols={4}>
              <Fact label={t("catalogue.drawer.fulfillable")} value={f.number(p.stock.quantity)} />
              <Fact label={t("catalogue.drawer.inbound")} value={f.number(p.stock.inbound)} />
              <Fact label={t("catalogue.drawer.reserved")} value={f.number(p.stock.reserved)} />
              <Fact
                label={t("catalogue.columns.daysOfCover")}
                value={f.number(p.stock.daysOfCover)}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t("catalogue.drawer.coverNote")}
            </Text>
          </Stack>

          <Stack gap="xs">
            <Title order={3} size="h5">
              {t("catalogue.drawer.ads", {
                from: f.date(range.from),
                to: f.date(range.to),
              })}
            </Title>
            <SimpleGrid cols={3}>
              <Fact
                label={t("catalogue.columns.spend")}
                value={f.money(p.metrics?.spend ?? 0, p.currency)}
                testId="drawer-spend"
              />
              <Fact
                label={t("catalogue.columns.sales")}
                value={f.money(p.metrics?.sales ?? 0, p.currency)}
              />
              <Fact
                label={t("catalogue.columns.acos")}
                value={f.percent(p.metrics?.acos)}
                empty="catalogue.notApplicable"
              />
            </SimpleGrid>
          </Stack>

          <Stack gap="xs" id="product-editor">
            <Title order={3} size="h5">
              {t("catalogue.edit.title")}
            </Title>
            <ProductEditor product={p} tags={tags} />
          </Stack>

          <ProductGoalSettings
            key={`goals-${p.id}`}
            productId={p.id}
            currency={p.currency}
            actualAcos={p.metrics?.acos ?? null}
          />

          <Stack gap="xs" data-testid="drawer-competitors">
            <Title order={3} size="h5">
              {t("cargoBay.competitors.open")}
            </Title>
            <ProductCompetitors key={p.id} productId={p.id} asin={p.asin} />
          </Stack>

          {p.notes && (
            <Stack gap={4}>
              <Title order={3} size="h5">
                {t("catalogue.drawer.notes")}
              </Title>
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {p.notes}
              </Text>
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
