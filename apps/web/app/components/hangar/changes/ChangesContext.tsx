/**
 * The editing state every Hangar screen shares: the seller's tray (draft changes), the last
 * pushed batch with its per-row results (polled until Amazon has answered every row), the
 * failed rows (the API keeps them in the tray until dismissed or retried, so they survive a
 * reload and another device), and the history drawer. Rows read their pending
 * values from here; a finished push reads the screen's data again (no full reload).
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useLocalizedPath } from "../../../lib/use-locale.ts";
import {
  type ActionResult,
  type BatchData,
  batchRunning,
  type ChangeIntent,
  type ChangeView,
  type EntityType,
  type TrayData,
} from "./model.ts";

const POLL_MS = 1000;

const NO_CHANGES: ChangeView[] = [];

/** The ids a dismiss being submitted takes out of the tray. */
function dismissingIds(json: unknown): string[] {
  const intent = json as { intent?: unknown; changes?: unknown } | undefined;
  return intent?.intent === "dismiss" && Array.isArray(intent.changes)
    ? intent.changes.map(String)
    : [];
}

export interface HistoryTarget {
  entity: string;
  entityType: EntityType;
  label: string;
}

export interface ChangesState {
  sellerProfileId: string;
  /** The marketplace (advertising profile) of the screen. */
  advertisingProfileId: string;
  /** The marketplace currency of the screen (money in changes is in its major units). */
  currency: string;
  /** The changes route in the current locale. */
  actionPath: string;
  tray: TrayData | null;
  /** The draft change of this entity field in the tray, if any. */
  pendingFor(entity: string | undefined, field: string): ChangeView | undefined;
  refreshTray(): void;
  /** Follows a pushed (or undo) batch until every row has its result. */
  track(batchId: string): void;
  results: BatchData | null;
  /** Failed rows of finished pushes and undos, kept until retried, fixed or dismissed. */
  failed: ChangeView[];
  dismissFailed(ids: readonly string[]): void;
  history: HistoryTarget | null;
  openHistory(target: HistoryTarget | null): void;
  trayOpen: boolean;
  setTrayOpen(open: boolean): void;
}

const ChangesContext = createContext<ChangesState | null>(null);

export function useChanges(): ChangesState | null {
  return useContext(ChangesContext);
}

function storageKey(sellerProfileId: string) {
  return `starport.changes.${sellerProfileId}`;
}

interface Stored {
  tracked: string | null;
  /** The followed batch whose results were already taken in. */
  settled: string | null;
}

function readStored(sellerProfileId: string): Stored {
  try {
    const raw = window.sessionStorage.getItem(storageKey(sellerProfileId));
    if (raw) return JSON.parse(raw) as Stored;
  } catch {
    // Private mode or a broken value: start empty.
  }
  return { tracked: null, settled: null };
}

