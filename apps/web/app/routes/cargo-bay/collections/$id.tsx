import {
  Badge,
  Button,
  Drawer,
  Group,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  redirect,
  type ShouldRevalidateFunctionArgs,
  useNavigate,
  useSearchParams,
} from "react-router";
import { CollectionForm } from "../../../components/collections/CollectionForm.tsx";
import { ProductCompetitors } from "../../../components/collections/ProductCompetitors.tsx";
import { blankCondition, type RuleSet } from "../../../components/collections/types.ts";
import {
  CollectionGoalSettings,
  collectionDeletionWarning,
} from "../../../components/settings/advertising/CollectionGoalSettings.tsx";
import { getI18n } from "../../../i18n/i18n.ts";
import { ApiError } from "../../../lib/api/client.ts";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import { numberFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { notFound } from "../../../lib/not-found.ts";
import { useRouteWrite } from "../../../lib/route-write.ts";
import { useLocale, useLocalizedPath } from "../../../lib/use-locale.ts";
import { localizePath, splitLocale } from "../../../route-table.ts";
import { serverApi, sessionContext } from "../../../session/server-session.ts";
import type { Route } from "./+types/$id";
import { collectionAction } from "./collection.server.ts";

interface Collection {
  "@id": string;
  id: string;
  name: string;
  description: string;
  colour: string;
  membership: "manual" | "rules";
  priority: number;
  createdAt: string;
  rules: RuleSet | unknown[];
}
interface ProductRow {
  id: string;
  sku: string;
  asin: string | null;
  title: string;
  marketplace: string;
  price: number | null;
  currency: string;
  stock: { quantity: number | null };
}
interface ProductPage {
  "hydra:member": ProductRow[];
  "hydra:totalItems": number;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const profile = context.get(sessionContext).profile;
  if (!profile)
    throw redirect(localizePath("/profile-selection", splitLocale(url.pathname).locale));
  const api = serverApi(context, request);
  try {
    const [collection, products] = await Promise.all([
      api.json<Collection>(`/api/product_collections/${params.id}`),
      api.json<ProductPage>(
        `/api/catalogue/products?${new URLSearchParams({
          sellerProfile: profile.id,
          collection: params.id,
          itemsPerPage: "100",
        })}`,
      ),
    ]);
    return {
      profile: {
        id: profile.id,
        name: profile.name,
        currency: profile.settings.defaultCurrency,
      },
      collection,
      products: products["hydra:member"],
      total: products["hydra:totalItems"],
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound("invalid-params", url);
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return collectionAction(context, request, params.id);
}

/** A deleted collection is not read again: the page leaves for the list. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "collection.remove" ? false : defaultShouldRevalidate;
}

export function meta({ location, loaderData }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [
    { title: `${loaderData?.collection.name ?? t("pages.collection-detail.title")} · Starport` },
  ];
}

/** One collection: its products (competitors per product) and its settings. */
export default function CollectionDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const write = useRouteWrite();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "settings" ? "settings" : "products";
  const { collection, products, total, profile } = loaderData;
  const [competitorsOf, setCompetitorsOf] = useState<ProductRow | null>(null);
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<ProductRow[]>([]);
  const money = (v: number | null, currency: string) =>
    v === null
      ? "–"
      : numberFormat(intlLocale(locale), {
          style: "currency",
          currency,
        }).format(v);
  const manual = collection.membership === "manual";

  async function bulk(action: "addToCollection" | "removeFromCollection", ids: string[]) {
    // The action's answer revalidates the page.
    await write(action, {}, { products: ids });
  }
  async function find() {
    const page = await browserHydra().json<ProductPage>(
      `/api/catalogue/products?${new URLSearchParams({ sellerProfile: profile.id, search, itemsPerPage: "20" })}`,
    );
    setFound(page["hydra:member"]);
  }
  const rules: RuleSet =
    !Array.isArray(collection.rules) && collection.rules
      ? (collection.rules as RuleSet)
      : { match: "all", conditions: [blankCondition("tag")] };

  return (
    <Stack gap="md" data-testid="page" data-page="collection-detail">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1}>{collection.name}</Title>
          <Badge variant="light">{t(`cargoBay.membership.${collection.membership}`)}</Badge>
        </Group>
        <Text data-testid="collection-total">
          {t(total === 1 ? "cargoBay.rules.matchesOne" : "cargoBay.rules.matchesMany", {
            count: total,
          })}
        </Text>
      </Group>
      {collection.description && <Text c="dimmed">{collection.description}</Text>}
      <Tabs
        value={tab}
        onChange={(v) => v && setParams({ tab: v }, { replace: true, preventScrollReset: true })}
      >
        <Tabs.List>
          <Tabs.Tab value="products">{t("cargoBay.tabs.products")}</Tabs.Tab>
          <Tabs.Tab value="settings">{t("cargoBay.tabs.settings")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products" pt="md">
          <Stack gap="sm">
            {manual && (
              <Group align="flex-end">
                <TextInput
                  label={t("cargoBay.addProducts")}
                  placeholder={t("cargoBay.searchPlaceholder")}
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                  onKeyDown={(e) => e.key === "Enter" && void find()}
                />
                <Button variant="light" onClick={() => void find()}>
                  {t("cargoBay.search")}
                </Button>
              </Group>
            )}
            {found.length > 0 && (
              <Stack gap={4} data-testid="product-search-results">
                {found.map((p) => (
                  <Group key={p.id} gap="xs">
                    <Text size="sm">
                      {p.sku} · {p.title}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => void bulk("addToCollection", [p.id])}
                    >
                      {t("cargoBay.add")}
                    </Button>
                  </Group>
                ))}
              </Stack>
            )}
            {products.length === 0 ? (
              <Text c="dimmed" data-testid="collection-products-empty">
                {manual ? t("cargoBay.emptyManual") : t("cargoBay.emptyRules")}
              </Text>
            ) : (
              <Table striped withTableBorder data-testid="collection-products">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("cargoBay.columns.sku")}</Table.Th>
                    <Table.Th>{t("cargoBay.columns.asin")}</Table.Th>
                    <Table.Th>{t("cargoBay.columns.title")}</Table.Th>
                    <Table.Th>{t("cargoBay.columns.marketplace")}</Table.Th>
                    <Table.Th ta="right">{t("cargoBay.columns.price")}</Table.Th>
                    <Table.Th ta="right">{t("cargoBay.columns.stock")}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {products.map((p) => (
                    <Table.Tr key={p.id} data-testid="collection-product">
                      <Table.Td>{p.sku}</Table.Td>
                      <Table.Td>{p.asin ?? "–"}</Table.Td>
                      <Table.Td>{p.title}</Table.Td>
                      <Table.Td>{p.marketplace}</Table.Td>
                      <Table.Td ta="right">{money(p.price, p.currency)}</Table.Td>
                      <Table.Td ta="right">{p.stock.quantity ?? "–"}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            variant="light"
                            onClick={() => setCompetitorsOf(p)}
                          >
                            {t("cargoBay.competitors.open")}
                          </Button>
                          {manual && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              onClick={() => void bulk("removeFromCollection", [p.id])}
                            >
                              {t("cargoBay.remove")}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <Stack gap="md">
            <CollectionForm
              key={`${collection.id}-${collection.priority}`}
              sellerProfile={profile.id}
              lockMembership
              initial={{
                name: collection.name,
                description: collection.description,
                membership: collection.membership,
                priority: collection.priority,
                rules,
              }}
              submitLabel={t("cargoBay.save")}
              onSubmit={async (values) => {
                await write(
                  "collection.save",
                  {},
                  {
                    name: values.name,
                    description: values.description,
                    priority: values.priority,
                    ...(manual ? {} : { rules: values.rules }),
                  },
                );
              }}
            />
            <CollectionGoalSettings profile={profile} collection={collection} />
            <Button
              color="red"
              variant="light"
              w="fit-content"
              onClick={async () => {
                const changes = await collectionDeletionWarning(
                  collection.id,
                  t,
                  locale,
                  profile.currency,
                ).catch(() => "");
                const question = t("cargoBay.confirmDelete", { name: collection.name });
                if (!window.confirm(changes ? `${question}\n\n${changes}` : question)) return;
                await write("collection.remove");
                navigate(to("/cargo-bay/collections"));
              }}
            >
              {t("cargoBay.delete")}
            </Button>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <Drawer
        opened={competitorsOf !== null}
        onClose={() => setCompetitorsOf(null)}
        position="right"
        size="xl"
        title={competitorsOf ? t("cargoBay.competitors.title", { title: competitorsOf.title }) : ""}
      >
        {competitorsOf && (
          <ProductCompetitors productId={competitorsOf.id} asin={competitorsOf.asin} />
        )}
      </Drawer>
    </Stack>
  );
}
