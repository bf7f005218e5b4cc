/**
 * /action-center/keyword-recommendations/{marketplace}/{id} (issue 21 §2): keywords worth adding
 * to one ad group, in three tabs (in the URL: `?tab=search|user|amazon`) — its converting search
 * terms not yet keywords, the seller's own ideas (pasted, one a line, checked line by line) and
 * Amazon's recommendations for its products. Each tab: select rows, adjust match type and bid,
 * add → creations in the seller's change tray (the route action), pushed from the tray.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
  Tooltip,
} from "@mantine/core";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useSearchParams } from "react-router";
import { useChanges } from "../../../components/hangar/changes/ChangesContext.tsx";
import { ChangesTrayButton } from "../../../components/hangar/changes/ChangesTray.tsx";
import { HangarEditing } from "../../../components/hangar/changes/HangarEditing.tsx";
import { useFormat } from "../../../components/hangar/format.ts";
import { TableKeysHint } from "../../../components/TableKeysHint.tsx";
import { getI18n } from "../../../i18n/i18n.ts";
import { useLocalizedPath } from "../../../lib/use-locale.ts";
import { tableKeyDown, tableRowAttributes } from "../../../lib/use-table-keys.ts";
import { DENSE_TABLE, useDataTableLabels } from "../../../lib/use-table-labels.ts";
import { splitLocale } from "../../../route-table.ts";
import type { Route } from "./+types/route";
import { type KeywordPageData, keywordAction, loadKeywordPage } from "./keywords.server.ts";
import {
  type AddResult,
  type AmazonCandidate,
  type Candidate,
  checkIdeas,
  clampBid,
  type IdeaLine,
  KEYWORD_TABS,
  type KeywordTab,
  MATCH_TYPES,
  type MatchType,
  type SearchCandidate,
  tabOf,
} from "./model.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadKeywordPage(context, request, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return keywordAction(context, request, params.id);
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  const title = t("pages.keyword-recommendations.title");
  return [{ title: `${loaderData ? `${title}: ${loaderData.adGroup.name}` : title} · Starport` }];
}

const PAGE_SIZE = 50;
/** Badges show their whole label (no ellipsis in a narrow column). */
const FULL_BADGE = {
  root: { flexShrink: 0, maxWidth: "none" },
  label: { overflow: "visible" },
} as const;

type Edits = Record<string, { matchType: MatchType; bid: number }>;
type RowResult = { ok: boolean; message: string | null };

/**
 * One tab's table of candidates: selection, match type and bid per row, client-side pages, the
 * per-row result of the last "add", and the add button. `extra` are the tab's own columns.
 */
