import { describe, expect, it } from "vitest";
import { LEVEL_SAVE } from "../app/components/settings/advertising/LevelSettings.tsx";
import { saveLevel } from "../app/components/settings/advertising/level-write.server.ts";
import type { HydraClient } from "../app/lib/api/hydra.ts";
import { BODY_FIELD } from "../app/lib/route-write.ts";

/** A client the guard must never reach: the write is refused before any request. */
const unreachable = new Proxy({} as HydraClient, {
  get: () => () => {
    throw new Error("the API was called");
  },
});

function save(target: object, iri?: string) {
  const form = new FormData();
  form.set("intent", LEVEL_SAVE);
  form.set(BODY_FIELD, JSON.stringify({ target, values: { targetAcos: 0.2 } }));
  if (iri) form.set("iri", iri);
  return saveLevel(unreachable, form);
}

async function statusOf(run: () => Promise<unknown>): Promise<number | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return error instanceof Response ? error.status : null;
  }
}

describe("a goal editor's route write", () => {
  it("patches only a row of its level's own collection (no proxy for other resources)", async () => {
    const product = { level: "product", productId: "p1" };
    expect(await statusOf(() => save(product, "/api/taxes/t1"))).toBe(400);
    expect(await statusOf(() => save(product, "/api/product_settings/a/b"))).toBe(400);
    expect(
      await statusOf(() =>
        save({ level: "global", sellerProfileId: "s1" }, "/api/product_settings/x"),
      ),
    ).toBe(400);
  });

  it("refuses an unknown level or a target without its ids", async () => {
    expect(await statusOf(() => save({ level: "toString" }))).toBe(400);
    expect(await statusOf(() => save({ level: "product" }))).toBe(400);
    expect(await statusOf(() => save({ level: "collection", collectionId: "../taxes" }))).toBe(400);
  });
});
