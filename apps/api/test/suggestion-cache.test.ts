/**
 * Issue 18 §9: competitor suggestions from a cache, a request never waits on Amazon's rate limit
 * longer than the wait it is given; concurrent requests share one call to Amazon.
 */
import type { AmazonCompetitorAnswer } from "@starport/sync";
import { describe, expect, it } from "vitest";
import { createSuggestionCache } from "../src/catalogue/competitors/suggestion-cache.ts";

const answer = (asin: string): AmazonCompetitorAnswer => ({ offers: [], candidates: [asin] });

/** A call to Amazon that answers when the test says so. */
function heldCall() {
  let release!: (value: AmazonCompetitorAnswer) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<AmazonCompetitorAnswer>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return { promise, release, fail };
}

describe("competitor suggestion cache", () => {
  it("answers from the cache while fresh and asks Amazon again once it is old", async () => {
    let clock = 1_000_000;
    const cache = createSuggestionCache({ ttlMs: 60_000, waitMs: 50, now: () => clock });
    let calls = 0;
    const ask = async () => answer(`B00000000${++calls}`);
    const first = await cache.lookup("p", ask);
    expect(first).toMatchObject({ state: "ready", cached: { answer: answer("B000000001") } });
    clock += 59_000;
    expect(await cache.lookup("p", ask)).toEqual(first);
    expect(calls).toBe(1);
    clock += 2_000;
    const renewed = await cache.lookup("p", ask);
    expect(calls).toBe(2);
    expect(renewed).toMatchObject({ state: "ready", cached: { answer: answer("B000000002") } });
  });

  it("answers 'pending' after the wait, shares the one call, and serves its answer later", async () => {
    const cache = createSuggestionCache({ waitMs: 30 });
    const held = heldCall();
    let calls = 0;
    const ask = () => {
      calls += 1;
      return held.promise;
    };
    const [a, b] = await Promise.all([cache.lookup("p", ask), cache.lookup("p", ask)]);
    expect(a).toEqual({ state: "pending", retryAfterSeconds: 1 });
    expect(b).toEqual(a);
    expect(calls).toBe(1);
    held.release(answer("B0LATE0001"));
    await held.promise;
    const later = await cache.lookup("p", ask);
    expect(later).toMatchObject({ state: "ready", cached: { answer: answer("B0LATE0001") } });
    expect(calls).toBe(1);
  });

  it("serves the last answer, with its age, while a renewal waits on Amazon or fails", async () => {
    let clock = 0;
    const cache = createSuggestionCache({ ttlMs: 10, waitMs: 20, now: () => clock });
    const old = await cache.lookup("p", async () => answer("B0OLD00001"));
    clock = 100;
    const held = heldCall();
    const stale = await cache.lookup("p", () => held.promise);
    expect(stale).toEqual(old);
    held.fail(new Error("Amazon refused"));
    await held.promise.catch(() => {});
    const afterFailure = await cache.lookup("p", async () => {
      throw new Error("still refused");
    });
    expect(afterFailure).toEqual(old);
  });

  it("passes Amazon's refusal on when there is nothing to fall back on", async () => {
    const cache = createSuggestionCache({ waitMs: 1000 });
    await expect(
      cache.lookup("p", async () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
  });

  it("remembers a bounded number of products", async () => {
    const cache = createSuggestionCache({ maxEntries: 2 });
    let calls = 0;
    const ask = async () => answer(`B00000000${++calls}`);
    for (const key of ["a", "b", "c"]) await cache.lookup(key, ask);
    await cache.lookup("a", ask); // forgotten: asked again
    expect(calls).toBe(4);
    await cache.lookup("c", ask); // kept
    expect(calls).toBe(4);
  });
});
