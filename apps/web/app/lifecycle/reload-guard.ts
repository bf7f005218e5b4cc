/** Spec §4/§9: one reload per path within 10 seconds by default. */
export const RELOAD_GUARD_MS = 10_000;

const KEY = "starport:reload:";

export interface ReloadGuardDeps {
  storage: Pick<Storage, "getItem" | "setItem">;
  now: () => number;
  reload: () => void;
}

/** Reloads unless this path was reloaded less than `ttlMs` ago; answers whether it reloaded. */
export function reloadOnce(
  path: string,
  deps: ReloadGuardDeps,
  ttlMs: number = RELOAD_GUARD_MS,
): boolean {
  const last = Number(deps.storage.getItem(KEY + path) ?? 0);
  const now = deps.now();
  if (Number.isFinite(last) && last > 0 && now - last < ttlMs) return false;
  deps.storage.setItem(KEY + path, String(now));
  deps.reload();
  return true;
}

/** The browser's guarded reload of the current page. */
export function guardedReload(): boolean {
  return reloadOnce(window.location.pathname, {
    storage: window.sessionStorage,
    now: Date.now,
    reload: () => window.location.reload(),
  });
}
