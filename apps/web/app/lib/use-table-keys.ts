import { type KeyboardEvent, type RefObject, useEffect } from "react";

/**
 * Keyboard work in a data table, for people who live in it: ↓/j and ↑/k move between rows,
 * Home/End jump to the first and last, Enter opens the row (its first link, else the row's own
 * click), Space ticks its checkbox, and "/" anywhere outside a field puts the cursor in the
 * table's search (`data-table-search`). Rows take focus with a roving tabindex: the first row is
 * reachable with Tab, the others by the keys.
 */

const FIELD = "input, textarea, select, [contenteditable=''], [contenteditable='true']";

/** Row attributes for mantine-datatable's `customRowAttributes`. */
export function tableRowAttributes(_record: unknown, index: number) {
  return { tabIndex: index === 0 ? 0 : -1, "data-row-index": index };
}

function rowsOf(row: HTMLTableRowElement): HTMLTableRowElement[] {
  return [...(row.parentElement?.children ?? [])].filter(
    (el): el is HTMLTableRowElement => el instanceof HTMLTableRowElement,
  );
}

function focusRow(from: HTMLTableRowElement, to: HTMLTableRowElement | undefined) {
  if (!to || to === from) return;
  from.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

/** The table container's onKeyDown. */
export function tableKeyDown(event: KeyboardEvent<HTMLElement>) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement;
  const row = target.closest("tbody tr");
  // Keys inside a cell's own controls (checkbox, inline editor) stay theirs.
  if (!(row instanceof HTMLTableRowElement) || target !== row) return;
  const rows = rowsOf(row);
  const at = rows.indexOf(row);
  switch (event.key) {
    case "ArrowDown":
    case "j":
      focusRow(row, rows[at + 1]);
      break;
    case "ArrowUp":
    case "k":
      focusRow(row, rows[at - 1]);
      break;
    case "Home":
      focusRow(row, rows[0]);
      break;
    case "End":
      focusRow(row, rows[rows.length - 1]);
      break;
    case "Enter": {
      const link = row.querySelector<HTMLElement>("a[href]");
      if (link) link.click();
      else row.click();
      break;
    }
    case " ": {
      const box = row.querySelector<HTMLInputElement>("input[type=checkbox]:not(:disabled)");
      if (!box) return;
      box.click();
      break;
    }
    default:
      return;
  }
  event.preventDefault();
}

/** "/" focuses the search of the table inside `scope` (the first visible one). */
export function useSearchShortcut(scope: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "/" || event.altKey || event.ctrlKey || event.metaKey) return;
      // Several tables on a page: the first one listening takes it.
      if (event.defaultPrevented) return;
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.matches(FIELD)) return;
      if (document.querySelector("[role=dialog]")) return;
      const search = scope.current?.querySelector<HTMLInputElement>("[data-table-search]");
      if (!search || search.offsetParent === null) return;
      event.preventDefault();
      search.focus();
      search.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [scope]);
}
