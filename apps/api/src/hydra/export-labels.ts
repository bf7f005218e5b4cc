import { reasonSentence } from "@starport/optimiser/reason-sentence";

/**
 * The words an export writes: headers in the terms the screens use, coded values in words, and
 * the columns of the resources whose files have their own (the change history, the optimiser's
 * proposals). hydra/export.ts writes the files; this is what they say.
 */

export type Locale = "de" | "en";

export interface ColumnSpec {
  label: Record<Locale, string>;
  kind?: "money" | "percent" | "number" | "text";
  /** The column's codes in words ("applied" → "Übernommen"). */
  values?: Record<string, Record<Locale, string>>;
  /** A column computed from the member (not one of its fields), in the export's language. */
  compute?: (member: Record<string, unknown>, locale: Locale) => unknown;
}

/**
 * Header labels of the usual fields, in the terms the screens use for the same column (the web's
 * `hangar.column.*` and `hangar.metric.*`; apps/api/test/export-terms.test.ts holds them equal);
 * other fields keep their name. Dotted paths name nested fields (`placementBidding.topOfSearch`).
 */
export const LABELS: Record<string, Record<Locale, string>> = {
  name: { de: "Name", en: "Name" },
  state: { de: "Status", en: "State" },
  targetingType: { de: "Targeting", en: "Targeting" },
  budget: { de: "Tagesbudget", en: "Daily budget" },
  budgetType: { de: "Budgetart", en: "Budget type" },
  biddingStrategy: { de: "Gebotsstrategie", en: "Bidding strategy" },
  "placementBidding.topOfSearch": {
    de: "Platzierungsanpassung Oben in den Suchergebnissen",
    en: "Placement adjustment Top of search",
  },
  "placementBidding.restOfSearch": {
    de: "Platzierungsanpassung Restliche Suchergebnisse",
    en: "Placement adjustment Rest of search",
  },
  "placementBidding.productPage": {
    de: "Platzierungsanpassung Produktseiten",
    en: "Placement adjustment Product pages",
  },
  defaultBid: { de: "Standardgebot", en: "Default bid" },
  bid: { de: "Gebot", en: "Bid" },
  keywordText: { de: "Keyword", en: "Keyword" },
  matchType: { de: "Übereinstimmung", en: "Match type" },
  expressionText: { de: "Ausdruck", en: "Expression" },
  level: { de: "Ebene", en: "Level" },
  "product.title": { de: "Produkt", en: "Product" },
  sku: { de: "SKU", en: "SKU" },
  asin: { de: "ASIN", en: "ASIN" },
  title: { de: "Titel", en: "Title" },
  searchTerm: { de: "Suchbegriff", en: "Search term" },
  matchedText: { de: "Ausgelöst durch", en: "Matched by" },
  placement: { de: "Platzierung", en: "Placement" },
  isKeyword: { de: "Bereits vorhanden: Keyword", en: "Already present: Keyword" },
  isNegative: { de: "Bereits vorhanden: Negativ", en: "Already present: Negative" },
  date: { de: "Datum", en: "Date" },
  impressions: { de: "Impressionen", en: "Impressions" },
  clicks: { de: "Klicks", en: "Clicks" },
  cost: { de: "Ausgaben", en: "Spend" },
  orders: { de: "Bestellungen", en: "Orders" },
  units: { de: "Einheiten", en: "Units" },
  sales: { de: "Umsatz", en: "Sales" },
  acos: { de: "ACoS", en: "ACoS" },
  roas: { de: "ROAS", en: "ROAS" },
  ctr: { de: "CTR", en: "CTR" },
  cvr: { de: "Konversionsrate", en: "Conversion rate" },
  cpc: { de: "CPC", en: "CPC" },
  currency: { de: "Währung", en: "Currency" },
  total: { de: "Summe", en: "Total" },
};

/** What a collection's `name` is, per resource path: the screens' column says which name. */
export const NAME_LABELS: Record<string, Record<Locale, string>> = {
  campaigns: { de: "Kampagne", en: "Campaign" },
  ad_groups: { de: "Anzeigengruppe", en: "Ad group" },
};

/**
 * Amazon's coded values as the screens word them (the web's `hangar.state.*`, `hangar.enum.*`
 * and `hangar.placement.*`): a seller's file says "Pausiert", never "PAUSED".
 */
