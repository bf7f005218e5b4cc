/**
 * A decision's reason as the sentence the bid optimisation log shows and exports, in German or
 * English, built from its reason code and parameters (never stored as text: the same decision
 * reads in either language, with the locale's numbers, percentages and money):
 *
 *   de: "12 Klicks, 0 Bestellungen; geschätzte CVR 4,1 % (Anzeigengruppe 7,9 %); Ziel-ACoS 25 % → Gebot 0,61 €"
 *   en: "12 clicks, 0 orders; estimated CVR 4.1% (ad group 7.9%); target ACoS 25% → bid €0.61"
 *
 * Pure and free of the optimiser's code, so a screen can import it alone
 * (`@starport/optimiser/reason-sentence`).
 */

export type SentenceLocale = "de" | "en";

export interface SentenceOptions {
  locale: SentenceLocale;
  /** The marketplace's currency (ISO code); without it, money is a plain number. */
  currency?: string | null;
}

type Params = Readonly<Record<string, unknown>>;

/** German as in Germany, English as in Britain: the web's `intlLocale`. */
const TAG: Record<SentenceLocale, string> = { de: "de-DE", en: "en-GB" };

function num(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

interface Formats {
  count(value: unknown): string;
  percent(value: unknown): string;
  money(value: unknown): string;
}

function formatsOf({ locale, currency }: SentenceOptions): Formats {
  const tag = TAG[locale];
  const count = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 1 });
  const money = currency
    ? new Intl.NumberFormat(tag, { style: "currency", currency })
    : new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const safe = (format: Intl.NumberFormat) => (value: unknown) => {
    const n = num(value);
    return n === null ? "–" : format.format(n);
  };
  return { count: safe(count), percent: safe(percent), money: safe(money) };
}

/** "1 Klick" / "12 Klicks": the noun agrees with its number. */
function counted(f: Formats, value: unknown, one: string, many: string): string {
  return `${f.count(value)} ${num(value) === 1 ? one : many}`;
}

const WORDS = {
  de: {
    click: ["Klick", "Klicks"],
    order: ["Bestellung", "Bestellungen"],
    estimatedCvr: "geschätzte CVR",
    adGroup: "Anzeigengruppe",
    targetAcos: "Ziel-ACoS",
    bid: "Gebot",
    spendWeighted: " (nach Ausgaben gewichtetes Ziel der beworbenen Produkte)",
    fixedFallback: " (fester Zielwert: das Produkt hat keine Wirtschaftlichkeitsdaten)",
    limited: " (begrenzt durch die maximale Änderung je Lauf bzw. die Gebotsgrenzen)",
    discovery: (bid: string) =>
      `Noch keine Impressionen → Gebot schrittweise erhöht auf ${bid}, bis das Ziel Traffic bekommt`,
    lowCoverBid: (bid: string) => `; geringe Lagerreichweite → Gebot gesenkt auf ${bid}`,
    lowCoverPause: (asin: string, days: string) =>
      `${asin}: Der Bestand reicht nur noch ${days} Tage → Anzeige pausiert`,
    outOfStockBid: (bid: string) => `Produkt nicht vorrätig → Gebot gesenkt auf ${bid}`,
    pauseOutOfStock: (asin: string, stock: string) =>
      `${asin} ist nicht mehr vorrätig (Bestand ${stock}) → Anzeige pausiert`,
    resumeOnRestock: (asin: string, stock: string) =>
      `${asin} ist wieder vorrätig (Bestand ${stock}) → Anzeige fortgesetzt`,
    negative: (facts: string, spend: string, p: string, be: string) =>
      `${facts}, Ausgaben ${spend}; die CVR liegt mit ${p} Wahrscheinlichkeit unter der Break-even-CVR ${be} → negativ exakt`,
    harvest: (facts: string, acos: string, bid: string) =>
      `${facts}; erwarteter ACoS ${acos} unter dem Ziel → exaktes Keyword mit Gebot ${bid}`,
    harvestSource: (orders: string) =>
      `Als exaktes Keyword in eine andere Anzeigengruppe übernommen (${orders}) → hier negativ exakt, damit beide nicht gegeneinander bieten`,
    budget: (capped: string, days: string, acos: string, target: string, gain: string) =>
      `An ${capped} von ${days} Tagen vom Budget begrenzt bei ACoS ${acos} (Ziel ${target}) → Budget erhöht; erwarteter Mehrgewinn ${gain} im Monat`,
  },
  en: {
    click: ["click", "clicks"],
    order: ["order", "orders"],
    estimatedCvr: "estimated CVR",
    adGroup: "ad group",
    targetAcos: "target ACoS",
    bid: "bid",
    spendWeighted: " (spend-weighted target of the advertised products)",
    fixedFallback: " (fixed target: the product has no economics)",
    limited: " (limited by the maximum change per run or the bid bounds)",
    discovery: (bid: string) =>
      `No impressions yet → bid stepped up to ${bid} until the target gets traffic`,
    lowCoverBid: (bid: string) => `; low stock cover → bid lowered to ${bid}`,
    lowCoverPause: (asin: string, days: string) =>
      `${asin}: stock lasts only ${days} more days → ad paused`,
    outOfStockBid: (bid: string) => `Product out of stock → bid lowered to ${bid}`,
    pauseOutOfStock: (asin: string, stock: string) =>
      `${asin} is out of stock (stock ${stock}) → ad paused`,
    resumeOnRestock: (asin: string, stock: string) =>
      `${asin} is back in stock (stock ${stock}) → ad resumed`,
    negative: (facts: string, spend: string, p: string, be: string) =>
      `${facts}, spend ${spend}; CVR below the break-even CVR ${be} with ${p} probability → negative exact`,
    harvest: (facts: string, acos: string, bid: string) =>
      `${facts}; expected ACoS ${acos} beats the target → exact keyword with bid ${bid}`,
    harvestSource: (orders: string) =>
      `Harvested as an exact keyword in another ad group (${orders}) → negative exact here, so the two do not bid against each other`,
    budget: (capped: string, days: string, acos: string, target: string, gain: string) =>
      `Capped by its budget on ${capped} of ${days} days at ACoS ${acos} (target ${target}) → budget raised; expected gain ${gain} a month`,
  },
} as const;

