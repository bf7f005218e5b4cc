import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import type { CompetitorSuggestionsView, CompetitorView } from "@starport/api/contracts";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../lib/api/session-hydra.ts";
import { dateTimeFormat, numberFormat } from "../../lib/intl-format.ts";
import { intlLocale } from "../../lib/intl-locale.ts";
import { useRouteWrite } from "../../lib/route-write.ts";
import { useLocale } from "../../lib/use-locale.ts";

type Competitor = CompetitorView;
type Snapshot = NonNullable<Competitor["latest"]>;
type Suggestions = CompetitorSuggestionsView;

/** How long the panel keeps asking while Amazon's rate limit holds the answer back. */
const SUGGESTION_PATIENCE_MS = 90_000;

/**
 * Amazon's suggestions: 202 means Starport is still asking Amazon (one call per 30 s), so ask
 * again after the time the answer names, until the answer is there.
 */
async function fetchSuggestions(productId: string, onPending: () => void): Promise<Suggestions> {
  const until = Date.now() + SUGGESTION_PATIENCE_MS;
  for (;;) {
    const response = await browserHydra().request(
      `/api/catalogue/products/${productId}/competitor_suggestions`,
    );
    if (response.status !== 202) return (await response.json()) as Suggestions;
    if (Date.now() > until) throw new Error("Amazon has not answered yet");
    onPending();
    const { retryAfterSeconds } = (await response.json()) as { retryAfterSeconds: number };
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, retryAfterSeconds) * 1000));
  }
}

/** The panel's writes: intents of the action of the route showing it (competitors.server.ts). */
export const COMPETITOR_ADD = "competitor.add";
export const COMPETITOR_REFRESH = "competitor.refresh";
export const COMPETITOR_REMOVE = "competitor.remove";

/**
 * A product's competitors: prices and Buy Box now and over time, suggestions, add and remove; the
 * suggestions (asked again while Amazon's rate limit holds them back) and the list are read here.
 */
