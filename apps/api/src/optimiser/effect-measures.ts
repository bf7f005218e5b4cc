/**
 * What the measured effect of an accepted recommendation is, per kind (issue 21 §1, the action
 * center's done tab): the monthly contribution-profit change the recommendation's projection
 * promised, measured on the synced daily facts around the day D Amazon applied the change. The
 * windows are D−14…D−1 ("before") and D+1…D+14 ("after"); D itself is left out (old and new
 * value share it). Contribution profit of a day = ad sales × the margin share − ad spend, the
 * share the projection used (the product's break-even ACoS); a window's sum × 30 / 14 is per
 * month, as the projected impact is. Pure: the facts in, the figures out (measured-effect.ts
 * reads them). What each kind measures, and what it cannot separate:
 *
 * - bid: the keyword's/target's profit after − before (the backtest's measure, projection.ts).
 * - state (pause, resume, archive): the same for the paused/resumed entity (keyword, target,
 *   product ad): a pause's "after" is about nothing, so its effect is the loss (or profit) it
 *   stopped; a resume's "before" is about nothing.
 * - budget: the campaign's profit after − before (a higher budget buys the capped days' traffic).
 * - keyword (a new one): its own profit over the 14 days after (it had none before), so
 *   before = 0; the traffic it takes from its source (an auto or broad target) is not netted out.
 * - negative: the search term's facts in its ad group after − before: the spend saved (before −
 *   after spend) less the sales lost (before − after sales) × the share, both reported per month
 *   beside the profit change; the traffic the term finds through other ad groups is not counted.
 */

export const EFFECT_WINDOW_DAYS = 14;

/** One day of facts of what is measured (ad sales and spend in the marketplace's currency). */
export interface DayFacts {
  date: string;
  sales: number;
  cost: number;
}

export interface EffectFigures {
  /** Monthly contribution profit in the 14 days before and after. */
  before: number;
  after: number;
  /** after − before: the monthly contribution-profit change. */
  monthly: number;
  /** A negative's monthly spend saved and sales lost (null for the other kinds). */
  spendSaved: number | null;
  salesLost: number | null;
}

export type MeasuredKind = "bid" | "state" | "budget" | "keyword" | "negative";

const DAY = 86_400_000;
const PER_MONTH = 30 / EFFECT_WINDOW_DAYS;
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const cents = (x: number) => Math.round(x * 100) / 100;

/** The facts' monthly sales and spend in a window (days `from`…`to`, both included). */
function monthlyTotals(facts: readonly DayFacts[], from: string, to: string) {
  let sales = 0;
  let cost = 0;
  for (const f of facts)
    if (f.date >= from && f.date <= to) {
      sales += f.sales;
      cost += f.cost;
    }
  return { sales: sales * PER_MONTH, cost: cost * PER_MONTH };
}

function windows(appliedOn: string) {
  return {
    before: [addDays(appliedOn, -EFFECT_WINDOW_DAYS), addDays(appliedOn, -1)] as const,
    after: [addDays(appliedOn, 1), addDays(appliedOn, EFFECT_WINDOW_DAYS)] as const,
  };
}

/** One entity's (or campaign's) profit after against before. */
function profitChange(facts: readonly DayFacts[], appliedOn: string, share: number): EffectFigures {
  const w = windows(appliedOn);
  const b = monthlyTotals(facts, ...w.before);
  const a = monthlyTotals(facts, ...w.after);
  const before = b.sales * share - b.cost;
  const after = a.sales * share - a.cost;
  return {
    before: cents(before),
    after: cents(after),
    monthly: cents(after - before),
    spendSaved: null,
    salesLost: null,
  };
}

/** A bid: the keyword's/target's facts. */
export function measureBid(facts: readonly DayFacts[], appliedOn: string, share: number) {
  return profitChange(facts, appliedOn, share);
}

/** A pause, resume or archive: the entity's facts (keyword, target or product ad). */
export function measureState(facts: readonly DayFacts[], appliedOn: string, share: number) {
  return profitChange(facts, appliedOn, share);
}

/** A budget: the campaign's facts. */
export function measureBudget(facts: readonly DayFacts[], appliedOn: string, share: number) {
  return profitChange(facts, appliedOn, share);
}

/** A new keyword: its own facts after its creation; nothing before (it did not exist). */
export function measureKeyword(
  facts: readonly DayFacts[],
  appliedOn: string,
  share: number,
): EffectFigures {
  const a = monthlyTotals(facts, ...windows(appliedOn).after);
  const after = cents(a.sales * share - a.cost);
  return { before: 0, after, monthly: after, spendSaved: null, salesLost: null };
}

/** A negative: the search term's facts in its ad group, spend saved and sales lost. */
export function measureNegative(
  facts: readonly DayFacts[],
  appliedOn: string,
  share: number,
): EffectFigures {
  const w = windows(appliedOn);
  const b = monthlyTotals(facts, ...w.before);
  const a = monthlyTotals(facts, ...w.after);
  const spendSaved = b.cost - a.cost;
  const salesLost = b.sales - a.sales;
  const before = b.sales * share - b.cost;
  const after = a.sales * share - a.cost;
  return {
    before: cents(before),
    after: cents(after),
    // = spend saved − sales lost × share
    monthly: cents(after - before),
    spendSaved: cents(spendSaved),
    salesLost: cents(salesLost),
  };
}

export const MEASURES: Record<
  MeasuredKind,
  (facts: readonly DayFacts[], appliedOn: string, share: number) => EffectFigures
> = {
  bid: measureBid,
  state: measureState,
  budget: measureBudget,
  keyword: measureKeyword,
  negative: measureNegative,
};

/**
 * The margin share of ad sales the projection used: the break-even ACoS the run stored with the
 * recommendation's inputs, else its target ACoS (as `decisionImpact` falls back), else the
 * target ACoS of its reason; null when the run stored none (older runs' non-bid kinds).
 */
export function marginShare(
  inputs: Record<string, unknown> | null,
  reasonParams: Record<string, unknown> | null = null,
): number | null {
  for (const value of [inputs?.breakEvenAcos, inputs?.targetAcos, reasonParams?.targetAcos])
    if (typeof value === "number" && value > 0) return value;
  return null;
}
