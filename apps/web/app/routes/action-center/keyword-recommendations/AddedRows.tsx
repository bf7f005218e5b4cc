import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { Candidate, KeywordTab, RowResult } from "./model.ts";

/**
 * What each tab has added, kept by the page rather than the tab (a tab is unmounted when another
 * is shown): each row's staging answer, whose change ids the pushed batch's states are read by,
 * and the added rows themselves, listed on after a reload drops them (they are keywords now).
 */
export interface AddedRows {
  results: Record<string, RowResult>;
  kept: Record<string, Candidate>;
}

const EMPTY: AddedRows = { results: {}, kept: {} };

interface Store {
  of(tab: KeywordTab): AddedRows;
  update(tab: KeywordTab, change: (current: AddedRows) => AddedRows): void;
}

const AddedRowsContext = createContext<Store | null>(null);

export function AddedRowsProvider({ children }: { children: ReactNode }) {
  const [added, setAdded] = useState<Partial<Record<KeywordTab, AddedRows>>>({});
  const update = useCallback(
    (tab: KeywordTab, change: (current: AddedRows) => AddedRows) =>
      setAdded((prev) => ({ ...prev, [tab]: change(prev[tab] ?? EMPTY) })),
    [],
  );
  const store = useMemo<Store>(
    () => ({ of: (tab) => added[tab] ?? EMPTY, update }),
    [added, update],
  );
  return <AddedRowsContext.Provider value={store}>{children}</AddedRowsContext.Provider>;
}

/** The tab's added rows and their updater (a tab's own state outside the provider). */
export function useAddedRows(
  tab: KeywordTab,
): [AddedRows, (change: (current: AddedRows) => AddedRows) => void] {
  const store = useContext(AddedRowsContext);
  const [local, setLocal] = useState<AddedRows>(EMPTY);
  const update = useCallback(
    (change: (current: AddedRows) => AddedRows) =>
      store ? store.update(tab, change) : setLocal(change),
    [store, tab],
  );
  return [store ? store.of(tab) : local, update];
}