export const VALUE_LABELS: Record<string, Record<Locale, string>> = {
  ENABLED: { de: "Aktiv", en: "Enabled" },
  PAUSED: { de: "Pausiert", en: "Paused" },
  ARCHIVED: { de: "Archiviert", en: "Archived" },
  MANUAL: { de: "Manuell", en: "Manual" },
  AUTO: { de: "Automatisch", en: "Automatic" },
  EXACT: { de: "Genau", en: "Exact" },
  PHRASE: { de: "Wortgruppe", en: "Phrase" },
  BROAD: { de: "Weitgehend", en: "Broad" },
  NEGATIVE_EXACT: { de: "Negativ genau", en: "Negative exact" },
  NEGATIVE_PHRASE: { de: "Negativ Wortgruppe", en: "Negative phrase" },
  TARGETING_EXPRESSION: { de: "Ausdruck", en: "Expression" },
  TARGETING_EXPRESSION_PREDEFINED: { de: "Automatisch", en: "Automatic" },
  adGroup: { de: "Anzeigengruppe", en: "Ad group" },
  campaign: { de: "Kampagne", en: "Campaign" },
  DAILY: { de: "Tag", en: "day" },
  LEGACY_FOR_SALES: { de: "Dynamisch – nur senken", en: "Dynamic – down only" },
  AUTO_FOR_SALES: { de: "Dynamisch – erhöhen und senken", en: "Dynamic – up and down" },
  MANUAL_BIDDING: { de: "Feste Gebote", en: "Fixed bids" },
  RULE_BASED: { de: "Regelbasiert", en: "Rule-based" },
  TOP_OF_SEARCH: { de: "Oben in den Suchergebnissen", en: "Top of search" },
  REST_OF_SEARCH: { de: "Restliche Suchergebnisse", en: "Rest of search" },
  PRODUCT_PAGES: { de: "Produktseiten", en: "Product pages" },
};
/** The fields whose values are codes (VALUE_LABELS); any other text is written as it is. */
export const CODED_FIELDS = new Set([
  "state",
  "targetingType",
  "budgetType",
  "biddingStrategy",
  "matchType",
  "expressionType",
  "level",
  "placement",
]);
/** A decision's reason as a sentence (`reasonCode` and `reasonParams`, @starport/optimiser). */
const REASON_SENTENCE: ColumnSpec = {
  label: { de: "Begründung", en: "Reason" },
  kind: "text",
  compute: (member, locale) =>
    reasonSentence(
      typeof member.reasonCode === "string" ? member.reasonCode : null,
      (member.reasonParams as Record<string, unknown> | null) ?? null,
      { locale },
    ) ?? (typeof member.reasonText === "string" ? member.reasonText : null),
};
/** A change's author kinds in words (the web's `changes.author.*`). */
const AUTHOR_KINDS: Record<string, Record<Locale, string>> = {
  user: { de: "Ein Benutzer", en: "A user" },
  optimiser: { de: "Gebotsoptimierung", en: "Bid optimiser" },
  rule: { de: "Regel", en: "Rule" },
  strategy: { de: "Strategie", en: "Strategy" },
  undo: { de: "Rückgängig", en: "Undo" },
};
/** "Admin X for Y": an administrator acted while viewing Starport as Y (`changes.author.impersonated`). */
function impersonated(author: string, actorName: unknown, locale: Locale): string {
  if (typeof actorName !== "string" || !actorName) return author;
  return locale === "de"
    ? `${actorName} (Administrator) für ${author}`
    : `${actorName} (administrator) for ${author}`;
}
/** Who made a change, the administrator named when they acted for its author. */
const CHANGE_AUTHOR: ColumnSpec = {
  label: { de: "Urheber", en: "Author" },
  kind: "text",
  compute: (member, locale) => {
    const kind = String(member.authorKind ?? "user");
    return impersonated(AUTHOR_KINDS[kind]?.[locale] ?? kind, member.actorName, locale);
  },
};
/** Who decided a proposal (empty while nobody has), the administrator named when they did. */
const DECIDED_BY: ColumnSpec = {
  label: { de: "Entschieden von", en: "Decided by" },
  kind: "text",
  compute: (member, locale) =>
    member.decidedBy
      ? impersonated(AUTHOR_KINDS.user![locale], member.decidedByActorName, locale)
      : null,
};
/** The change history's columns (the web's `changeHistory.*`, `changes.*`), codes in words. */
const CHANGE_COLUMNS: Record<string, ColumnSpec> = {
  createdAt: { label: { de: "Zeitpunkt", en: "When" }, kind: "text" },
  entityType: {
    label: { de: "Art des Eintrags", en: "Kind of entry" },
    kind: "text",
    values: {
      campaigns: { de: "Kampagne", en: "Campaign" },
      ad_groups: { de: "Anzeigengruppe", en: "Ad group" },
      keywords: { de: "Keyword", en: "Keyword" },
      targets: { de: "Produkt-Targeting", en: "Product target" },
      negative_keywords: { de: "Auszuschließendes Keyword", en: "Negative keyword" },
      negative_targets: { de: "Auszuschließendes Targeting", en: "Negative target" },
      product_ads: { de: "Produktanzeige", en: "Product ad" },
    },
  },
  entityLabel: { label: { de: "Eintrag", en: "Entry" }, kind: "text" },
  field: {
    label: { de: "Feld", en: "Field" },
    kind: "text",
    values: {
      bid: { de: "Gebot", en: "Bid" },
      budget: { de: "Tagesbudget", en: "Daily budget" },
      state: { de: "Status", en: "State" },
      biddingStrategy: { de: "Gebotsstrategie", en: "Bidding strategy" },
      placementTopOfSearch: { de: "Oben in den Suchergebnissen", en: "Top of search" },
      placementProductPage: { de: "Produktseiten", en: "Product pages" },
      placementRestOfSearch: { de: "Rest der Suchergebnisse", en: "Rest of search" },
      name: { de: "Name", en: "Name" },
      startDate: { de: "Startdatum", en: "Start date" },
      endDate: { de: "Enddatum", en: "End date" },
    },
  },
  oldValue: { label: { de: "Vorher", en: "Before" }, kind: "text", values: VALUE_LABELS },
  newValue: { label: { de: "Nachher", en: "After" }, kind: "text", values: VALUE_LABELS },
  authorKind: {
    label: { de: "Urheber", en: "Author" },
    kind: "text",
    values: AUTHOR_KINDS,
  },
  authorLabel: CHANGE_AUTHOR,
  status: {
    label: { de: "Status", en: "Status" },
    kind: "text",
    values: {
      pending: { de: "Wartet", en: "Pending" },
      applying: { de: "Wird gesendet", en: "Sending" },
      applied: { de: "Übernommen", en: "Applied" },
      failed: { de: "Fehlgeschlagen", en: "Failed" },
      superseded: { de: "Ersetzt", en: "Superseded" },
    },
  },
  errorCode: { label: { de: "Fehler", en: "Error" }, kind: "text" },
  errorMessage: { label: { de: "Antwort von Amazon", en: "Amazon's answer" }, kind: "text" },
  reasonSentence: REASON_SENTENCE,
};

