import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  NumberInput,
  Popover,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconFilterOff, IconFolderPlus, IconSearch } from "@tabler/icons-react";
import { DataTable, type DataTableSortStatus } from "mantine-datatable";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useFetcher, useNavigation, useSearchParams } from "react-router";
import { SellerCentralNotice } from "../../../components/amazon/SellerCentralNotice.tsx";
import { loadSellerCentralAccess } from "../../../components/amazon/seller-central.server.ts";
import { ExportMenu } from "../../../components/ExportMenu.tsx";
import { goalColumn, tacosColumns } from "../../../components/economics/tacos-columns.tsx";
import { DateRangeControl } from "../../../components/hangar/DateRangeControl.tsx";
import { rangeParams, todayIn } from "../../../components/hangar/date-range.ts";
import { TableKeysHint } from "../../../components/TableKeysHint.tsx";
import { getI18n } from "../../../i18n/i18n.ts";
import { amazonToday } from "../../../lib/amazon-today.server.ts";
import { ApiError } from "../../../lib/api/client.ts";
import { buildUrl } from "../../../lib/api/hydra.ts";
import { serverHydra } from "../../../lib/api/session-hydra.ts";
import { useLocalizedPath } from "../../../lib/use-locale.ts";
import {
  tableKeyDown,
  tableRowAttributes,
  useSearchShortcut,
} from "../../../lib/use-table-keys.ts";
import { useDataTableLabels } from "../../../lib/use-table-labels.ts";
import { localizePath, splitLocale } from "../../../route-table.ts";
import { serverApi, sessionContext } from "../../../session/server-session.ts";
import type { Route } from "./+types/route";
import { formatters } from "./format.ts";
import { ProductDrawer } from "./ProductDrawer.tsx";
import { apiQuery, FILTERS, filterQuery, PAGE_SIZES, readState, STOCK_STATUSES } from "./query.ts";
import type { Facets, Option, ProductRow } from "./types.ts";

function profileOf(context: Route.LoaderArgs["context"], request: Request) {
  const profile = context.get(sessionContext).profile;
  if (!profile) {
    throw redirect(
      localizePath("/profile-selection", splitLocale(new URL(request.url).pathname).locale),
    );
  }
  return profile;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = profileOf(context, request);
  const api = serverApi(context, request);
  const hydra = serverHydra(context, request);
  const today = (await amazonToday(context)) ?? todayIn("UTC");
  const state = readState(new URL(request.url).searchParams, today);
  const [list, facets, tags, collections, sellerCentral] = await Promise.all([
    api
      .json<Record<string, unknown>>(
        buildUrl("/api/catalogue/products", apiQuery(state, profile.id)),
      )
      .then(
        (body) => ({
          members: (body["hydra:member"] ?? body.member ?? []) as ProductRow[],
          total: Number(body["hydra:totalItems"] ?? body.totalItems ?? 0),
          invalid: false,
        }),
        (error: unknown) => {
          // A hand-edited URL with an impossible filter: say so rather than fail the page.
          if (error instanceof ApiError && error.status === 400)
            return { members: [] as ProductRow[], total: 0, invalid: true };
          throw error;
        },
      ),
    api.json<Facets>(buildUrl("/api/catalogue/facets", { sellerProfile: profile.id })),
    hydra.collection<Option>("/api/tags", {
      profile: profile.id,
      "order[text]": "ASC",
      pagination: false,
    }),
    hydra.collection<Option>("/api/product_collections", {
      profile: profile.id,
      membership: "manual",
    }),
    loadSellerCentralAccess(api, profile.id),
  ]);
  return {
    profileId: profile.id,
    sellerCentral,
    state,
    today,
    ...list,
    facets,
    tags: tags.members,
    collections: collections.members,
  };
}

/**
 * The bulk bar's tags by name: the ids of the seller's tags (any case), and for adding the names
 * that are no tag yet (the action creates them first).
 */
