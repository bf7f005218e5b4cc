import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * mantine-datatable writes its sort icons' labels ("Sorted ascending", "Not sorted") in English and
 * offers no prop for them: after each render the header's icons get the locale's labels. React
 * only rewrites such an attribute when its own value changes (a new sort), which re-renders us.
 */
export function useTranslatedSortLabels() {
  const { t } = useTranslation();
  const ref = useRef<HTMLTableElement | null>(null);
  useEffect(() => {
    const icons = ref.current?.querySelectorAll<HTMLElement>(
      "thead [role=img][class*=mantine-datatable-header-cell-sortable]",
    );
    for (const icon of icons ?? []) {
      const label = icon.classList.contains("mantine-datatable-header-cell-sortable-unsorted-icon")
        ? t("hangar.table.a11y.notSorted")
        : icon.classList.contains("mantine-datatable-header-cell-sortable-icon-reversed")
          ? t("hangar.table.a11y.sortedDescending")
          : t("hangar.table.a11y.sortedAscending");
      if (icon.getAttribute("aria-label") !== label) icon.setAttribute("aria-label", label);
    }
  });
  return (table: HTMLTableElement | null) => {
    ref.current = table;
  };
}
