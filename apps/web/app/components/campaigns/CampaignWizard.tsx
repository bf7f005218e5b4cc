import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  NumberInput,
  Paper,
  Radio,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../lib/api/session-hydra.ts";
import { useFormat } from "../hangar/format.ts";
import {
  AUTO_GROUPS,
  BIDDING_STRATEGIES,
  type BiddingStrategy,
  type KeywordMatchType,
  linesOf,
  MATCH_TYPES,
  mergeKeywords,
  missingOn,
  NEGATIVE_MATCH_TYPES,
  type NegativeMatchType,
  STEPS,
  type Step,
  stepOfPath,
  suggestedAdGroupName,
  suggestedName,
  type WizardProduct,
  type WizardState,
  type WizardTarget,
} from "./wizard-state.ts";

export interface WizardViolation {
  propertyPath: string;
  message: string;
  code?: string | undefined;
  params?: Record<string, unknown> | undefined;
}

interface Recommendation {
  keyword: string;
  matchType: KeywordMatchType;
  rank: number;
  suggestedBid: { low: number; median: number; high: number } | null;
}

/**
 * The translated text of a violation: the API's rule codes are translation keys
 * (`campaignCreate.violation.bidOutOfRange` with its limits), the shape codes of every form
 * (`required`, `invalid`, …) live under `formValidationError`; the message is the fallback.
 */
export function useViolationText() {
  const { t, i18n } = useTranslation();
  return (v: WizardViolation) => {
    if (!v.code) return v.message;
    const key = v.code.includes(".") ? v.code : `formValidationError.${v.code}`;
    // Limits in the locale's number format (1.000.000 / 1,000,000).
    const params = Object.fromEntries(
      Object.entries(v.params ?? {}).map(([name, value]) => [
        name,
        typeof value === "number" ? new Intl.NumberFormat(i18n.language).format(value) : value,
      ]),
    );
    return t(key, { ...params, defaultValue: v.message });
  };
}

/** Decimal comma in German, point in English (what a seller types into a money field). */
export function useDecimalSeparator(): string {
  const { i18n } = useTranslation();
  return (
    new Intl.NumberFormat(i18n.language).formatToParts(1.5).find((p) => p.type === "decimal")
      ?.value ?? "."
  );
}

/**
 * The campaign creation wizard (issue 10 §7): targeting → campaign → ad group → products →
 * keywords or targets → negatives → review. It only edits the state; `onCreate` sends it.
 */
