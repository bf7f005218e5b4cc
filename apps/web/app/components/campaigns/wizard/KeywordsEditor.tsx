import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import { useFormat } from "../../hangar/format.ts";
import {
  type KeywordMatchType,
  linesOf,
  MATCH_TYPES,
  mergeKeywords,
  type WizardState,
} from "../wizard-state.ts";
import { MoneyInput, RemoveButton } from "./fields.tsx";
import type { StepProps } from "./step-props.ts";

interface Recommendation {
  keyword: string;
  matchType: KeywordMatchType;
  rank: number;
  suggestedBid: { low: number; median: number; high: number } | null;
}

/** Keywords from Amazon's recommendations or pasted, then their match types and bids. */
export function KeywordsEditor({
  state,
  setState,
  currency,
  profileId,
}: StepProps & { currency: string; profileId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [text, setText] = useState("");
  const [matchType, setMatchType] = useState<KeywordMatchType>("EXACT");
  const [recommendations, setRecommendations] = useState<Recommendation[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const defaultBid = state.defaultBid === "" ? 0.75 : state.defaultBid;
  const keyOf = (r: { keyword: string; matchType: string }) => `${r.keyword}|${r.matchType}`;
  const already = new Set(
    state.keywords.map((k) => keyOf({ keyword: k.text, matchType: k.matchType })),
  );
  const asins = state.products.flatMap((p) => (p.asin ? [p.asin] : []));

  async function loadRecommendations() {
    setLoading(true);
    setError(false);
    try {
      const list = await browserHydra().collection<Recommendation>(
        "/api/keyword_recommendations",
        { profile: profileId, asins, itemsPerPage: 600 },
        { fresh: true },
      );
      setRecommendations(list.members);
      setPicked(new Set());
    } catch {
      setError(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600} size="sm">
              {t("campaignCreate.keywords.recommended")}
            </Text>
            <Button
              size="xs"
              variant="light"
              onClick={loadRecommendations}
              loading={loading}
              disabled={asins.length === 0}
              data-testid="load-recommendations"
            >
              {t("campaignCreate.keywords.loadRecommendations")}
            </Button>
          </Group>
          {error && (
            <Alert color="red" data-testid="recommendations-error">
              {t("campaignCreate.keywords.recommendationsError")}
            </Alert>
          )}
          {recommendations && recommendations.length === 0 && (
            <Text size="sm" c="dimmed">
              {t("campaignCreate.keywords.noRecommendations")}
            </Text>
          )}
          {recommendations && recommendations.length > 0 && (
            <>
              <ScrollArea.Autosize mah={300}>
                <Table verticalSpacing={2} data-testid="recommendations">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40} />
                      <Table.Th>{t("campaignCreate.keywords.keyword")}</Table.Th>
                      <Table.Th>{t("campaignCreate.keywords.matchType")}</Table.Th>
                      <Table.Th ta="right">{t("campaignCreate.keywords.suggestedBid")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {recommendations.map((r) => {
                      const key = keyOf(r);
                      return (
                        <Table.Tr key={key} data-testid="recommendation-row">
                          <Table.Td>
                            <Checkbox
                              aria-label={`${r.keyword} ${t(`hangar.enum.${r.matchType}`)}`}
                              checked={picked.has(key) || already.has(key)}
                              disabled={already.has(key)}
                              onChange={() =>
                                setPicked((p) => {
                                  const n = new Set(p);
                                  if (n.has(key)) n.delete(key);
                                  else n.add(key);
                                  return n;
                                })
                              }
                            />
                          </Table.Td>
                          <Table.Td>{r.keyword}</Table.Td>
                          <Table.Td>{t(`hangar.enum.${r.matchType}`)}</Table.Td>
                          <Table.Td ta="right">
                            {r.suggestedBid
                              ? `${format.money(r.suggestedBid.median, currency)} (${format.money(r.suggestedBid.low, currency)}–${format.money(r.suggestedBid.high, currency)})`
                              : "–"}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
              <Group>
                <Button
                  size="xs"
                  disabled={picked.size === 0}
                  onClick={() => {
                    const added = recommendations
                      .filter((r) => picked.has(keyOf(r)))
                      .map((r) => ({
                        text: r.keyword,
                        matchType: r.matchType,
                        bid: r.suggestedBid?.median ?? defaultBid,
                        suggested: r.suggestedBid?.median ?? null,
                      }));
                    setState((s) => ({ ...s, keywords: mergeKeywords(s.keywords, added) }));
                    setPicked(new Set());
                  }}
                  data-testid="add-recommendations"
                >
                  {t("campaignCreate.keywords.addPicked", { count: picked.size })}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Textarea
            label={t("campaignCreate.keywords.paste")}
            description={t("campaignCreate.keywords.pasteHint")}
            autosize
            minRows={2}
            maxRows={8}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-testid="keywords-paste"
          />
          <Group align="flex-end">
            <Select
              label={t("campaignCreate.keywords.matchType")}
              data={MATCH_TYPES.map((m) => ({ value: m, label: t(`hangar.enum.${m}`) }))}
              value={matchType}
              allowDeselect={false}
              onChange={(v) => v && setMatchType(v as KeywordMatchType)}
              w={180}
            />
            <Button
              variant="light"
              disabled={linesOf(text).length === 0}
              onClick={() => {
                const added = linesOf(text).map((line) => ({
                  text: line,
                  matchType,
                  bid: defaultBid,
                }));
                setState((s) => ({ ...s, keywords: mergeKeywords(s.keywords, added) }));
                setText("");
              }}
              data-testid="keywords-add"
            >
              {t("campaignCreate.keywords.add")}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <KeywordTable state={state} setState={setState} currency={currency} />
    </Stack>
  );
}

function KeywordTable({ state, setState, currency }: StepProps & { currency: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (state.keywords.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="keywords-empty">
        {t("campaignCreate.keywords.none")}
      </Text>
    );
  const update = (index: number, patch: Partial<WizardState["keywords"][number]>) =>
    setState((s) => ({
      ...s,
      keywords: s.keywords.map((k, i) => (i === index ? { ...k, ...patch } : k)),
    }));
  return (
    <Table verticalSpacing={2} data-testid="keyword-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("campaignCreate.keywords.keyword")}</Table.Th>
          <Table.Th>{t("campaignCreate.keywords.matchType")}</Table.Th>
          <Table.Th>{t("campaignCreate.keywords.bid", { currency })}</Table.Th>
          <Table.Th>{t("campaignCreate.keywords.suggestedBid")}</Table.Th>
          <Table.Th w={40} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {state.keywords.map((k, index) => (
          <Table.Tr key={`${k.text}|${k.matchType}`} data-testid="keyword-row">
            <Table.Td>{k.text}</Table.Td>
            <Table.Td>
              <Select
                size="xs"
                aria-label={t("campaignCreate.keywords.matchType")}
                data={MATCH_TYPES.map((m) => ({ value: m, label: t(`hangar.enum.${m}`) }))}
                value={k.matchType}
                allowDeselect={false}
                onChange={(v) => v && update(index, { matchType: v as KeywordMatchType })}
                w={150}
              />
            </Table.Td>
            <Table.Td>
              <MoneyInput
                size="xs"
                aria-label={t("campaignCreate.keywords.bid", { currency })}
                value={k.bid}
                onChange={(v) => update(index, { bid: v === "" ? 0 : Number(v) })}
                w={110}
              />
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {k.suggested ? format.money(k.suggested, currency) : "–"}
              </Text>
            </Table.Td>
            <Table.Td>
              <RemoveButton
                onRemove={() =>
                  setState((s) => ({ ...s, keywords: s.keywords.filter((_, i) => i !== index) }))
                }
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
