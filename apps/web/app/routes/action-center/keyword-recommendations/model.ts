/**
 * Keyword recommendations of one ad group (issue 21 §2), the part shared by the screen and its
 * server half: the tabs, the rows each tab offers, the check of pasted keyword ideas and the
 * clamp to the marketplace's bid limits. Pure, so the browser checks 5,000 pasted lines itself.
 */

export const KEYWORD_TABS = ["search", "user", "amazon"] as const;
export type KeywordTab = (typeof KEYWORD_TABS)[number];
export const MATCH_TYPES = ["EXACT", "PHRASE", "BROAD"] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export function tabOf(params: URLSearchParams): KeywordTab {
  const tab = params.get("tab");
  return (KEYWORD_TABS as readonly string[]).includes(tab ?? "") ? (tab as KeywordTab) : "search";
}

/** A keyword the seller may add: text, match type and bid, editable before adding. */
export interface Candidate {
  /** Stable within the tab (the text in lower case, with the match type on the Amazon tab). */
  key: string;
  keywordText: string;
  matchType: MatchType;
  bid: number;
}

/**
 * Another ad group the term came through (an auto target or a broad or phrase keyword), of the
 * same campaign or of another campaign advertising the same product: harvesting it there goes
 * with a negative exact of the term in that ad group.
 */
export interface TermSource {
  adGroupId: string;
  adGroupName: string;
  /** The source's campaign when it is another campaign than the ad group's (else null). */
  campaignName: string | null;
  /** The keyword or target text the term matched, with the keyword's match type. */
  via: string | null;
  matchType: string | null;
  /** Already a negative of the source ad group (or of the campaign): no second negation. */
  negated: boolean;
}

/** The most ad groups of other campaigns the search tab harvests from (those with most clicks). */
export const SOURCE_LIMIT = 20;

export interface SearchCandidate extends Candidate {
  /** The term converted (or had clicks) in this ad group itself. */
  own: boolean;
  /** The other ad groups it came through, at most one entry per ad group. */
  sources: TermSource[];
  clicks: number;
  orders: number;
  cost: number;
  /** orders / clicks of the term in the window. */
  cvr: number;
  /** The term's CVR shrunk toward the ad group's (empirical Bayes). */
  shrunkCvr: number;
}

export interface AmazonCandidate extends Candidate {
  rank: number;
  amazonBid: { low: number; median: number; high: number } | null;
  /** Already a keyword of the ad group (any match type). */
  isKeyword: boolean;
}

export interface Limits {
  minBid: number;
  maxBid: number;
}

/** Within the marketplace's bid limits, in cents. */
export function clampBid(bid: number, limits: Limits): number {
  const clamped = Math.min(limits.maxBid, Math.max(limits.minBid, bid));
  return Math.round(clamped * 100) / 100;
}

/** Normalised for comparisons: trimmed, single spaces, lower case. */
export function normaliseKeyword(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

export const MAX_KEYWORD_CHARS = 80;
export const MAX_KEYWORD_WORDS = 10;
/** Letters (any script), digits, spaces and the punctuation Amazon keeps in keywords. */
const SUPPORTED = /^[\p{L}\p{M}\p{N} '&.+-]+$/u;

export type LineProblem =
  | "empty"
  | "duplicate"
  | "tooLong"
  | "unsupported"
  | "isKeyword"
  | "isNegative";

export interface IdeaLine {
  /** 1-based line number in the pasted text. */
  line: number;
  text: string;
  problem: LineProblem | null;
}

/**
 * Each pasted line with what is wrong with it, if anything: empty, a duplicate of an earlier line
 * (case-insensitive), too long for Amazon (> 80 characters or > 10 words), characters Amazon does
 * not take, already a keyword or already a negative of the ad group. Linear in the lines.
 */
export function checkIdeas(
  text: string,
  keywords: ReadonlySet<string>,
  negatives: ReadonlySet<string>,
): IdeaLine[] {
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  // A trailing newline is not a line of its own.
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines.map((raw, index) => {
    const display = raw.trim().replace(/\s+/g, " ");
    const key = display.toLowerCase();
    let problem: LineProblem | null = null;
    if (!display) problem = "empty";
    else if (display.length > MAX_KEYWORD_CHARS || display.split(" ").length > MAX_KEYWORD_WORDS)
      problem = "tooLong";
    else if (!SUPPORTED.test(display)) problem = "unsupported";
    else if (seen.has(key)) problem = "duplicate";
    else if (keywords.has(key)) problem = "isKeyword";
    else if (negatives.has(key)) problem = "isNegative";
    if (display) seen.add(key);
    return { line: index + 1, text: display, problem };
  });
}

/** What the route action takes: the keywords to stage in the tray. */
export interface AddRow {
  key: string;
  keywordText: string;
  matchType: MatchType;
  bid: number;
  /** Source ad groups in which the term is negated (negative exact) with the harvest. */
  negate: string[];
}

/** One staged creation's answer: its change in the tray, or the API's refusal. */
export interface StageResult {
  ok: boolean;
  message: string | null;
  changeId: string | null;
}

export interface RowResult extends StageResult {
  key: string;
  /** The source negations staged with the keyword, per source ad group. */
  negations: (StageResult & { adGroupId: string })[];
}

export type AddResult =
  | { ok: true; tab: KeywordTab; results: RowResult[] }
  | { ok: false; tab: KeywordTab; message: string };

/** Where each tab's additions come from, as the tray names it (changes.reason.*). */
export const REASON_OF_TAB: Record<KeywordTab, string> = {
  search: "search_term_harvest",
  user: "keyword_idea",
  amazon: "amazon_keyword_recommendation",
};

/** The reason of a source negation staged with a harvested search term. */
export const NEGATION_REASON = "search_term_harvest_negation";

/** Where a staged creation stands: in the tray, being pushed, applied or failed on Amazon. */
export type Stage = "inTray" | "pending" | "applied" | "failed";

/**
 * Pure: a staged creation's stage from the pushed batch's changes (by id): not among them, it
 * still waits in the tray; failed with Amazon's message (else its error code).
 */
export function stageOf(
  result: StageResult,
  pushed: ReadonlyMap<
    string,
    { status: string; errorMessage: string | null; errorCode: string | null }
  >,
): { stage: Stage; message: string | null } {
  const change = result.changeId ? pushed.get(result.changeId) : undefined;
  if (!change) return { stage: "inTray", message: null };
  if (change.status === "applied") return { stage: "applied", message: null };
  if (change.status === "failed")
    return { stage: "failed", message: change.errorMessage ?? change.errorCode };
  return { stage: "pending", message: null };
}
