import { useEffect, useState } from "react";
import { sessionStore } from "../../session/store.ts";

/** A table's column as the chooser and the defaults see it. */
export interface ChoosableColumn {
  key: string;
  /** Always shown. */
  fixed?: boolean;
  defaultVisible?: boolean;
}

function storageKey(table: string): string {
  const user = typeof window === "undefined" ? null : sessionStore().getState().user?.id;
  return `starport.hangar.columns.${user ?? "anonymous"}.${table}`;
}

export function defaultColumns(columns: readonly ChoosableColumn[]): string[] {
  return columns.filter((c) => c.fixed || c.defaultVisible).map((c) => c.key);
}

/**
 * The visible columns of a table (Hangar's, the product list): the URL's choice, else the
 * seller's remembered one (per user and table, in localStorage), else the table's defaults. The
 * fixed columns are always shown. `remember` takes a new choice at once (the URL follows).
 */
export function useColumns(
  table: string,
  columns: readonly ChoosableColumn[],
  fromUrl: readonly string[] | null,
) {
  const [remembered, setRemembered] = useState<string[] | null>(null);
  const [pending, setPending] = useState<{ keys: string[]; url: string } | null>(null);
  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(storageKey(table));
      if (stored) setRemembered(JSON.parse(stored) as string[]);
    } catch {
      // Private mode or a broken value: the defaults stay.
    }
  }, [table]);
  // A choice just made shows before the address has caught up with it.
  const urlKey = fromUrl?.join(",") ?? "";
  const chosen =
    (pending && pending.url === urlKey ? pending.keys : null) ??
    fromUrl ??
    remembered ??
    defaultColumns(columns);
  const visible = columns.filter((c) => c.fixed || chosen.includes(c.key)).map((c) => c.key);
  const remember = (keys: string[]) => {
    setRemembered(keys);
    setPending({ keys, url: urlKey });
    try {
      window.localStorage.setItem(storageKey(table), JSON.stringify(keys));
    } catch {
      // Not remembered; the URL still carries the choice.
    }
  };
  return { visible, remember };
}