/** The optimiser's proposals (the bid optimisation log's "proposed" rows), codes in words. */
const RECOMMENDATION_COLUMNS: Record<string, ColumnSpec> = {
  createdAt: CHANGE_COLUMNS.createdAt!,
  kind: {
    label: { de: "Art", en: "Kind" },
    kind: "text",
    values: {
      bid: { de: "Gebot", en: "Bid" },
      keyword: { de: "Neues Keyword", en: "New keyword" },
      negative: { de: "Negatives Keyword", en: "Negative keyword" },
      budget: { de: "Tagesbudget", en: "Daily budget" },
      state: { de: "Status", en: "State" },
    },
  },
  entityType: CHANGE_COLUMNS.entityType!,
  subject: { label: { de: "Begriff", en: "Term" }, kind: "text" },
  currentValue: { label: { de: "Vorher", en: "Before" }, kind: "text", values: VALUE_LABELS },
  proposedValue: { label: { de: "Vorschlag", en: "Proposed" }, kind: "text", values: VALUE_LABELS },
  reasonSentence: REASON_SENTENCE,
  impact: { label: { de: "Gewinnwirkung pro Monat", en: "Profit impact a month" }, kind: "money" },
  status: {
    label: { de: "Status", en: "Status" },
    kind: "text",
    values: {
      open: { de: "Offen", en: "Open" },
      accepted: { de: "Angenommen", en: "Accepted" },
      rejected: { de: "Abgelehnt", en: "Rejected" },
      snoozed: { de: "Zurückgestellt", en: "Snoozed" },
      applied: { de: "Übernommen", en: "Applied" },
      superseded: { de: "Ersetzt", en: "Superseded" },
    },
  },
  decidedByLabel: DECIDED_BY,
};

/** Resources whose export has columns of its own, by path. */
export const RESOURCE_COLUMNS: Record<string, Record<string, ColumnSpec>> = {
  changes: CHANGE_COLUMNS,
  recommendations: RECOMMENDATION_COLUMNS,
};
