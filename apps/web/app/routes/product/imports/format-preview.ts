import type { TFunction } from "i18next";
import { formatDay } from "../../../lib/dates.ts";
import { numberFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";

/** A preview cell as the API answers it: the file's text and the value as the import reads it. */
export interface PreviewCell {
  field: string;
  value: string;
  parsed: number | string | string[] | null;
  error: string | null;
}

/**
 * A preview cell in the page's formats: amounts with the locale's separators and two decimals
 * (1.234,56 / 1,234.56), dates as the locale writes them (31.12.2026 / 31/12/2026), a lifecycle
 * stage by its label, tags as a list. A cell with an error shows what the file holds.
 */
export function formatPreviewCell(cell: PreviewCell, locale: string, t: TFunction): string {
  const { parsed } = cell;
  if (cell.error || parsed === null) return cell.value;
  switch (cell.field) {
    case "cost":
    case "shippingCost":
      return typeof parsed === "number"
        ? numberFormat(intlLocale(locale), {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(parsed)
        : cell.value;
    case "costValidFrom":
      return typeof parsed === "string" ? formatDay(parsed, locale) : cell.value;
    case "lifecycle":
      return typeof parsed === "string" ? t(`catalogue.lifecycle.${parsed}`) : cell.value;
    case "tags":
      return Array.isArray(parsed) ? parsed.join(", ") : cell.value;
    default:
      return Array.isArray(parsed) ? parsed.join(", ") : String(parsed);
  }
}