export function ChangesProvider({
  sellerProfileId,
  advertisingProfileId,
  currency,
  children,
}: {
  sellerProfileId: string;
  advertisingProfileId: string;
  currency: string;
  children: ReactNode;
}) {
  const localize = useLocalizedPath();
  const actionPath = localize("/hangar/changes");
  const trayFetcher = useFetcher<TrayData>({ key: `changes-tray-${sellerProfileId}` });
  const batchFetcher = useFetcher<BatchData>();
  const { revalidate } = useRevalidator();
  const [tracked, setTracked] = useState<string | null>(null);
  const [history, openHistory] = useState<HistoryTarget | null>(null);
  const [trayOpen, setTrayOpen] = useState(false);
  const loaded = useRef(false);
  const finishedRef = useRef<string | null>(null);

  const trayUrl = `${actionPath}?view=tray&sellerProfile=${sellerProfileId}`;
  const loadTray = trayFetcher.load;
  const refreshTray = useCallback(() => void loadTray(trayUrl), [loadTray, trayUrl]);

  // What was being followed survives a reload of the tab (the tray is the API's).
  useEffect(() => {
    const stored = readStored(sellerProfileId);
    setTracked(stored.tracked);
    finishedRef.current = stored.settled;
    loaded.current = true;
    refreshTray();
  }, [sellerProfileId, refreshTray]);
  useEffect(() => {
    if (!loaded.current) return;
    try {
      window.sessionStorage.setItem(
        storageKey(sellerProfileId),
        JSON.stringify({ tracked, settled: finishedRef.current } satisfies Stored),
      );
    } catch {
      // Not kept across reloads; the tray and the history still have everything.
    }
  }, [sellerProfileId, tracked]);

  const results =
    batchFetcher.data && batchFetcher.data.batch.id === tracked ? batchFetcher.data : null;
  const running = !results || batchRunning(results.batch.status);
  const loadBatch = batchFetcher.load;
  const batchUrl = tracked ? `${actionPath}?view=batch&id=${tracked}` : null;

  // Poll the followed batch until Amazon has answered every row.
  useEffect(() => {
    if (!batchUrl) return;
    void loadBatch(batchUrl);
    if (!running) return;
    const timer = window.setInterval(() => void loadBatch(batchUrl), POLL_MS);
    return () => window.clearInterval(timer);
  }, [batchUrl, running, loadBatch]);

  // Finished: the rows show their new values (the screen reads again), and the tray its failed
  // rows.
  useEffect(() => {
    if (!results || batchRunning(results.batch.status)) return;
    if (finishedRef.current === results.batch.id) return;
    finishedRef.current = results.batch.id;
    refreshTray();
    void revalidate();
  }, [results, revalidate, refreshTray]);

  const track = useCallback((batchId: string) => {
    finishedRef.current = null;
    setTracked(batchId);
  }, []);
  const dismissFetcher = useFetcher<ActionResult>();
  const submitDismiss = dismissFetcher.submit;
  const dismissFailed = useCallback(
    (ids: readonly string[]) => {
      const intent: ChangeIntent = { intent: "dismiss", changes: [...ids] };
      void submitDismiss(intent as never, {
        method: "post",
        action: actionPath,
        encType: "application/json",
      });
    },
    [submitDismiss, actionPath],
  );
  // Dismissed on the server: the tray reads again.
  const dismissDone = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (dismissFetcher.state !== "idle" || !dismissFetcher.data) return;
    if (dismissDone.current === dismissFetcher.data) return;
    dismissDone.current = dismissFetcher.data;
    refreshTray();
  }, [dismissFetcher.state, dismissFetcher.data, refreshTray]);
  const dismissingKey =
    dismissFetcher.state !== "idle" ? dismissingIds(dismissFetcher.json).join(",") : "";

  const trayData = trayFetcher.data ?? null;
  // Rows being dismissed leave at once (the tray's answer follows).
  const tray = useMemo(() => {
    if (!trayData || !dismissingKey) return trayData;
    const gone = new Set(dismissingKey.split(","));
    return { ...trayData, failed: trayData.failed.filter((c) => !gone.has(c.id)) };
  }, [trayData, dismissingKey]);
  const failed = tray?.failed ?? NO_CHANGES;
  const pending = useMemo(() => {
    const map = new Map<string, ChangeView>();
    for (const change of tray?.changes ?? []) {
      if (change.entity && change.field) map.set(`${change.entity}:${change.field}`, change);
    }
    return map;
  }, [tray]);
  const pendingFor = useCallback(
    (entity: string | undefined, field: string) =>
      entity ? pending.get(`${entity}:${field}`) : undefined,
    [pending],
  );

  const value = useMemo<ChangesState>(
    () => ({
      sellerProfileId,
      advertisingProfileId,
      currency,
      actionPath,
      tray,
      pendingFor,
      refreshTray,
      track,
      results,
      failed,
      dismissFailed,
      history,
      openHistory,
      trayOpen,
      setTrayOpen,
    }),
    [
      sellerProfileId,
      advertisingProfileId,
      currency,
      actionPath,
      tray,
      pendingFor,
      refreshTray,
      track,
      results,
      failed,
      dismissFailed,
      history,
      trayOpen,
    ],
  );
  return <ChangesContext value={value}>{children}</ChangesContext>;
}

/**
 * One write to the changes route, with its own fetcher (so edits in several cells never cancel
 * each other). When it is done the tray is read again and `onDone` gets the answer.
 */
export function useChangeAction(onDone?: (result: ActionResult) => void) {
  const changes = useChanges();
  const fetcher = useFetcher<ActionResult>();
  const done = useRef(onDone);
  done.current = onDone;
  const handled = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    changes?.refreshTray();
    done.current?.(fetcher.data);
  }, [fetcher.state, fetcher.data, changes]);
  const submit = useCallback(
    (intent: ChangeIntent) => {
      if (!changes) return;
      void fetcher.submit(intent as never, {
        method: "post",
        action: changes.actionPath,
        encType: "application/json",
      });
    },
    [changes, fetcher.submit],
  );
  return {
    submit,
    busy: fetcher.state !== "idle",
    result: fetcher.state === "idle" ? fetcher.data : undefined,
  };
}
