import { useTranslation } from "react-i18next";
import { numberFormat } from "./intl-format.ts";
import { intlLocale } from "./intl-locale.ts";
import { useLocale } from "./use-locale.ts";

/** The dense look of every working table (Hangar, the queue, the log, keyword recommendations). */
export const DENSE_TABLE = {
  withTableBorder: true,
  borderRadius: "sm",
  striped: true,
  highlightOnHover: true,
  verticalSpacing: 4,
  horizontalSpacing: "xs",
  fz: "sm",
} as const;

/**
 * What mantine-datatable writes in English, in the page's language: the screen-reader labels
 * (selection boxes, page arrows) and the pagination text ("1–50 von 1.234"). Spread into every
 * <DataTable>.
 */
export function useDataTableLabels() {
  const { t } = useTranslation();
  const number = numberFormat(intlLocale(useLocale()));
  return {
    paginationText: ({
      from,
      to,
      totalRecords,
    }: {
      from: number;
      to: number;
      totalRecords: number;
    }) =>
      t("hangar.table.pagination", {
        from: number.format(from),
        to: number.format(to),
        total: number.format(totalRecords),
      }),
    allRecordsSelectionCheckboxProps: { "aria-label": t("hangar.table.a11y.selectAll") },
    getRecordSelectionCheckboxProps: (_record: unknown, index: number) => ({
      "aria-label": t("hangar.table.a11y.selectRow", { number: index + 1 }),
    }),
    getPaginationControlProps: (control: string) =>
      control === "previous"
        ? { "aria-label": t("hangar.table.a11y.previousPage") }
        : control === "next"
          ? { "aria-label": t("hangar.table.a11y.nextPage") }
          : {},
  };
}
