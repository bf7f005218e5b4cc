import { Alert, Anchor, Center, Group, Stack, Text, Title } from "@mantine/core";
import { DataTable, type DataTableSortStatus } from "mantine-datatable";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Link,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useNavigation,
  useSearchParams,
} from "react-router";
import { SellerCentralNotice } from "../../../components/amazon/SellerCentralNotice.tsx";
import { ExportMenu } from "../../../components/ExportMenu.tsx";
import { DateRangeControl } from "../../../components/hangar/DateRangeControl.tsx";
import { rangeParams } from "../../../components/hangar/date-range.ts";
import { ColumnChooser } from "../../../components/list/ColumnChooser.tsx";
import { useColumns } from "../../../components/list/use-columns.ts";
import { TableKeysHint } from "../../../components/TableKeysHint.tsx";
import { getI18n } from "../../../i18n/i18n.ts";
import { useLocalizedPath } from "../../../lib/use-locale.ts";
import {
  tableKeyDown,
  tableRowAttributes,
  useSearchShortcut,
} from "../../../lib/use-table-keys.ts";
import { useDataTableLabels } from "../../../lib/use-table-labels.ts";
import { splitLocale } from "../../../route-table.ts";
import type { Route } from "./+types/route";
import { BulkBar, BulkResult } from "./BulkActions.tsx";
import { productColumns } from "./columns.tsx";
import { formatters } from "./format.ts";
import { ProductDrawer } from "./ProductDrawer.tsx";
import { ProductFilters } from "./ProductFilters.tsx";
import { type listWrite, loadProductList, productListAction } from "./products.server.ts";
import { FILTERS, onlyColumnsChanged, PAGE_SIZES, PRODUCT_COLUMNS } from "./query.ts";
import type { ProductRow } from "./types.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(context, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return productListAction(context, request);
}

/** What the bulk bar's and the editor's fetchers get back (the goal editor has its own). */
export type ListWrite = typeof listWrite;

/** Showing or hiding a column reads no data again (every column's data is loaded). */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return onlyColumnsChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.product-list.title")} · Starport` }];
}

