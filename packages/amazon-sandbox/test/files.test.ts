import { expect, it } from "vitest";
import { FileStore } from "../src/state.ts";

it("forgets downloads an hour after they expired, keeping the recently expired ones", () => {
  let now = 0;
  const files = new FileStore(() => now);
  const file = (expiresAt: number) => ({ data: Buffer.from("x"), expiresAt, contentType: "t" });
  files.set("old", file(1_000));
  files.set("recent", file(3_000_000));
  now = 1_000 + 3600_000 + 1;
  files.set("new", file(now + 3600_000));
  expect([...files.keys()]).toEqual(["recent", "new"]);
  // Still known just after expiry: the download route answers 403 "expired" for it, not 404.
  expect(files.get("recent")?.expiresAt).toBe(3_000_000);
});