export function CampaignWizard({
  state,
  setState,
  marketplace,
  currency,
  profileId,
  products,
  productSearch,
  violations,
  creating,
  onCreate,
}: {
  state: WizardState;
  setState: (update: (s: WizardState) => WizardState) => void;
  marketplace: string;
  currency: string;
  profileId: string;
  products: readonly WizardProduct[];
  /** Set when the loaded listings are not all: the picker asks the API while searching. */
  productSearch?: { sellerProfile: string; marketplace: string } | null;
  violations: readonly WizardViolation[];
  creating: boolean;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [tried, setTried] = useState(false);
  const step = STEPS[active] as Step;
  const missing = missingOn(step, state);
  const violationText = useViolationText();
  const stepsWithViolations = new Set(violations.map((v) => stepOfPath(v.propertyPath)));
  const next = () => {
    if (missing.length) {
      setTried(true);
      return;
    }
    setTried(false);
    setActive((a) => Math.min(a + 1, STEPS.length - 1));
  };

  return (
    <Stack gap="md" data-testid="campaign-wizard">
      <Stepper
        active={active}
        onStepClick={(index) => {
          // Back freely; forward only over complete steps.
          if (
            index <= active ||
            STEPS.slice(active, index).every((s) => !missingOn(s, state).length)
          )
            setActive(index);
        }}
        size="sm"
        allowNextStepsSelect={false}
      >
        {STEPS.map((s) => (
          <Stepper.Step
            key={s}
            label={t(`campaignCreate.steps.${s}`)}
            color={stepsWithViolations.has(s) ? "red" : undefined}
            data-testid={`step-${s}`}
          />
        ))}
      </Stepper>
      <Paper withBorder p="md" data-testid={`wizard-step-${step}`}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t(`campaignCreate.steps.${step}`)}
          </Title>
          {step === "targeting" && <TargetingStep state={state} setState={setState} />}
          {step === "campaign" && (
            <CampaignStep
              state={state}
              setState={setState}
              marketplace={marketplace}
              currency={currency}
            />
          )}
          {step === "adGroup" && (
            <AdGroupStep state={state} setState={setState} currency={currency} />
          )}
          {step === "products" && (
            <ProductsStep
              state={state}
              setState={setState}
              products={products}
              search={productSearch ?? null}
            />
          )}
          {step === "targets" && (
            <TargetsStep
              state={state}
              setState={setState}
              currency={currency}
              profileId={profileId}
            />
          )}
          {step === "negatives" && <NegativesStep state={state} setState={setState} />}
          {step === "review" && (
            <ReviewStep state={state} marketplace={marketplace} currency={currency} />
          )}
          {tried && missing.length > 0 && (
            <Alert color="red" data-testid="wizard-missing">
              {missing.map((m) => t(`campaignCreate.missing.${m}`)).join(" ")}
            </Alert>
          )}
          {violations.length > 0 && (
            <Alert color="red" title={t("campaignCreate.violationsTitle")} data-testid="violations">
              <List size="sm">
                {violations.map((v) => (
                  <List.Item key={`${v.propertyPath}-${v.message}`}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => setActive(STEPS.indexOf(stepOfPath(v.propertyPath)))}
                    >
                      {t(`campaignCreate.steps.${stepOfPath(v.propertyPath)}`)}
                    </Button>{" "}
                    <code>{v.propertyPath}</code>: {violationText(v)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      </Paper>
      <Group justify="space-between">
        <Button
          variant="default"
          disabled={active === 0}
          onClick={() => setActive((a) => Math.max(0, a - 1))}
          data-testid="wizard-back"
        >
          {t("campaignCreate.back")}
        </Button>
        {step === "review" ? (
          <Button onClick={onCreate} loading={creating} data-testid="wizard-create">
            {t("campaignCreate.create")}
          </Button>
        ) : (
          <Button onClick={next} data-testid="wizard-next">
            {t("campaignCreate.next")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

type StepProps = {
  state: WizardState;
  setState: (update: (s: WizardState) => WizardState) => void;
};

function TargetingStep({ state, setState }: StepProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={state.targetingType}
      onChange={(value) =>
        setState((s) => ({ ...s, targetingType: value === "AUTO" ? "AUTO" : "MANUAL" }))
      }
      label={t("campaignCreate.targeting.label")}
    >
      <Stack gap="sm" mt="xs">
        <Radio
          value="MANUAL"
          label={t("campaignCreate.targeting.manual")}
          description={t("campaignCreate.targeting.manualHint")}
          data-testid="targeting-manual"
        />
        <Radio
          value="AUTO"
          label={t("campaignCreate.targeting.auto")}
          description={t("campaignCreate.targeting.autoHint")}
          data-testid="targeting-auto"
        />
      </Stack>
    </Radio.Group>
  );
}

function CampaignStep({
  state,
  setState,
  marketplace,
  currency,
}: StepProps & { marketplace: string; currency: string }) {
  const { t } = useTranslation();
  const decimal = useDecimalSeparator();
  const suggestion = suggestedName(state, marketplace);
  return (
    <Stack gap="sm">
      <TextInput
        label={t("campaignCreate.campaign.name")}
        description={t("campaignCreate.campaign.nameHint", { suggestion })}
        value={state.nameTouched ? state.name : suggestion}
        maxLength={128}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setState((s) => ({ ...s, name: value, nameTouched: true }));
        }}
        rightSectionWidth={120}
        rightSection={
          state.nameTouched && state.name !== suggestion ? (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setState((s) => ({ ...s, name: "", nameTouched: false }))}
            >
              {t("campaignCreate.campaign.useSuggestion")}
            </Button>
          ) : null
        }
        data-testid="campaign-name"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={t("campaignCreate.campaign.dailyBudget", { currency })}
          value={state.dailyBudget}
          min={0}
          decimalScale={2}
          decimalSeparator={decimal}
          onChange={(v) => setState((s) => ({ ...s, dailyBudget: v === "" ? "" : Number(v) }))}
          data-testid="campaign-budget"
        />
        <TextInput
          type="date"
          label={t("campaignCreate.campaign.startDate")}
          value={state.startDate}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setState((s) => ({ ...s, startDate: value }));
          }}
          data-testid="campaign-start"
        />
        <TextInput
          type="date"
          label={t("campaignCreate.campaign.endDate")}
          description={t("campaignCreate.campaign.endDateHint")}
          value={state.endDate}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setState((s) => ({ ...s, endDate: value }));
          }}
          data-testid="campaign-end"
        />
      </SimpleGrid>
      <BiddingFields
        strategy={state.biddingStrategy}
        top={state.placementTopOfSearch}
        productPage={state.placementProductPage}
        onChange={(patch) => setState((s) => ({ ...s, ...patch }))}
      />
    </Stack>
  );
}

/** Bidding strategy and placement adjustments: shared by the wizard and the campaign settings. */
export function BiddingFields({
  strategy,
  top,
  productPage,
  onChange,
  names,
}: {
  strategy: BiddingStrategy;
  top: number | "";
  productPage: number | "";
  onChange: (
    patch: Partial<{
      biddingStrategy: BiddingStrategy;
      placementTopOfSearch: number | "";
      placementProductPage: number | "";
    }>,
  ) => void;
  /** Form field names, when rendered inside a form. */
  names?: { strategy: string; top: string; productPage: string };
}) {
  const { t } = useTranslation();
  const percent = (v: string | number) => (v === "" ? "" : Math.round(Number(v)));
  return (
    <Stack gap="sm">
      <Select
        label={t("campaignCreate.campaign.biddingStrategy")}
        data={BIDDING_STRATEGIES.map((s) => ({
          value: s,
          label: t(`campaignCreate.strategy.${s}`),
        }))}
        value={strategy}
        allowDeselect={false}
        onChange={(v) => v && onChange({ biddingStrategy: v as BiddingStrategy })}
        name={names?.strategy}
        data-testid="bidding-strategy"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t("campaignCreate.campaign.placementTopOfSearch")}
          description={t("campaignCreate.campaign.placementHint")}
          value={top}
          min={0}
          max={900}
          allowDecimal={false}
          suffix=" %"
          onChange={(v) => onChange({ placementTopOfSearch: percent(v) })}
          name={names?.top}
          data-testid="placement-top"
        />
        <NumberInput
          label={t("campaignCreate.campaign.placementProductPage")}
          description={t("campaignCreate.campaign.placementHint")}
          value={productPage}
          min={0}
          max={900}
          allowDecimal={false}
          suffix=" %"
          onChange={(v) => onChange({ placementProductPage: percent(v) })}
          name={names?.productPage}
          data-testid="placement-product"
        />
      </SimpleGrid>
    </Stack>
  );
}

function AdGroupStep({ state, setState, currency }: StepProps & { currency: string }) {
  const { t } = useTranslation();
  const decimal = useDecimalSeparator();
  const suggestion = suggestedAdGroupName(state);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t("campaignCreate.adGroup.name")}
        value={state.adGroupNameTouched ? state.adGroupName : suggestion}
        maxLength={255}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setState((s) => ({ ...s, adGroupName: value, adGroupNameTouched: true }));
        }}
        data-testid="ad-group-name"
      />
      <NumberInput
        label={t("campaignCreate.adGroup.defaultBid", { currency })}
        value={state.defaultBid}
        min={0}
        decimalScale={2}
        decimalSeparator={decimal}
        onChange={(v) => setState((s) => ({ ...s, defaultBid: v === "" ? "" : Number(v) }))}
        data-testid="ad-group-bid"
      />
    </SimpleGrid>
  );
}