/** The sentence of a reason code and its parameters; null for a code the log does not know. */
export function reasonSentence(
  code: string | null | undefined,
  params: Params | null | undefined,
  options: SentenceOptions,
): string | null {
  const p = params ?? {};
  const f = formatsOf(options);
  const w = WORDS[options.locale];
  const facts = `${counted(f, p.clicks, w.click[0], w.click[1])}, ${counted(f, p.orders, w.order[0], w.order[1])}`;
  const cvr = `${w.estimatedCvr} ${f.percent(p.cvr)} (${w.adGroup} ${f.percent(p.parentCvr)})`;
  const target = `${w.targetAcos} ${f.percent(p.targetAcos)}${
    p.targetSource === "spendWeighted"
      ? w.spendWeighted
      : p.targetSource === "fixedFallback"
        ? w.fixedFallback
        : ""
  }`;
  const limited = p.limited === true ? w.limited : "";
  switch (code) {
    case "bidOnTarget":
      return `${facts}; ${cvr}; ${target} → ${w.bid} ${f.money(p.bid)}${limited}`;
    case "bidDiscovery":
      return `${w.discovery(f.money(p.bid))}${limited}`;
    case "bidLowCover":
      if (typeof p.asin === "string") return w.lowCoverPause(p.asin, f.count(p.daysOfCover));
      return `${facts}; ${cvr}; ${target}${w.lowCoverBid(f.money(p.bid))}`;
    case "bidOutOfStock":
      return w.outOfStockBid(f.money(p.bid));
    case "pauseOutOfStock":
      return w.pauseOutOfStock(String(p.asin ?? "–"), f.count(p.stock));
    case "resumeOnRestock":
      return w.resumeOnRestock(String(p.asin ?? "–"), f.count(p.stock));
    case "negativeByProbability":
      return w.negative(
        facts,
        f.money(p.spend),
        f.percent(p.probability),
        f.percent(p.breakEvenCvr),
      );
    case "harvestKeyword":
      return w.harvest(
        `${counted(f, p.orders, w.order[0], w.order[1])} / ${counted(f, p.clicks, w.click[0], w.click[1])}`,
        f.percent(p.posteriorAcos),
        f.money(p.bid),
      );
    case "harvestNegateSource":
      return w.harvestSource(counted(f, p.orders, w.order[0], w.order[1]));
    case "budgetCapped":
      return w.budget(
        f.count(p.cappedDays),
        f.count(p.days),
        f.percent(p.acos),
        f.percent(p.targetAcos),
        f.money(p.expectedGainMonthly),
      );
    default:
      return null;
  }
}