function CandidateTable<T extends Candidate>({
  tab,
  data,
  records,
  extra,
  empty,
  bidTitle,
}: {
  tab: KeywordTab;
  data: KeywordPageData;
  records: T[];
  extra: DataTableColumn<T>[];
  empty: string;
  bidTitle?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useDataTableLabels();
  const changes = useChanges();
  const fetcher = useFetcher<AddResult>();
  const [selected, setSelected] = useState<T[]>([]);
  const [edits, setEdits] = useState<Edits>({});
  const [page, setPage] = useState(1);
  const [results, setResults] = useState<Record<string, RowResult>>({});
  // Another list (a new paste, a reload) starts on its first page with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the records are the trigger.
  useEffect(() => {
    setSelected([]);
    setPage(1);
  }, [records]);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // Each answer is taken in once (the tray's refresh must not run it again).
  const handled = useRef<AddResult | null>(null);
  const refreshTray = changes?.refreshTray;
  useEffect(() => {
    if (!answer?.ok || handled.current === answer) return;
    handled.current = answer;
    setResults((prev) => {
      const next = { ...prev };
      for (const r of answer.results) next[r.key] = { ok: r.ok, message: r.message };
      return next;
    });
    setSelected([]);
    refreshTray?.();
  }, [answer, refreshTray]);
  const editOf = (row: T) => edits[row.key] ?? { matchType: row.matchType, bid: row.bid };
  const setEdit = (row: T, patch: Partial<{ matchType: MatchType; bid: number }>) =>
    setEdits((prev) => ({ ...prev, [row.key]: { ...editOf(row), ...patch } }));
  const add = () => {
    const form = new FormData();
    form.set("intent", "add");
    form.set("tab", tab);
    form.set(
      "rows",
      JSON.stringify(
        selected.map((row) => ({
          key: row.key,
          keywordText: row.keywordText,
          ...editOf(row),
        })),
      ),
    );
    void fetcher.submit(form, { method: "post" });
  };
  const staged = Object.values(results).filter((r) => r.ok).length;
  const shown = records.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Stack gap="xs" onKeyDown={tableKeyDown}>
      <Group justify="space-between">
        <Group gap="xs">
          <Button
            size="xs"
            onClick={add}
            loading={fetcher.state !== "idle"}
            disabled={selected.length === 0}
            data-testid="kw-add"
          >
            {selected.length > 0
              ? t("keywordRecs.add", { count: selected.length })
              : t("keywordRecs.addNone")}
          </Button>
          {selected.length > 0 ? (
            <Text size="sm" c="dimmed">
              {t("keywordRecs.selected", { count: selected.length })}
            </Text>
          ) : null}
        </Group>
        <TableKeysHint />
      </Group>
      {answer && !answer.ok ? (
        <Alert color="red" data-testid="kw-add-error">
          {answer.message}
        </Alert>
      ) : null}
      {staged > 0 ? (
        <Alert color="teal" data-testid="kw-staged">
          <Group gap="xs" justify="space-between">
            <Text size="sm">{t("keywordRecs.staged", { count: staged })}</Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => changes?.setTrayOpen(true)}
              data-testid="kw-open-tray"
            >
              {t("keywordRecs.openTray")}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <DataTable<T>
        {...DENSE_TABLE}
        idAccessor="key"
        minHeight={records.length ? undefined : 140}
        records={shown}
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        isRecordSelectable={(row) => !results[row.key]?.ok}
        customRowAttributes={(row, index) => ({
          ...tableRowAttributes(row, index),
          "data-testid": "kw-row",
          "data-keyword": row.keywordText,
        })}
        {...labels}
        totalRecords={records.length}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        columns={[
          {
            accessor: "keywordText",
            title: t("keywordRecs.column.keyword"),
            render: (row) => {
              const result = results[row.key];
              return (
                <Stack gap={2} align="flex-start">
                  <Text size="sm">{row.keywordText}</Text>
                  {result?.ok ? (
                    <Badge
                      size="xs"
                      color="teal"
                      variant="light"
                      styles={FULL_BADGE}
                      data-testid="kw-result-ok"
                    >
                      {t("keywordRecs.inTray")}
                    </Badge>
                  ) : result ? (
                    <Text size="xs" c="red" data-testid="kw-result-error">
                      {result.message}
                    </Text>
                  ) : null}
                </Stack>
              );
            },
          },
          ...extra,
          {
            accessor: "matchType",
            title: t("keywordRecs.column.matchType"),
            render: (row) => (
              <NativeSelect
                size="xs"
                w={110}
                aria-label={t("keywordRecs.matchTypeOf", { keyword: row.keywordText })}
                value={editOf(row).matchType}
                onChange={(event) =>
                  setEdit(row, { matchType: event.currentTarget.value as MatchType })
                }
                onClick={(event) => event.stopPropagation()}
                data={MATCH_TYPES.map((m) => ({
                  value: m,
                  label: t(`keywordRecs.match.${m}`),
                }))}
                data-testid="kw-match"
              />
            ),
          },
          {
            accessor: "bid",
            title: bidTitle ?? t("keywordRecs.column.bid"),
            textAlign: "right",
            render: (row) => (
              <NumberInput
                size="xs"
                w={100}
                ml="auto"
                aria-label={t("keywordRecs.bidOf", { keyword: row.keywordText })}
                value={editOf(row).bid}
                min={data.limits.minBid}
                max={data.limits.maxBid}
                step={0.05}
                decimalScale={2}
                fixedDecimalScale
                decimalSeparator={format.locale === "de" ? "," : "."}
                thousandSeparator={format.locale === "de" ? "." : ","}
                onChange={(value) => {
                  const bid = typeof value === "number" ? value : Number.parseFloat(value);
                  if (Number.isFinite(bid)) setEdit(row, { bid });
                }}
                onBlur={() => setEdit(row, { bid: clampBid(editOf(row).bid, data.limits) })}
                onClick={(event) => event.stopPropagation()}
                data-testid="kw-bid"
              />
            ),
          },
        ]}
        emptyState={
          <Text size="sm" c="dimmed" ta="center" p="md" data-testid="kw-empty">
            {empty}
          </Text>
        }
      />
    </Stack>
  );
}

function SearchTab({ data }: { data: KeywordPageData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const stats = data.adGroupStats;
  const percent = (value: number | null) => format.metric("cvr", value, data.currency);
  const formula = t("keywordRecs.search.formula", {
    cpc: format.money(data.baseBid, data.currency),
    cvr: percent(stats.cvr),
    min: format.money(data.limits.minBid, data.currency),
    max: format.money(data.limits.maxBid, data.currency),
  });
  const empty =
    stats.clicks === 0
      ? t("keywordRecs.search.emptyNoClicks", { days: 60 })
      : t("keywordRecs.search.emptyNoOrders", { days: 60 });
  return (
    <Stack gap="xs">
      <Text
        size="sm"
        c="dimmed"
        data-testid="kw-search-intro"
        data-from={data.window.from}
        data-to={data.window.to}
      >
        {t("keywordRecs.search.intro", {
          from: format.day(data.window.from),
          to: format.day(data.window.to),
          clicks: format.number(stats.clicks),
          orders: format.number(stats.orders),
          cvr: percent(stats.cvr),
          cpc: stats.cpc === null ? "–" : format.money(stats.cpc, data.currency),
        })}
      </Text>
      <Alert color="gray" variant="light" data-testid="kw-negative-note">
        {t("keywordRecs.search.negativeNote")}
      </Alert>
      <CandidateTable<SearchCandidate>
        tab="search"
        data={data}
        records={data.search}
        empty={empty}
        bidTitle={
          <Tooltip label={formula} multiline w={320} withArrow>
            <Text size="sm" fw={700} td="underline dotted" tabIndex={0} data-testid="kw-formula">
              {t("keywordRecs.column.suggestedBid")}
            </Text>
          </Tooltip>
        }
        extra={[
          {
            accessor: "clicks",
            title: t("keywordRecs.column.clicks"),
            textAlign: "right",
            render: (row) => format.number(row.clicks),
          },
          {
            accessor: "orders",
            title: t("keywordRecs.column.orders"),
            textAlign: "right",
            render: (row) => format.number(row.orders),
          },
          {
            accessor: "cvr",
            title: t("keywordRecs.column.cvr"),
            textAlign: "right",
            render: (row) => percent(row.cvr),
          },
          {
            accessor: "shrunkCvr",
            title: (
              <Tooltip
                label={t("keywordRecs.search.shrunkHelp", {
                  prior: format.number(Math.round(data.priorClicks ?? 0)),
                  cvr: percent(stats.cvr),
                })}
                multiline
                w={320}
                withArrow
              >
                <Text size="sm" fw={700} td="underline dotted" tabIndex={0}>
                  {t("keywordRecs.column.shrunkCvr")}
                </Text>
              </Tooltip>
            ),
            textAlign: "right",
            render: (row) => percent(row.shrunkCvr),
          },
        ]}
      />
    </Stack>
  );
}

interface IdeaRow extends Candidate {
  line: number;
}

function UserTab({ data }: { data: KeywordPageData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [text, setText] = useState("");
  // Typing stays quick with 5,000 lines: the check runs on the deferred text.
  const deferred = useDeferredValue(text);
  const keywords = useMemo(() => new Set(data.keywords), [data.keywords]);
  const negatives = useMemo(() => new Set(data.negatives), [data.negatives]);
  const lines = useMemo<IdeaLine[]>(
    () => (deferred.trim() ? checkIdeas(deferred, keywords, negatives) : []),
    [deferred, keywords, negatives],
  );
  const valid = useMemo<IdeaRow[]>(
    () =>
      lines
        .filter((l) => l.problem === null)
        .map((l) => ({
          key: l.text.toLowerCase(),
          line: l.line,
          keywordText: l.text,
          matchType: "EXACT",
          bid: data.baseBid,
        })),
    [lines, data.baseBid],
  );
  const problems = lines.filter((l) => l.problem !== null);
  const [showAll, setShowAll] = useState(false);
  const PROBLEMS_SHOWN = 20;
  return (
    <Stack gap="xs">
      <Textarea
        label={t("keywordRecs.user.label")}
        description={t("keywordRecs.user.description", {
          bid: format.money(data.baseBid, data.currency),
        })}
        autosize
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-testid="kw-ideas"
      />
      {lines.length > 0 ? (
        <Text size="sm" data-testid="kw-ideas-summary">
          {t("keywordRecs.user.summary", {
            lines: format.number(lines.length),
            valid: format.number(valid.length),
            problems: format.number(problems.length),
          })}
        </Text>
      ) : null}
      {problems.length > 0 ? (
        <Paper withBorder p="xs" data-testid="kw-ideas-problems">
          <Stack gap={2}>
            {(showAll ? problems : problems.slice(0, PROBLEMS_SHOWN)).map((p) => (
              <Text size="xs" key={p.line} data-testid="kw-idea-problem" data-problem={p.problem}>
                {p.text
                  ? t("keywordRecs.user.lineText", {
                      line: format.number(p.line),
                      text: `${p.text.slice(0, 60)}${p.text.length > 60 ? "…" : ""}`,
                    })
                  : t("keywordRecs.user.line", { line: format.number(p.line) })}{" "}
                <Text span size="xs" c="red">
                  {t(`keywordRecs.user.problem.${p.problem}`)}
                </Text>
              </Text>
            ))}
            {problems.length > PROBLEMS_SHOWN ? (
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => setShowAll((s) => !s)}
              >
                {showAll
                  ? t("keywordRecs.user.fewer")
                  : t("keywordRecs.user.more", {
                      count: problems.length - PROBLEMS_SHOWN,
                    })}
              </Anchor>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      <CandidateTable<IdeaRow>
        tab="user"
        data={data}
        records={valid}
        empty={lines.length === 0 ? t("keywordRecs.user.empty") : t("keywordRecs.user.noneValid")}
        extra={[
          {
            accessor: "line",
            title: t("keywordRecs.column.line"),
            textAlign: "right",
            render: (row) => format.number(row.line),
          },
        ]}
      />
    </Stack>
  );
}

function AmazonTab({ data }: { data: KeywordPageData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const amazon = data.amazon;
  const rows = useMemo(() => (amazon?.state === "ok" ? amazon.rows : []), [amazon]);
  if (amazon?.state === "error")
    return (
      <Alert color="red" data-testid="kw-amazon-error">
        {t("keywordRecs.amazon.error", { message: amazon.message })}
      </Alert>
    );
  if (amazon === null)
    return (
      <Text size="sm" c="dimmed" data-testid="kw-amazon-loading">
        {t("keywordRecs.amazon.loading")}
      </Text>
    );
  const money = (value: number | undefined) =>
    value === undefined ? "–" : format.money(value, data.currency);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t("keywordRecs.amazon.intro", { bid: format.money(data.baseBid, data.currency) })}
      </Text>
      <CandidateTable<AmazonCandidate>
        tab="amazon"
        data={data}
        records={rows}
        empty={
          amazon?.state === "noAsins"
            ? t("keywordRecs.amazon.noAsins")
            : t("keywordRecs.amazon.empty")
        }
        extra={[
          {
            accessor: "rank",
            title: t("keywordRecs.column.rank"),
            textAlign: "right",
            render: (row) => format.number(row.rank),
          },
          {
            accessor: "isKeyword",
            title: t("keywordRecs.column.status"),
            noWrap: true,
            render: (row) =>
              row.isKeyword ? (
                <Badge
                  size="sm"
                  variant="light"
                  color="gray"
                  styles={FULL_BADGE}
                  data-testid="kw-is-keyword"
                >
                  {t("keywordRecs.amazon.isKeyword")}
                </Badge>
              ) : null,
          },
          {
            accessor: "amazonBid",
            title: t("keywordRecs.column.amazonBid"),
            textAlign: "right",
            noWrap: true,
            render: (row) =>
              row.amazonBid ? (
                <Text size="sm" data-testid="kw-amazon-bid">
                  {money(row.amazonBid.median)}{" "}
                  <Text span size="xs" c="dimmed">
                    ({money(row.amazonBid.low)}–{money(row.amazonBid.high)})
                  </Text>
                </Text>
              ) : (
                "–"
              ),
          },
        ]}
        bidTitle={t("keywordRecs.column.starportBid")}
      />
    </Stack>
  );
}

export default function KeywordRecommendations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const data = loaderData;
  const tab = tabOf(params);
  const setTab = (next: string | null) => {
    const query = new URLSearchParams(params);
    if (next && next !== "search") query.set("tab", next);
    else query.delete("tab");
    setParams(query, { preventScrollReset: true });
  };
  const counts: Record<KeywordTab, number | null> = {
    search: data.search.length,
    user: null,
    amazon: data.amazon?.state === "ok" ? data.amazon.rows.length : null,
  };
  return (
    <HangarEditing
      sellerProfileId={data.sellerProfileId}
      advertisingProfileId={data.advertisingProfileId}
      currency={data.currency}
    >
      <Stack gap="md" data-testid="page" data-page="keyword-recommendations">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t("pages.keyword-recommendations.title")}
            </Text>
            <Title order={1} size="h2" data-testid="kw-ad-group">
              {data.adGroup.name}
            </Title>
            <Group gap="xs">
              <Badge variant="outline" color="gray" data-testid="kw-marketplace">
                {data.marketplace}
              </Badge>
              {data.campaign ? (
                <Anchor
                  component={Link}
                  size="sm"
                  to={localize(`/hangar/campaigns/detail/${data.campaign.id}`)}
                  data-testid="kw-campaign"
                >
                  {t("hangar.adGroup.inCampaign", { campaign: data.campaign.name })}
                </Anchor>
              ) : null}
              <Anchor
                component={Link}
                size="sm"
                to={localize(`/hangar/campaigns/adgroup/${data.adGroup.id}`)}
                data-testid="kw-back"
              >
                {t("keywordRecs.backToAdGroup")}
              </Anchor>
            </Group>
          </Stack>
          <ChangesTrayButton />
        </Group>
        {data.campaign?.targetingType === "AUTO" ? (
          <Alert color="yellow" data-testid="kw-auto">
            {t("keywordRecs.autoCampaign")}
          </Alert>
        ) : null}
        {data.adGroup.state === "ARCHIVED" ? (
          <Alert color="yellow" data-testid="kw-archived">
            {t("keywordRecs.archived")}
          </Alert>
        ) : null}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {KEYWORD_TABS.map((key) => (
              <Tabs.Tab key={key} value={key} data-testid={`kw-tab-${key}`}>
                {t(`keywordRecs.tab.${key}`)}
                {counts[key] !== null ? ` (${counts[key]})` : ""}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="search" pt="sm">
            <SearchTab data={data} />
          </Tabs.Panel>
          <Tabs.Panel value="user" pt="sm">
            <UserTab data={data} />
          </Tabs.Panel>
          <Tabs.Panel value="amazon" pt="sm">
            <AmazonTab data={data} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </HangarEditing>
  );
}