function ProductsStep({
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

function TargetsStep({
  state,
  setState,
  currency,
  profileId,
}: StepProps & { currency: string; profileId: string }) {
  const { t } = useTranslation();
  const decimal = useDecimalSeparator();
  if (state.targetingType === "AUTO")
    return (
      <Stack gap="sm" data-testid="auto-bids">
        <Text size="sm" c="dimmed">
          {t("campaignCreate.auto.hint")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {AUTO_GROUPS.map((group) => (
            <NumberInput
              key={group}
              label={t(`campaignCreate.auto.${group}`, { currency })}
              value={state.autoBids[group]}
              min={0}
              decimalScale={2}
              decimalSeparator={decimal}
              onChange={(v) =>
                setState((s) => ({
                  ...s,
                  autoBids: { ...s.autoBids, [group]: v === "" ? "" : Number(v) },
                }))
              }
              data-testid={`auto-bid-${group}`}
            />
          ))}
        </SimpleGrid>
      </Stack>
    );
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={state.manualKind}
        onChange={(v) =>
          setState((s) => ({ ...s, manualKind: v === "targets" ? "targets" : "keywords" }))
        }
        data={[
          { value: "keywords", label: t("campaignCreate.keywords.tab") },
          { value: "targets", label: t("campaignCreate.targets.tab") },
        ]}
        data-testid="manual-kind"
      />
      {state.manualKind === "keywords" ? (
        <KeywordsEditor
          state={state}
          setState={setState}
          currency={currency}
          profileId={profileId}
        />
      ) : (
        <TargetsEditor state={state} setState={setState} currency={currency} />
      )}
    </Stack>
  );
}

function KeywordsEditor({
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
  const decimal = useDecimalSeparator();
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
              <NumberInput
                size="xs"
                aria-label={t("campaignCreate.keywords.bid", { currency })}
                value={k.bid}
                min={0}
                decimalScale={2}
                decimalSeparator={decimal}
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
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("campaignCreate.remove")}
                onClick={() =>
                  setState((s) => ({ ...s, keywords: s.keywords.filter((_, i) => i !== index) }))
                }
              >
                ×
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TargetsEditor({ state, setState, currency }: StepProps & { currency: string }) {
  const { t } = useTranslation();
  const decimal = useDecimalSeparator();
  const [text, setText] = useState("");
  const [type, setType] = useState<WizardTarget["type"]>("ASIN_SAME_AS");
  const defaultBid = state.defaultBid === "" ? 0.75 : state.defaultBid;
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select
          label={t("campaignCreate.targets.type")}
          data={[
            { value: "ASIN_SAME_AS", label: t("campaignCreate.targets.asin") },
            { value: "ASIN_CATEGORY_SAME_AS", label: t("campaignCreate.targets.category") },
          ]}
          value={type}
          allowDeselect={false}
          onChange={(v) => v && setType(v as WizardTarget["type"])}
          w={200}
        />
        <Textarea
          label={t("campaignCreate.targets.values")}
          description={t("campaignCreate.targets.valuesHint")}
          autosize
          minRows={1}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: 1 }}
          data-testid="targets-paste"
        />
        <Button
          variant="light"
          disabled={linesOf(text).length === 0}
          onClick={() => {
            const added = linesOf(text).map((value) => ({
              type,
              value: type === "ASIN_SAME_AS" ? value.toUpperCase() : value,
              bid: defaultBid,
            }));
            setState((s) => {
              const key = (x: WizardTarget) => `${x.type}|${x.value}`;
              const map = new Map(s.targets.map((x) => [key(x), x]));
              for (const x of added) map.set(key(x), x);
              return { ...s, targets: [...map.values()] };
            });
            setText("");
          }}
          data-testid="targets-add"
        >
          {t("campaignCreate.keywords.add")}
        </Button>
      </Group>
      {state.targets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("campaignCreate.targets.none")}
        </Text>
      ) : (
        <Table verticalSpacing={2} data-testid="target-list">
          <Table.Tbody>
            {state.targets.map((x, index) => (
              <Table.Tr key={`${x.type}|${x.value}`}>
                <Table.Td>
                  {t(
                    x.type === "ASIN_SAME_AS"
                      ? "campaignCreate.targets.asin"
                      : "campaignCreate.targets.category",
                  )}
                </Table.Td>
                <Table.Td ff="monospace">{x.value}</Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    aria-label={t("campaignCreate.keywords.bid", { currency })}
                    value={x.bid}
                    min={0}
                    decimalScale={2}
                    decimalSeparator={decimal}
                    onChange={(v) =>
                      setState((s) => ({
                        ...s,
                        targets: s.targets.map((y, i) =>
                          i === index ? { ...y, bid: v === "" ? 0 : Number(v) } : y,
                        ),
                      }))
                    }
                    w={110}
                  />
                </Table.Td>
                <Table.Td w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("campaignCreate.remove")}
                    onClick={() =>
                      setState((s) => ({ ...s, targets: s.targets.filter((_, i) => i !== index) }))
                    }
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function NegativesStep({ state, setState }: StepProps) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [matchType, setMatchType] = useState<NegativeMatchType>("NEGATIVE_EXACT");
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("campaignCreate.negatives.hint")}
      </Text>
      <Group align="flex-end">
        <Textarea
          label={t("campaignCreate.negatives.paste")}
          autosize
          minRows={2}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: 1 }}
          data-testid="negatives-paste"
        />
        <Select
          label={t("campaignCreate.keywords.matchType")}
          data={NEGATIVE_MATCH_TYPES.map((m) => ({ value: m, label: t(`hangar.enum.${m}`) }))}
          value={matchType}
          allowDeselect={false}
          onChange={(v) => v && setMatchType(v as NegativeMatchType)}
          w={200}
        />
        <Button
          variant="light"
          disabled={linesOf(text).length === 0}
          onClick={() => {
            setState((s) => {
              const key = (n: { text: string; matchType: string }) =>
                `${n.text.toLowerCase()}|${n.matchType}`;
              const map = new Map(s.negatives.map((n) => [key(n), n]));
              for (const line of linesOf(text))
                map.set(key({ text: line, matchType }), { text: line, matchType });
              return { ...s, negatives: [...map.values()] };
            });
            setText("");
          }}
          data-testid="negatives-add"
        >
          {t("campaignCreate.keywords.add")}
        </Button>
      </Group>
      {state.negatives.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("campaignCreate.negatives.none")}
        </Text>
      ) : (
        <Group gap="xs" data-testid="negative-list">
          {state.negatives.map((n, index) => (
            <Badge
              key={`${n.text}|${n.matchType}`}
              variant="light"
              color="red"
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  color="red"
                  aria-label={t("campaignCreate.remove")}
                  onClick={() =>
                    setState((s) => ({
                      ...s,
                      negatives: s.negatives.filter((_, i) => i !== index),
                    }))
                  }
                >
                  ×
                </ActionIcon>
              }
            >
              {n.text} · {t(`hangar.enum.${n.matchType}`)}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** Everything that will be created, in the order it is created. */
function ReviewStep({
  state,
  marketplace,
  currency,
}: {
  state: WizardState;
  marketplace: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = state.nameTouched ? state.name : suggestedName(state, marketplace);
  const adGroup = state.adGroupNameTouched ? state.adGroupName : suggestedAdGroupName(state);
  const money = (v: number | "") => (v === "" ? "–" : format.money(v, currency));
  const manual = state.targetingType === "MANUAL";
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <Table.Tr>
      <Table.Th w={260}>{label}</Table.Th>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap="md" data-testid="review">
      <Text size="sm" c="dimmed">
        {t("campaignCreate.review.hint")}
      </Text>
      <Title order={3} size="h5">
        1. {t("campaignCreate.review.campaign")}
      </Title>
      <Table verticalSpacing={4}>
        <Table.Tbody>
          {row(t("campaignCreate.campaign.name"), name, "review-name")}
          {row(
            t("campaignCreate.targeting.label"),
            t(manual ? "campaignCreate.targeting.manual" : "campaignCreate.targeting.auto"),
          )}
          {row(t("campaignCreate.review.budget"), money(state.dailyBudget), "review-budget")}
          {row(
            t("campaignCreate.review.dates"),
            `${state.startDate ? format.day(state.startDate) : "–"} – ${state.endDate ? format.day(state.endDate) : t("campaignCreate.review.noEnd")}`,
          )}
          {row(
            t("campaignCreate.campaign.biddingStrategy"),
            t(`campaignCreate.strategy.${state.biddingStrategy}`),
          )}
          {row(
            t("campaignCreate.review.placements"),
            `${t("campaignCreate.review.topOfSearch")} ${state.placementTopOfSearch || 0} % · ${t("campaignCreate.review.productPages")} ${state.placementProductPage || 0} %`,
          )}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">
        2. {t("campaignCreate.review.adGroup")}
      </Title>
      <Text size="sm" data-testid="review-ad-group">
        {adGroup} · {t("campaignCreate.adGroup.defaultBidShort")} {money(state.defaultBid)}
      </Text>
      <Title order={3} size="h5">
        3. {t("campaignCreate.review.productAds", { count: state.products.length })}
      </Title>
      <List size="sm" data-testid="review-products">
        {state.products.map((p) => (
          <List.Item key={p.id}>
            {p.title}{" "}
            <Text span c="dimmed" ff="monospace">
              ({p.sku}, {p.asin})
            </Text>
          </List.Item>
        ))}
      </List>
      <Title order={3} size="h5">
        4.{" "}
        {manual
          ? state.manualKind === "keywords"
            ? t("campaignCreate.review.keywords", { count: state.keywords.length })
            : t("campaignCreate.review.targets", { count: state.targets.length })
          : t("campaignCreate.review.autoTargets")}
      </Title>
      {manual && state.manualKind === "keywords" && (
        <Table verticalSpacing={2} data-testid="review-keywords">
          <Table.Tbody>
            {state.keywords.map((k) => (
              <Table.Tr key={`${k.text}|${k.matchType}`}>
                <Table.Td>{k.text}</Table.Td>
                <Table.Td>{t(`hangar.enum.${k.matchType}`)}</Table.Td>
                <Table.Td ta="right">{format.money(k.bid, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {manual && state.manualKind === "targets" && (
        <List size="sm">
          {state.targets.map((x) => (
            <List.Item key={`${x.type}|${x.value}`}>
              {x.value} · {format.money(x.bid, currency)}
            </List.Item>
          ))}
        </List>
      )}
      {!manual && (
        <List size="sm">
          {AUTO_GROUPS.map((g) => (
            <List.Item key={g}>
              {t(`campaignCreate.auto.${g}`, { currency })}: {money(state.autoBids[g])}
            </List.Item>
          ))}
        </List>
      )}
      <Title order={3} size="h5">
        5. {t("campaignCreate.review.negatives", { count: state.negatives.length })}
      </Title>
      {state.negatives.length > 0 && (
        <Text size="sm">
          {state.negatives.map((n) => `${n.text} (${t(`hangar.enum.${n.matchType}`)})`).join(", ")}
        </Text>
      )}
    </Stack>
  );
}
