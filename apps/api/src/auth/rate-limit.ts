/**
 * In-memory sliding-window limiter for the sign-in and registration endpoints (one process serves
 * Starport, so memory is the right place). Keys are "ip:<addr>" or "email:<lowercased>".
 */
export interface RateLimitRule {
  /** Attempts allowed within the window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the oldest counted attempt leaves the window (0 when allowed). */
  retryAfterSeconds: number;
}

const MAX_KEYS = 50_000;

export function createRateLimiter(rule: RateLimitRule, now: () => number = Date.now) {
  const windowMs = rule.windowSeconds * 1000;
  const hits = new Map<string, number[]>();

  function recent(key: string): number[] {
    const cutoff = now() - windowMs;
    const list = (hits.get(key) ?? []).filter((at) => at > cutoff);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  }

  function sweep() {
    if (hits.size < MAX_KEYS) return;
    for (const key of [...hits.keys()]) recent(key);
    // Still full: forget the oldest keys rather than grow without bound.
    for (const key of hits.keys()) {
      if (hits.size < MAX_KEYS) break;
      hits.delete(key);
    }
  }

  return {
    check(key: string): RateLimitVerdict {
      const list = recent(key);
      if (list.length < rule.limit) return { allowed: true, retryAfterSeconds: 0 };
      const oldest = list[list.length - rule.limit]!;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000)),
      };
    },
    hit(key: string): void {
      sweep();
      hits.set(key, [...recent(key), now()]);
    },
    reset(key: string): void {
      hits.delete(key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export interface AuthRateLimits {
  /** Failed logins per client address. */
  loginPerIp: RateLimitRule;
  /** Failed logins per email address (whether or not an account exists). */
  loginPerEmail: RateLimitRule;
  /** Registration attempts per client address. */
  registerPerIp: RateLimitRule;
  /** Registration attempts per email address. */
  registerPerEmail: RateLimitRule;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: { limit: 50, windowSeconds: 15 * 60 },
  loginPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 20, windowSeconds: 60 * 60 },
  registerPerEmail: { limit: 5, windowSeconds: 60 * 60 },
};
