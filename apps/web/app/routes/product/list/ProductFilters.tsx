import { Button, Card, Group, NumberInput, Select, TextInput } from "@mantine/core";
import { IconFilterOff, IconSearch } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FILTERS, type ListState, STOCK_STATUSES } from "./query.ts";
import type { Facets, Option } from "./types.ts";

/**
 * The product list's filter bar: search, facets, tag, collection, stock, price and cost. Each
 * change goes to the URL through `update` (the list's page starts again at 1).
 */
export function ProductFilters({
  state,
  facets,
  tags,
  collections,
  update,
}: {
  state: ListState;
  facets: Facets;
  tags: Option[];
  collections: Option[];
  update: (changes: Record<string, string | null>) => void;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState(state.filters.search ?? "");
  useEffect(() => setSearch(state.filters.search ?? ""), [state.filters.search]);
  const filtered = FILTERS.some((name) => state.filters[name]);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: search.trim() || null });
  };

  return (
    <Card withBorder padding="sm">
      <Group gap="xs" align="flex-end" data-testid="product-filters">
        <form onSubmit={onSearch}>
          <TextInput
            label={t("catalogue.filters.search")}
            placeholder={t("catalogue.filters.searchPlaceholder")}
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={240}
            aria-keyshortcuts="/"
            data-table-search
            data-testid="filter-search"
          />
        </form>
        <Select
          label={t("catalogue.columns.marketplace")}
          data={facets.marketplaces}
          value={state.filters.marketplace ?? null}
          onChange={(v) => update({ marketplace: v })}
          clearable
          w={110}
          data-testid="filter-marketplace"
        />
        <Select
          label={t("catalogue.columns.brand")}
          data={facets.brands}
          value={state.filters.brand ?? null}
          onChange={(v) => update({ brand: v })}
          clearable
          searchable
          w={160}
        />
        <Select
          label={t("catalogue.columns.category")}
          data={facets.categories}
          value={state.filters.category ?? null}
          onChange={(v) => update({ category: v })}
          clearable
          searchable
          w={160}
        />
        <Select
          label={t("catalogue.filters.tag")}
          data={tags.map((tag) => ({ value: tag.id, label: tag.text ?? "" }))}
          value={state.filters.tag ?? null}
          onChange={(v) => update({ tag: v })}
          clearable
          searchable
          w={150}
          data-testid="filter-tag"
        />
        <Select
          label={t("catalogue.filters.collection")}
          data={collections.map((c) => ({ value: c.id, label: c.name ?? "" }))}
          value={state.filters.collection ?? null}
          onChange={(v) => update({ collection: v })}
          clearable
          w={150}
        />
        <Select
          label={t("catalogue.filters.stock")}
          data={STOCK_STATUSES.map((s) => ({ value: s, label: t(`catalogue.stock.${s}`) }))}
          value={state.filters.stock ?? null}
          onChange={(v) => update({ stock: v })}
          clearable
          w={160}
          data-testid="filter-stock"
        />
        <NumberInput
          label={t("catalogue.filters.priceMin")}
          value={state.filters.priceMin ?? ""}
          onBlur={(e) => update({ priceMin: e.currentTarget.value.replace(",", ".") || null })}
          decimalSeparator={i18n.language === "en" ? "." : ","}
          min={0}
          hideControls
          w={90}
        />
        <NumberInput
          label={t("catalogue.filters.priceMax")}
          value={state.filters.priceMax ?? ""}
          onBlur={(e) => update({ priceMax: e.currentTarget.value.replace(",", ".") || null })}
          decimalSeparator={i18n.language === "en" ? "." : ","}
          min={0}
          hideControls
          w={90}
        />
        <Select
          label={t("catalogue.filters.cost")}
          data={[
            { value: "true", label: t("catalogue.filters.hasCost") },
            { value: "false", label: t("catalogue.filters.noCost") },
          ]}
          value={state.filters.hasCost ?? null}
          onChange={(v) => update({ hasCost: v })}
          clearable
          w={150}
          data-testid="filter-cost"
        />
        {filtered && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={14} />}
            onClick={() => update(Object.fromEntries(FILTERS.map((name) => [name, null] as const)))}
          >
            {t("catalogue.filters.reset")}
          </Button>
        )}
      </Group>
    </Card>
  );
}
