import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

const SORT_ICONS = "thead [role=img][class*=mantine-datatable-header-cell-sortable]";

/**
 * mantine-datatable writes its sort icons' labels ("Sorted ascending", "Not sorted") in English and
 * offers no prop for them: the header's icons get the locale's labels after each render and
 * whenever the table replaces or relabels an icon on its own (a re-render of the table alone, or
 * a part streamed after the shell that hydrates later), which a mutation observer sees.
 */
export function useTranslatedSortLabels() {
  const { t } = useTranslation();
  const ref = useRef<HTMLTableElement | null>(null);
  const labels = useRef({ none: "", descending: "", ascending: "" });
  labels.current = {
    none: t("hangar.table.a11y.notSorted"),
    descending: t("hangar.table.a11y.sortedDescending"),
    ascending: t("hangar.table.a11y.sortedAscending"),
  };
  const relabel = useRef(() => {
    const { none, descending, ascending } = labels.current;
    for (const icon of ref.current?.querySelectorAll<HTMLElement>(SORT_ICONS) ?? []) {
      const label = icon.classList.contains("mantine-datatable-header-cell-sortable-unsorted-icon")
        ? none
        : icon.classList.contains("mantine-datatable-header-cell-sortable-icon-reversed")
          ? descending
          : ascending;
      if (icon.getAttribute("aria-label") !== label) icon.setAttribute("aria-label", label);
    }
  });
  useEffect(() => relabel.current());
  useEffect(() => {
    const table = ref.current;
    if (!table || typeof MutationObserver === "undefined") return;
    const observer = new MutationObserver(() => relabel.current());
    observer.observe(table, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-label", "class"],
    });
    return () => observer.disconnect();
  }, []);
  return (table: HTMLTableElement | null) => {
    ref.current = table;
  };
}
