import "@mantine/dates/styles.css";
import "dayjs/locale/de";
import type { MantineSize } from "@mantine/core";
import { DateInput, DatesProvider } from "@mantine/dates";
import { useTranslation } from "react-i18next";

/** How a day is written in each UI language (31.12.2026, 31/12/2026). */
export const DATE_FORMATS = { de: "DD.MM.YYYY", en: "DD/MM/YYYY" } as const;
const PLACEHOLDERS = { de: "TT.MM.JJJJ", en: "DD/MM/YYYY" } as const;

/**
 * A typed day as `YYYY-MM-DD`, or null: the locale's form (31.12.2026, 31/12/2026, also with one
 * digit for day or month and two for the year) or ISO (2026-12-31). Impossible days (31.02.) are
 * null, never rolled over into the next month.
 */
export function parseDay(text: string): string | null {
  const value = text.trim();
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const local = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) {
    [day, month, year] = [Number(local[1]), Number(local[2]), Number(local[3])];
    if (local[3]?.length === 2) year += 2000;
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date field in the page's language (not the browser's, as a native date input would be): shows
 * and accepts 31.12.2026 on German pages and 31/12/2026 on English ones, with a calendar. The
 * value stays `YYYY-MM-DD` ("" when empty).
 */
export function DateField({
  value,
  onChange,
  required = false,
  ...props
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  description?: string;
  error?: string | undefined;
  name?: string;
  required?: boolean;
  minDate?: string;
  maxDate?: string;
  /** The filter bars' compact size (xs), as the inputs beside it; forms keep the default. */
  size?: MantineSize;
  "data-testid"?: string;
}) {
  const { i18n } = useTranslation();
  const locale = i18n.language === "en" ? "en" : "de";
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>
      <DateInput
        {...props}
        required={required}
        clearable={!required}
        valueFormat={DATE_FORMATS[locale]}
        placeholder={PLACEHOLDERS[locale]}
        dateParser={parseDay}
        value={value || null}
        onChange={(next) => onChange(next ?? "")}
      />
    </DatesProvider>
  );
}
