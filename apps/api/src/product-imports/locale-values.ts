/**
 * Numbers and dates as sellers type them in German or English spreadsheets: `1.234,56`,
 * `1,234.56`, `12,5 %`, `€ 3,50`, `31.12.2026`, `2026-12-31`. One parser for every import field.
 */

export interface ParsedNumber {
  value: number;
  percent: boolean;
}

const CURRENCY_MARKS = /[€$£]|EUR|USD|GBP|SEK|PLN|CHF/gi;

/** Parses a locale-formatted number; null when it is not one. */
export function parseLocaleNumber(input: string | number): ParsedNumber | null {
  if (typeof input === "number")
    return Number.isFinite(input) ? { value: input, percent: false } : null;
  let text = input.replace(/[\s\u00a0\u202f]/g, "").replace(CURRENCY_MARKS, "");
  let percent = false;
  if (text.endsWith("%")) {
    percent = true;
    text = text.slice(0, -1);
  }
  let sign = 1;
  if (text.startsWith("-") || text.startsWith("\u2212")) {
    sign = -1;
    text = text.slice(1);
  } else if (text.startsWith("+")) text = text.slice(1);
  if (!/^[\d.,']+$/.test(text) || !/\d/.test(text)) return null;
  text = text.replace(/'/g, "");
  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  let integer: string;
  let fraction = "";
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the later one is the decimal separator, the other groups thousands.
    const decimal = lastDot > lastComma ? "." : ",";
    const group = decimal === "." ? "," : ".";
    const at = text.lastIndexOf(decimal);
    integer = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (!groupedOk(integer, group) || !/^\d+$/.test(fraction)) return null;
    integer = integer.split(group).join("");
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? "." : ",";
    const parts = text.split(mark);
    if (parts.length > 2) {
      // 1.234.567 or 1,234,567: grouping only.
      if (!groupedOk(text, mark)) return null;
      integer = parts.join("");
    } else if (mark === "." && /^\d{1,3}\.\d{3}$/.test(text)) {
      // 1.234: German thousands (money never has three decimals).
      integer = parts.join("");
    } else {
      integer = parts[0] ?? "";
      fraction = parts[1] ?? "";
      if (integer === "" && fraction === "") return null;
      if (!/^\d*$/.test(integer) || !/^\d+$/.test(fraction)) return null;
    }
  } else {
    integer = text;
  }
  const value = sign * Number(`${integer || "0"}.${fraction || "0"}`);
  return Number.isFinite(value) ? { value: Object.is(value, -0) ? 0 : value, percent } : null;
}

function groupedOk(text: string, group: string): boolean {
  if (!text.includes(group)) return /^\d+$/.test(text);
  const parts = text.split(group);
  return /^\d{1,3}$/.test(parts[0] ?? "") && parts.slice(1).every((part) => /^\d{3}$/.test(part));
}

/** `31.12.2026`, `31.12.26`, `31/12/2026`, `2026-12-31` or a spreadsheet date → `2026-12-31`. */
export function parseLocaleDate(input: string | number | Date): string | null {
  if (input instanceof Date) {
    return Number.isNaN(input.getTime()) ? null : input.toISOString().slice(0, 10);
  }
  const text = String(input).trim();
  let year: number;
  let month: number;
  let day: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (match) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{1,2})[./](\d{1,2})[./](\d{2}|\d{4})$/.exec(text);
    if (!match) return null;
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (year < 100) year += 2000;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return date.toISOString().slice(0, 10);
}