export function ProductCompetitors({
  productId,
  asin,
}: {
  productId: string;
  asin: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tag = intlLocale(locale);
  const base = `/api/catalogue/products/${productId}/competitors`;
  const [competitors, setCompetitors] = useState<Competitor[] | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [manual, setManual] = useState("");
  const [asinLeft, setAsinLeft] = useState(false);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const write = useRouteWrite();

  const load = useCallback(async () => {
    const body = await browserHydra().json<{ competitors: Competitor[] }>(base);
    setCompetitors(body.competitors);
  }, [base]);
  useEffect(() => {
    void load();
  }, [load]);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      await load();
    } catch {
      setError(t("cargoBay.competitors.failed"));
    } finally {
      setBusy(false);
    }
  }
  const add = (payload: object) =>
    run(() => write(COMPETITOR_ADD, { product: productId }, payload));
  const money = (s: Pick<Snapshot, "price" | "currency"> | null) =>
    s?.price === null || s?.price === undefined
      ? "–"
      : numberFormat(tag, { style: "currency", currency: s.currency ?? "EUR" }).format(s.price);
  const buyBox = (s: Snapshot | null) =>
    s?.hasBuyBox === null || s?.hasBuyBox === undefined ? (
      <Text c="dimmed">–</Text>
    ) : s.hasBuyBox ? (
      // max-content: a narrow column cut "Hat die Buy Box" to "HAT DIE B…"
      <Badge color="green" miw="max-content">
        {t("cargoBay.competitors.buyBoxYes")}
      </Badge>
    ) : (
      <Badge color="gray" variant="light" miw="max-content">
        {t("cargoBay.competitors.buyBoxNo")}
      </Badge>
    );
  const asinValid = /^[A-Za-z0-9]{10}$/.test(manual.trim());
  const watched = new Set((competitors ?? []).map((c) => `${c.asin}|${c.sellerId ?? ""}`));

  return (
    <Stack gap="sm" data-testid="competitors">
      <Group>
        <Button
          size="xs"
          loading={busy}
          onClick={() => run(() => write(COMPETITOR_REFRESH, { product: productId }))}
          disabled={!competitors?.length}
        >
          {t("cargoBay.competitors.refresh")}
        </Button>
        <Button
          size="xs"
          variant="light"
          loading={busy}
          onClick={() =>
            run(async () => {
              try {
                setSuggestions(await fetchSuggestions(productId, () => setAsking(true)));
              } finally {
                setAsking(false);
              }
            })
          }
        >
          {t("cargoBay.competitors.suggest")}
        </Button>
      </Group>
      {asking ? (
        <Text size="sm" c="dimmed" data-testid="competitor-suggestions-pending">
          {t("cargoBay.competitors.asking")}
        </Text>
      ) : null}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {competitors === null ? (
        <Text c="dimmed">…</Text>
      ) : competitors.length === 0 ? (
        <Text c="dimmed">{t("cargoBay.competitors.empty")}</Text>
      ) : (
        <Table withTableBorder data-testid="competitor-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("cargoBay.competitors.competitor")}</Table.Th>
              <Table.Th ta="right">{t("cargoBay.competitors.price")}</Table.Th>
              <Table.Th>{t("cargoBay.competitors.buyBox")}</Table.Th>
              <Table.Th>{t("cargoBay.competitors.history")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {competitors.map((c) => (
              <Table.Tr key={c.id} data-testid="competitor-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {c.sellerId
                      ? t("cargoBay.competitors.seller", { seller: c.sellerId })
                      : (c.title ?? c.asin)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {c.asin} · {t(`cargoBay.competitors.source.${c.source}`)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" data-testid="competitor-price">
                  {money(c.latest)}
                </Table.Td>
                <Table.Td data-testid="competitor-buybox">{buyBox(c.latest)}</Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {c.history
                      .slice(-5)
                      .map((s) => `${money(s)}${s.hasBuyBox ? " ★" : ""}`)
                      .join(" → ") || t("cargoBay.competitors.noHistory")}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      run(() => write(COMPETITOR_REMOVE, { product: productId, competitor: c.id }))
                    }
                  >
                    {t("cargoBay.competitors.remove")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {/* Top-aligned, the button level with the field: the field's message goes below both. */}
      <Group align="flex-start">
        <TextInput
          label={t("cargoBay.competitors.addAsin")}
          placeholder="B0…"
          value={manual}
          onChange={(e) => setManual(e.currentTarget.value)}
          onBlur={() => setAsinLeft(true)}
          onFocus={() => setAsinLeft(false)}
          // Says why the button stays grey: once the field is left, or ten characters are typed.
          error={
            manual.trim() && !asinValid && (asinLeft || manual.trim().length >= 10)
              ? t("cargoBay.competitors.invalidAsin")
              : null
          }
          data-testid="competitor-asin"
        />
        <Button
          variant="light"
          mt="calc(var(--mantine-font-size-sm) * var(--mantine-line-height))"
          disabled={!asinValid}
          onClick={() => add({ asin: manual.trim(), source: "manual" }).then(() => setManual(""))}
        >
          {t("cargoBay.competitors.add")}
        </Button>
      </Group>
      {suggestions && (
        <Stack gap={4} data-testid="competitor-suggestions">
          <Group gap="xs" align="baseline">
            <Text fw={600} size="sm">
              {t("cargoBay.competitors.suggestions")}
            </Text>
            <Text size="xs" c="dimmed" data-testid="competitor-suggestions-age">
              {t("cargoBay.competitors.asOf", {
                date: dateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" }).format(
                  new Date(suggestions.fetchedAt),
                ),
              })}
            </Text>
          </Group>
          {suggestions.offers.map((o) => (
            <Group key={o.sellerId} gap="xs">
              <Text size="sm">
                {t("cargoBay.competitors.seller", { seller: o.sellerId })} ·{" "}
                {money({ price: o.price, currency: null })}
                {o.hasBuyBox ? ` · ${t("cargoBay.competitors.buyBoxYes")}` : ""}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                disabled={!asin || watched.has(`${asin}|${o.sellerId}`)}
                onClick={() => add({ asin, sellerId: o.sellerId, source: "offers" })}
              >
                {t("cargoBay.competitors.watch")}
              </Button>
            </Group>
          ))}
          {suggestions.similar.map((s) => (
            <Group key={s.asin} gap="xs">
              <Text size="sm">{t("cargoBay.competitors.similar", { asin: s.asin })}</Text>
              <Button
                size="compact-xs"
                variant="light"
                disabled={watched.has(`${s.asin}|`)}
                onClick={() => add({ asin: s.asin, source: "catalog" })}
              >
                {t("cargoBay.competitors.watch")}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