function bulkTagFields(names: string[], tags: Option[], create: boolean): Record<string, string> {
  const byText = new Map(tags.map((tag) => [(tag.text ?? "").trim().toLowerCase(), tag.id]));
  const ids: string[] = [];
  const fresh: string[] = [];
  for (const name of names) {
    const text = name.trim();
    if (!text) continue;
    const id = byText.get(text.toLowerCase());
    if (id) ids.push(id);
    else if (create && !fresh.some((f) => f.toLowerCase() === text.toLowerCase())) fresh.push(text);
  }
  return { tags: JSON.stringify(ids), newTags: JSON.stringify(fresh) };
}

/** Bulk actions on the selected products (POST /api/catalogue/products/bulk). */
export async function action({ request, context }: Route.ActionArgs) {
  const profile = profileOf(context, request);
  const form = await request.formData();
  const kind = String(form.get("action") ?? "");
  if (kind === "editProduct") return editProduct(context, request, form);
  // The selected rows, or every product the list's filters match (all pages).
  const body: Record<string, unknown> = { action: kind, sellerProfile: profile.id };
  if (form.get("allMatching") === "true")
    body.filter = filterQuery(readState(new URL(request.url).searchParams));
  else body.products = JSON.parse(String(form.get("products") ?? "[]")) as string[];
  if (kind === "createCollection") body.name = String(form.get("name") ?? "");
  if (kind === "addTags" || kind === "removeTags")
    body.tags = JSON.parse(String(form.get("tags") ?? "[]"));
  if (kind === "setCost") {
    const raw = String(form.get("cost") ?? "");
    body.cost = { amount: raw === "" ? null : Number(raw) };
  }
  if (kind === "addToCollection" || kind === "removeFromCollection")
    body.collection = String(form.get("collection") ?? "");
  try {
    // Tags named in the bulk bar that do not exist yet are created first (POST /api/tags).
    if (kind === "addTags") {
      const fresh = JSON.parse(String(form.get("newTags") ?? "[]")) as unknown;
      for (const text of Array.isArray(fresh) ? fresh.map(String) : []) {
        const created = await serverApi(context, request).json<{ id: string }>("/api/tags", {
          method: "POST",
          headers: { "content-type": "application/ld+json" },
          body: JSON.stringify({ text, sellerProfile: `/api/seller_profiles/${profile.id}` }),
        });
        (body.tags as string[]).push(created.id);
      }
    }
    const result = await serverApi(context, request).json<{
      changed: number;
      products: number;
      collection?: string;
    }>("/api/catalogue/products/bulk", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return {
      ok: true as const,
      action: kind,
      changed: result.changed,
      products: result.products,
      collection: result.collection ?? null,
      name: String(form.get("name") ?? ""),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      return data({ ok: false as const, action: kind, status: error.status }, 200);
    throw error;
  }
}

/** The drawer's editor: own fields by merge patch, then the tags that changed (bulk actions). */
async function editProduct(context: Route.ActionArgs["context"], request: Request, form: FormData) {
  const profile = profileOf(context, request);
  const api = serverApi(context, request);
  const product = String(form.get("product") ?? "");
  const details = String(form.get("details") ?? "");
  const money = (name: string) => {
    const raw = String(form.get(name) ?? "").trim();
    return raw === "" ? null : Number(raw);
  };
  const list = (name: string) => {
    try {
      const parsed = JSON.parse(String(form.get(name) ?? "[]")) as unknown;
      return Array.isArray(parsed) ? parsed.map(String) : [];
    } catch {
      return [];
    }
  };
  const cost = money("cost");
  try {
    if (!details.startsWith("/api/product_details/")) throw new ApiError(404, null);
    await api.json(details, {
      method: "PATCH",
      headers: { "content-type": "application/merge-patch+json" },
      body: JSON.stringify({
        cost,
        // A cost is in the listing's currency unless it already had its own.
        ...(cost === null ? { costCurrency: null, costValidFrom: null } : {}),
        shippingCost: money("shippingCost"),
        lifecycle: String(form.get("lifecycle") ?? "") || null,
        notes: String(form.get("notes") ?? ""),
      }),
    });
    const next = list("tags");
    const previous = list("previousTags");
    const added = next.filter((id) => !previous.includes(id));
    const removed = previous.filter((id) => !next.includes(id));
    for (const [action, tags] of [
      ["addTags", added],
      ["removeTags", removed],
    ] as const) {
      if (tags.length === 0) continue;
      await api.json("/api/catalogue/products/bulk", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action, sellerProfile: profile.id, products: [product], tags }),
      });
    }
    return {
      ok: true as const,
      action: "editProduct",
      changed: 1,
      products: 1,
      collection: null,
      name: "",
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      return data({ ok: false as const, action: "editProduct", status: error.status }, 200);
    throw error;
  }
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
  const fetcher = useFetcher<typeof action>();
  const localized = useLocalizedPath();
  const { state, today, members, total, facets, tags, collections, invalid, sellerCentral } =
    loaderData;
  const [selected, setSelected] = useState<ProductRow[]>([]);
  const [search, setSearch] = useState(state.filters.search ?? "");
  const keyScope = useRef<HTMLDivElement | null>(null);
  useSearchShortcut(keyScope);
  const [bulkTags, setBulkTags] = useState<string[]>([]);
  const [bulkCost, setBulkCost] = useState<string | number>("");
  const [bulkCollection, setBulkCollection] = useState<string | null>(null);
  // Every product the filters match (across pages) instead of the rows ticked on this page.
  const [allMatching, setAllMatching] = useState(false);
  const [collectionName, setCollectionName] = useState("");
  const filterKey = JSON.stringify(state.filters);

  useEffect(() => setSearch(state.filters.search ?? ""), [state.filters.search]);
  // A finished bulk action: clear the selection (the loaders revalidate by themselves).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      setSelected([]);
      setAllMatching(false);
      setCollectionName("");
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
  const selectedCount = allMatching ? total : selected.length;
  const wholePageSelected =
    selected.length > 0 && selected.length === members.length && total > members.length;

  const missing = (
    <Text span c="dimmed" size="sm">
      {t("catalogue.missing")}
    </Text>
  );
  const sortStatus: DataTableSortStatus<ProductRow> = {
    columnAccessor: state.sort,
    direction: state.direction,
  };

  /** The file of what the table shows: the same URL state, every page (export.ts). */
  const exportHref = (format: "csv" | "xlsx") => {
    const query = new URLSearchParams(params);
    for (const key of ["page", "product"]) query.delete(key);
    for (const [key, value] of Object.entries(rangeParams(state.range))) query.set(key, value);
    query.set("format", format);
    query.set("locale", i18n.language === "en" ? "en" : "de");
    return `${localized("/product/list/export")}?${query}`;
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: search.trim() || null });
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
          <ExportMenu hrefOf={exportHref} disabled={total === 0} />
        </Group>
      </Group>
      <SellerCentralNotice access={sellerCentral} />

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
              onClick={() =>
                update(Object.fromEntries(FILTERS.map((name) => [name, null] as const)))
              }
            >
              {t("catalogue.filters.reset")}
            </Button>
          )}
        </Group>
      </Card>

      {selectedCount > 0 && (
        <Card withBorder padding="sm" data-testid="bulk-bar">
          <Group gap="xs" mb="xs">
            <Text fw={600} data-testid="bulk-count">
              {allMatching
                ? t("catalogue.bulk.allSelected", { total: f.number(total) })
                : t("catalogue.bulk.selected", { count: selected.length })}
            </Text>
            {wholePageSelected && !allMatching && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setAllMatching(true)}
                data-testid="select-all-matching"
              >
                {t("catalogue.bulk.selectAllMatching", { total: f.number(total) })}
              </Button>
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              color="gray"
              onClick={() => {
                setAllMatching(false);
                setSelected([]);
              }}
            >
              {t("catalogue.bulk.clear")}
            </Button>
          </Group>
          <Group gap="sm" align="flex-end">
            <TagsInput
              label={t("catalogue.bulk.tags")}
              description={t("catalogue.bulk.tagsHint")}
              data={tags.map((tag) => tag.text ?? "")}
              value={bulkTags}
              onChange={setBulkTags}
              w={260}
              data-testid="bulk-tags"
            />
            <Button
              disabled={bulkTags.length === 0}
              onClick={() => bulk("addTags", bulkTagFields(bulkTags, tags, true))}
              data-testid="bulk-add-tags"
            >
              {t("catalogue.bulk.addTags")}
            </Button>
            <Button
              variant="default"
              disabled={bulkTags.length === 0}
              onClick={() => bulk("removeTags", bulkTagFields(bulkTags, tags, false))}
            >
              {t("catalogue.bulk.removeTags")}
            </Button>
            <NumberInput
              label={t("catalogue.bulk.cost")}
              value={bulkCost}
              onChange={setBulkCost}
              decimalSeparator={i18n.language === "en" ? "." : ","}
              decimalScale={2}
              min={0}
              hideControls
              w={110}
              data-testid="bulk-cost"
            />
            <Button
              variant="default"
              disabled={bulkCost === ""}
              onClick={() => bulk("setCost", { cost: String(bulkCost) })}
              data-testid="bulk-set-cost"
            >
              {t("catalogue.bulk.setCost")}
            </Button>
            <Popover position="bottom-start" withArrow trapFocus>
              <Popover.Target>
                <Button
                  variant="default"
                  leftSection={<IconFolderPlus size={14} />}
                  data-testid="save-collection"
                >
                  {t("catalogue.bulk.saveAsCollection")}
                </Button>
              </Popover.Target>
              <Popover.Dropdown>
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (collectionName.trim())
                      bulk("createCollection", { name: collectionName.trim() });
                  }}
                >
                  <Group gap="xs" align="flex-end">
                    <TextInput
                      label={t("catalogue.bulk.collectionName")}
                      value={collectionName}
                      onChange={(e) => setCollectionName(e.currentTarget.value)}
                      maxLength={120}
                      required
                      data-testid="collection-name"
                    />
                    <Button
                      type="submit"
                      disabled={!collectionName.trim()}
                      loading={fetcher.state !== "idle"}
                      data-testid="save-collection-submit"
                    >
                      {t("catalogue.bulk.save")}
                    </Button>
                  </Group>
                </form>
              </Popover.Dropdown>
            </Popover>
            {collections.length > 0 && (
              <>
                <Select
                  label={t("catalogue.bulk.collection")}
                  data={collections.map((c) => ({ value: c.id, label: c.name ?? "" }))}
                  value={bulkCollection}
                  onChange={setBulkCollection}
                  w={170}
                />
                <Button
                  variant="default"
                  disabled={!bulkCollection}
                  onClick={() => bulk("addToCollection", { collection: bulkCollection ?? "" })}
                >
                  {t("catalogue.bulk.addToCollection")}
                </Button>
                <Button
                  variant="default"
                  disabled={!bulkCollection}
                  onClick={() => bulk("removeFromCollection", { collection: bulkCollection ?? "" })}
                >
                  {t("catalogue.bulk.removeFromCollection")}
                </Button>
              </>
            )}
          </Group>
        </Card>
      )}
      {fetcher.data && fetcher.state === "idle" && (
        <Alert
          color={fetcher.data.ok ? "teal" : "red"}
          data-testid="bulk-result"
          withCloseButton={false}
        >
          {!fetcher.data.ok ? (
            t("catalogue.bulk.failed")
          ) : fetcher.data.collection ? (
            <>
              {t("catalogue.bulk.collectionSaved", {
                name: fetcher.data.name,
                products: fetcher.data.changed,
              })}{" "}
              <Anchor
                component={Link}
                to={localized(`/cargo-bay/collections/${fetcher.data.collection}`)}
                data-testid="saved-collection-link"
              >
                {t("catalogue.bulk.openCollection")}
              </Anchor>
            </>
          ) : (
            t("catalogue.bulk.done", { count: fetcher.data.changed })
          )}
        </Alert>
      )}

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
        columns={[
          {
            accessor: "title",
            title: t("catalogue.columns.title"),
            sortable: true,
            width: 240,
            render: (p) => (
              <Stack gap={2}>
                <Text size="sm" lineClamp={1} fw={500}>
                  {p.title}
                </Text>
                <Group gap={4}>
                  {p.tags.map((tag) => (
                    <Badge key={tag.id} size="xs" variant="light">
                      {tag.text}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            ),
          },
          {
            accessor: "sku",
            title: t("catalogue.columns.sku"),
            sortable: true,
            render: (p) => (
              <Stack gap={0}>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {p.sku}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.asin ?? ""}
                </Text>
              </Stack>
            ),
          },
          { accessor: "marketplace", title: t("catalogue.columns.marketplace"), sortable: true },
          {
            accessor: "brand",
            title: t("catalogue.columns.brand"),
            sortable: true,
            render: (p) => p.brand || missing,
          },
          {
            accessor: "price",
            title: t("catalogue.columns.price"),
            sortable: true,
            textAlign: "right",
            render: (p) => f.money(p.price, p.currency) ?? missing,
          },
          {
            accessor: "cost",
            title: t("catalogue.columns.cost"),
            sortable: true,
            textAlign: "right",
            render: (p) => f.money(p.cost, p.costCurrency ?? p.currency) ?? missing,
          },
          {
            accessor: "margin",
            title: t("catalogue.columns.margin"),
            sortable: true,
            textAlign: "right",
            render: (p) =>
              p.margin === null ? (
                missing
              ) : (
                <Stack gap={0} align="flex-end" data-testid="product-margin">
                  <Text size="sm" c={p.margin < 0 ? "red" : undefined}>
                    {f.money(p.margin, p.currency)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {f.percent(p.marginRate)}
                  </Text>
                </Stack>
              ),
          },
          {
            accessor: "stock",
            title: t("catalogue.columns.stock"),
            sortable: true,
            textAlign: "right",
            render: (p) =>
              p.stock.quantity === null ? (
                missing
              ) : (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Text size="sm">{f.number(p.stock.quantity)}</Text>
                  {p.stock.status && p.stock.status !== "in_stock" && (
                    <Badge size="xs" color={p.stock.status === "out_of_stock" ? "red" : "orange"}>
                      {t(`catalogue.stock.${p.stock.status}`)}
                    </Badge>
                  )}
                </Group>
              ),
          },
          {
            accessor: "daysOfCover",
            title: t("catalogue.columns.daysOfCover"),
            sortable: true,
            textAlign: "right",
            render: (p) => f.number(p.stock.daysOfCover) ?? missing,
          },
          {
            accessor: "spend",
            title: t("catalogue.columns.spend"),
            sortable: true,
            textAlign: "right",
            render: (p) => f.money(p.metrics?.spend ?? 0, p.currency),
          },
          {
            accessor: "sales",
            title: t("catalogue.columns.sales"),
            sortable: true,
            textAlign: "right",
            render: (p) => f.money(p.metrics?.sales ?? 0, p.currency),
          },
          {
            accessor: "acos",
            title: t("catalogue.columns.acos"),
            sortable: true,
            textAlign: "right",
            render: (p) =>
              f.percent(p.metrics?.acos) ?? (
                <Text span c="dimmed" size="sm">
                  {t("catalogue.notApplicable")}
                </Text>
              ),
          },
          ...tacosColumns(t, f, missing),
          goalColumn(t, f, missing),
        ]}
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
