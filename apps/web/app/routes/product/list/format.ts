import { dateTimeFormat, numberFormat, percentFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
/** Locale formats of the product list (Intl, never hand-built). */
export function formatters(locale: string) {
  const tag = intlLocale(locale);
  const number = numberFormat(tag, { maximumFractionDigits: 1 });
  const percent = percentFormat(tag);
  const date = dateTimeFormat(tag, { dateStyle: "medium" });
  return {
    money(value: number | null | undefined, currency: string) {
      if (value === null || value === undefined) return null;
      return numberFormat(tag, { style: "currency", currency }).format(value);
    },
    number(value: number | null | undefined) {
      return value === null || value === undefined ? null : number.format(value);
    },
    percent(value: number | null | undefined) {
      return value === null || value === undefined ? null : percent.format(value);
    },
    date(value: string | null | undefined) {
      return value ? date.format(new Date(value)) : null;
    },
  };
}