/** Product list (issue 11 §3): server-side filters, sort, paging, bulk actions and a drawer. */
export default function ProductListPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const tableLabels = useDataTableLabels();
  const f = formatters(i18n.language);
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const fetcher = useFetcher<ListWrite>();
  const localized = useLocalizedPath();
  const { state, today, members, total, facets, tags, collections, invalid, sellerCentral } =
    loaderData;
  const [selected, setSelected] = useState<ProductRow[]>([]);
  const keyScope = useRef<HTMLDivElement | null>(null);
  useSearchShortcut(keyScope);
  // Every product the filters match (across pages) instead of the rows ticked on this page.
  const [allMatching, setAllMatching] = useState(false);
  const filterKey = JSON.stringify(state.filters);

  // A finished bulk action: clear the selection (the loaders revalidate by themselves).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      setSelected([]);
      setAllMatching(false);
    }
  }, [fetcher.state, fetcher.data]);
  // Other filters, another set: "all matching" never carries over to a set it was not chosen for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filters
  useEffect(() => {
    setAllMatching(false);
    setSelected([]);
  }, [filterKey]);

  // Filters build on the address last asked for until it is shown: a navigation's loader and the
  // render after it take seconds on a busy server, and a filter picked meanwhile started from the
  // shown address and dropped the one before (a search lost when a marketplace followed).
  const requested = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (requested.current?.toString() === params.toString() || navigation.state === "idle")
      requested.current = null;
  }, [params, navigation.state]);

  function update(changes: Record<string, string | null>, resetPage = true) {
    const next = new URLSearchParams(requested.current ?? params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    if (resetPage) next.delete("page");
    requested.current = next;
    setParams(next, { preventScrollReset: true });
  }

  // The shown columns: the address's, else the user's remembered choice, else the defaults.
  const { visible, remember } = useColumns(
    "product-list",
    PRODUCT_COLUMNS,
    params.get("cols")?.split(",") ?? null,
  );

  const openId = params.get("product");
  const open = useMemo(() => members.find((m) => m.id === openId) ?? null, [members, openId]);
  const filtered = FILTERS.some((name) => state.filters[name]);
  const hasProducts = facets.marketplaces.length > 0;

  function bulk(kind: string, extra: Record<string, string>) {
    const form = new FormData();
    form.set("action", kind);
    if (allMatching) form.set("allMatching", "true");
    else form.set("products", JSON.stringify(selected.map((p) => p.id)));
    for (const [key, value] of Object.entries(extra)) form.set(key, value);
    // The action reads the filters from its URL: post to the list's own address.
    fetcher.submit(form, { method: "post", action: `${localized("/product/list")}?${params}` });
  }

  const sortStatus: DataTableSortStatus<ProductRow> = {
    columnAccessor: state.sort,
    direction: state.direction,
  };

  /** The file of what the table shows: the same URL state, every page (export.ts). */
  const exportHref = (format: "csv" | "xlsx") => {
    const query = new URLSearchParams(params);
    for (const key of ["page", "product"]) query.delete(key);
    for (const [key, value] of Object.entries(rangeParams(state.range))) query.set(key, value);
    query.set("cols", visible.join(","));
    query.set("format", format);
    query.set("locale", i18n.language === "en" ? "en" : "de");
    return `${localized("/product/list/export")}?${query}`;
  };

  return (
    <Stack
      gap="md"
      data-testid="page"
      data-page="product-list"
      ref={keyScope}
      onKeyDown={tableKeyDown}
    >
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={1}>{t("pages.product-list.title")}</Title>
          <Text c="dimmed">{t("pages.product-list.description")}</Text>
        </Stack>
        <Group gap="xs" align="center">
          <DateRangeControl range={state.range} today={today} />
          <TableKeysHint />
          <ColumnChooser
            columns={PRODUCT_COLUMNS}
            visible={visible}
            onChange={(keys) => {
              remember(keys);
              update({ cols: keys.join(",") }, false);
            }}
          />
          <ExportMenu hrefOf={exportHref} disabled={total === 0} />
        </Group>
      </Group>
      <SellerCentralNotice access={sellerCentral} />

      <ProductFilters
        state={state}
        facets={facets}
        tags={tags}
        collections={collections}
        update={update}
      />

      <BulkBar
        selected={selected}
        setSelected={setSelected}
        allMatching={allMatching}
        setAllMatching={setAllMatching}
        total={total}
        pageRows={members.length}
        tags={tags}
        collections={collections}
        busy={fetcher.state !== "idle"}
        outcome={fetcher.data}
        onBulk={bulk}
      />
      {fetcher.data && fetcher.state === "idle" && <BulkResult outcome={fetcher.data} />}

      {invalid && (
        <Alert color="orange" data-testid="invalid-filter">
          {t("catalogue.empty.invalid")}
        </Alert>
      )}

      <DataTable<ProductRow>
        withTableBorder
        striped
        fz="sm"
        verticalSpacing={6}
        horizontalSpacing="xs"
        scrollAreaProps={{ type: "auto" }}
        highlightOnHover
        minHeight={total === 0 ? 220 : undefined}
        fetching={navigation.state === "loading"}
        records={members}
        idAccessor="id"
        customRowAttributes={tableRowAttributes}
        // Before paginationText: the catalogue words its pages itself.
        {...tableLabels}
        totalRecords={total}
        recordsPerPage={state.itemsPerPage}
        page={state.page}
        onPageChange={(page) => update({ page: String(page) }, false)}
        recordsPerPageOptions={PAGE_SIZES.map(Number)}
        onRecordsPerPageChange={(n) => update({ perPage: String(n) })}
        recordsPerPageLabel={t("catalogue.perPage")}
        paginationText={({ from, to, totalRecords }) =>
          t("catalogue.pagination", {
            from: f.number(from),
            to: f.number(to),
            total: f.number(totalRecords),
          })
        }
        sortStatus={sortStatus}
        onSortStatusChange={(s) =>
          update({ sort: String(s.columnAccessor), direction: s.direction }, true)
        }
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        onRowClick={({ record }) => update({ product: record.id }, false)}
        noRecordsText={
          !hasProducts
            ? t("catalogue.empty.noProducts")
            : filtered
              ? t("catalogue.empty.noMatch")
              : t("catalogue.empty.noProducts")
        }
        data-testid="product-table"
        columns={productColumns(t, f, visible)}
      />
      {!hasProducts && (
        <Center>
          <Text size="sm" c="dimmed">
            {t("catalogue.empty.connectHint")}{" "}
            <Anchor component={Link} to={localized("/settings?tab=amazon")}>
              {t("catalogue.empty.connectLink")}
            </Anchor>
          </Text>
        </Center>
      )}

      <ProductDrawer
        product={open}
        range={{ from: state.from, to: state.to }}
        tags={tags}
        onClose={() => update({ product: null }, false)}
      />
    </Stack>
  );
}
