import { Alert, Card, Group, Select, Stack, Table, Text, Title } from "@mantine/core";
import { resolveSettings } from "@starport/settings";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { contextFromChain, type EffectiveMember } from "../advertising/LevelSettings.tsx";
import {
  BIDDING_FIELDS,
  type EditableKey,
  formatSettingValue,
  GOAL_FIELDS,
  STORAGE_FIELDS,
} from "../advertising/settings-fields.ts";

const KEYS: EditableKey[] = [...GOAL_FIELDS, ...BIDDING_FIELDS, ...STORAGE_FIELDS];

/**
 * Settings → inheritance: for a chosen product the whole chain, level by level (default → global
 * → marketplace → collections by priority → product), what each level sets and which value wins.
 * The product lives in the URL (`?tab=inheritance&product=<id>`).
 */
export function InheritanceSettings({
  profile,
}: {
  profile: { id: string; settings: { defaultCurrency: string } };
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const productId = params.get("product");
  const [search, setSearch] = useState("");
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [member, setMember] = useState<EffectiveMember | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    browserHydra()
      .collection<{ id: string; sku: string; title: string; marketplace: string }>(
        "/api/products",
        {
          search: search || undefined,
          itemsPerPage: 20,
        },
      )
      .then(
        (result) =>
          current &&
          setOptions(
            result.members.map((p) => ({
              value: p.id,
              label: `${p.sku} · ${p.marketplace} · ${p.title}`,
            })),
          ),
      )
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [search]);

  useEffect(() => {
    if (!productId) return setMember(null);
    let current = true;
    setFailed(false);
    browserHydra()
      .collection<EffectiveMember>(
        "/api/effective_settings",
        { product: productId },
        { fresh: true },
      )
      .then((result) => current && setMember(result.members[0] ?? null))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [productId]);

  const currency = profile.settings.defaultCurrency;
  const effective = member ? resolveSettings(contextFromChain(member.chain)).values : null;
  const stepName = (step: EffectiveMember["chain"][number]) =>
    step.level === "default"
      ? t("settingsGoals.source.default")
      : t(`settingsGoals.levels.${step.level}`, { name: step.name });

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("inheritance.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("inheritance.description")}
          </Text>
          <Text size="sm" data-testid="inheritance-rule">
            {t("inheritance.collectionRule")}
          </Text>
          <Select
            label={t("inheritance.product")}
            placeholder={t("inheritance.productPlaceholder")}
            searchable
            clearable
            w={480}
            data={
              member && productId && !options.some((o) => o.value === productId)
                ? [...options, { value: productId, label: `${member.sku} · ${member.marketplace}` }]
                : options
            }
            value={productId}
            onSearchChange={setSearch}
            onChange={(value) => {
              const next = new URLSearchParams(params);
              if (value) next.set("product", value);
              else next.delete("product");
              setParams(next, { replace: true, preventScrollReset: true });
            }}
            filter={({ options: all }) => all}
            data-testid="inheritance-product"
          />
        </Stack>
      </Card>
      {failed && <Alert color="red">{t("settingsGoals.loadFailed")}</Alert>}
      {!productId && <Text c="dimmed">{t("inheritance.empty")}</Text>}
      {member && effective && (
        <Card withBorder padding="lg" data-testid="inheritance-chain">
          <Table.ScrollContainer minWidth={1600}>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("inheritance.level")}</Table.Th>
                  {KEYS.map((key) => (
                    <Table.Th key={key}>{t(`settingsGoals.fields.${key}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {member.chain.map((step, index) => (
                  <Table.Tr
                    key={`${step.level}-${step.id ?? index}`}
                    data-testid="inheritance-step"
                    data-level={step.level}
                  >
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={500}>
                          {stepName(step)}
                        </Text>
                        {step.priority !== undefined && (
                          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                            {t("inheritance.priority", { priority: step.priority })}
                          </Text>
                        )}
                      </Group>
                    </Table.Td>
                    {KEYS.map((key) => {
                      const value =
                        step.level === "default"
                          ? resolveSettings({
                              global: null,
                              marketplace: null,
                              collections: [],
                              product: null,
                            }).values[key].value
                          : step.set[key];
                      const wins = step.effectiveKeys.includes(key);
                      return (
                        <Table.Td key={key} data-testid={`step-${key}`} data-effective={wins}>
                          {value === undefined ? (
                            <Text size="xs" c="dimmed">
                              —
                            </Text>
                          ) : (
                            <Text
                              size="sm"
                              fw={wins ? 700 : 400}
                              c={wins ? "indigo" : "dimmed"}
                              td={wins ? undefined : "line-through"}
                            >
                              {formatSettingValue(key, value, t, locale, currency)}
                            </Text>
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed" mt="xs">
            {t("inheritance.legend")}
          </Text>
        </Card>
      )}
    </Stack>
  );
}
