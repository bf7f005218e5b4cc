import {
  Alert,
  Badge,
  Checkbox,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import type { WizardProduct } from "../wizard-state.ts";
import type { StepProps } from "./step-props.ts";

export function ProductsStep({
  state,
  setState,
  products,
  search: remote,
}: StepProps & {
  products: readonly WizardProduct[];
  search: { sellerProfile: string; marketplace: string } | null;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<readonly WizardProduct[] | null>(null);
  const selected = new Set(state.products.map((p) => p.id));
  // A large catalogue: the listings matching the search come from the API (debounced).
  const sellerProfile = remote?.sellerProfile;
  const marketplace = remote?.marketplace;
  useEffect(() => {
    const q = search.trim();
    if (!sellerProfile || !marketplace || q === "") {
      setFound(null);
      return;
    }
    let stale = false;
    const timer = setTimeout(() => {
      browserHydra()
        .collection<WizardProduct>("/api/catalogue/products", {
          sellerProfile,
          marketplace,
          search: q,
          itemsPerPage: 100,
        })
        .then((list) => {
          if (!stale) setFound(list.members);
        })
        .catch(() => {
          if (!stale) setFound(null);
        });
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [sellerProfile, marketplace, search]);
  const shown = useMemo(() => {
    if (found) return found;
    const q = search.trim().toLowerCase();
    return q
      ? products.filter((p) =>
          [p.title, p.sku, p.asin ?? ""].some((v) => v.toLowerCase().includes(q)),
        )
      : products;
  }, [products, search, found]);
  const toggle = (p: WizardProduct) =>
    setState((s) => ({
      ...s,
      products: s.products.some((x) => x.id === p.id)
        ? s.products.filter((x) => x.id !== p.id)
        : [...s.products, p],
    }));
  if (products.length === 0)
    return (
      <Alert color="gray" data-testid="products-empty">
        {t("campaignCreate.products.empty")}
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <TextInput
          placeholder={t("campaignCreate.products.search")}
          aria-label={t("campaignCreate.products.search")}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="product-search"
          w={320}
        />
        <Badge variant="light" data-testid="products-selected">
          {t("campaignCreate.products.selected", { count: state.products.length })}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah={420}>
        <Table striped highlightOnHover verticalSpacing={4} data-testid="product-picker">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>{t("campaignCreate.products.title")}</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th>ASIN</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((p) => (
              <Table.Tr key={p.id} data-testid="product-row" data-asin={p.asin ?? ""}>
                <Table.Td>
                  <Checkbox
                    checked={selected.has(p.id)}
                    onChange={() => toggle(p)}
                    aria-label={p.title}
                    disabled={!p.asin}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {p.title}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {p.sku}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {p.asin ?? "–"}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("campaignCreate.products.noMatch")}
        </Text>
      )}
    </Stack>
  );
}
