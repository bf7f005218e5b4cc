import { useTranslation } from "react-i18next";

/**
 * The screen-reader labels mantine-datatable writes in English (selection boxes, page arrows),
 * in the page's language: spread into every <DataTable>.
 */
export function useDataTableLabels() {
  const { t } = useTranslation();
  return {
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
