import { useEffect, useState } from "react";
import { sessionStore } from "../../session/store.ts";
import type { TableDef } from "./tables.ts";

function storageKey(table: string): string {
  const user = typeof window === "undefined" ? null : sessionStore().getState().user?.id;
  return `starport.hangar.columns.${user ?? "anonymous"}.${table}`;
}

function defaultColumns(def: TableDef): string[] {
  return def.columns.filter((c) => c.fixed || c.defaultVisible).map((c) => c.key);
}

/**
 * The visible columns: the URL's choice, else the seller's remembered one (per user, in
 * localStorage), else the table's defaults. The fixed column is always shown.
 */
export function useColumns(def: TableDef, fromUrl: string[] | null) {
  const [remembered, setRemembered] = useState<string[] | null>(null);
  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(storageKey(def.key));
      if (stored) setRemembered(JSON.parse(stored) as string[]);
    } catch {
      // Private mode or a broken value: the defaults stay.
    }
  }, [def.key]);
  const chosen = fromUrl ?? remembered ?? defaultColumns(def);
  const visible = def.columns.filter((c) => c.fixed || chosen.includes(c.key)).map((c) => c.key);
  const remember = (keys: string[]) => {
    setRemembered(keys);
    try {
      window.localStorage.setItem(storageKey(def.key), JSON.stringify(keys));
    } catch {
      // Not remembered; the URL still carries the choice.
    }
  };
  return { visible, remember };
}
