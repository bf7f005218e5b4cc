import type { AmazonCompetitorAnswer } from "@starport/sync";

/**
 * Amazon's competitor suggestions per product, kept for a while (issue 18 §9). Amazon allows one
 * competitive-summary call per 30 s, which our client honours by waiting: a request must not wait
 * with it. A request waits at most `waitMs` for Amazon; after that the call goes on in the
 * background (one per product, however many ask), and the caller gets the last answer with its age
 * or, when there is none yet, "pending" with when to ask again.
 */
export interface CachedAnswer {
  answer: AmazonCompetitorAnswer;
  fetchedAt: Date;
}

export type SuggestionLookup =
  | { state: "ready"; cached: CachedAnswer }
  | { state: "pending"; retryAfterSeconds: number };

export interface SuggestionCacheOptions {
  /** How long an answer is served without asking Amazon again. */
  ttlMs?: number;
  /** The longest a request waits for Amazon before it is answered without it. */
  waitMs?: number;
  /** Products remembered at most (the oldest go first). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  cached?: CachedAnswer;
  inFlight?: Promise<CachedAnswer>;
}

export function createSuggestionCache(options: SuggestionCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 6 * 60 * 60 * 1000;
  const waitMs = options.waitMs ?? 3000;
  const maxEntries = options.maxEntries ?? 5000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  function remember(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  function refresh(key: string, entry: Entry, ask: () => Promise<AmazonCompetitorAnswer>) {
    const started = ask().then(
      (answer) => {
        const cached = { answer, fetchedAt: new Date(now()) };
        remember(key, { cached });
        return cached;
      },
      (error: unknown) => {
        // The next request asks again; the last good answer stays.
        remember(key, entry.cached ? { cached: entry.cached } : {});
        throw error;
      },
    );
    // A background call nobody waits for any more must not become an unhandled rejection.
    started.catch(() => {});
    remember(key, { ...entry, inFlight: started });
    return started;
  }

  return {
    /**
     * The product's suggestions: fresh from the cache, else from Amazon within `waitMs`, else the
     * last answer (stale, with its age), else pending. Amazon's refusal reaches the caller when
     * it came within the wait and there is nothing cached to fall back on.
     */
    async lookup(
      key: string,
      ask: () => Promise<AmazonCompetitorAnswer>,
    ): Promise<SuggestionLookup> {
      const entry = entries.get(key) ?? {};
      if (entry.cached && now() - entry.cached.fetchedAt.getTime() < ttlMs)
        return { state: "ready", cached: entry.cached };
      const call = entry.inFlight ?? refresh(key, entry, ask);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), waitMs);
      });
      try {
        const result = await Promise.race([call, timeout]);
        if (result !== "timeout") return { state: "ready", cached: result };
      } catch (error) {
        if (!entry.cached) throw error;
      } finally {
        clearTimeout(timer);
      }
      if (entry.cached) return { state: "ready", cached: entry.cached };
      return { state: "pending", retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
  };
}

export type SuggestionCache = ReturnType<typeof createSuggestionCache>;
