import { describe, expect, it } from "vitest";
import { ApiError } from "../app/lib/api/client.ts";
import { BODY_FIELD, routeWrite, writeBody } from "../app/lib/route-write.ts";

const formWith = (body: string) => {
  const form = new FormData();
  form.set(BODY_FIELD, body);
  return form;
};

describe("route writes", () => {
  it("read the JSON body; bad input is a 400 answer, not a crashed action", () => {
    expect(writeBody(formWith('{"text":"Neu"}'))).toEqual({ text: "Neu" });
    expect(writeBody(new FormData())).toEqual({});
    expect(writeBody(formWith("[1,2]"))).toEqual({});
    let thrown: unknown;
    try {
      writeBody(formWith("{not json"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });

  it("answer an API refusal with its violations and rethrow anything else", async () => {
    const refused = await routeWrite("tag.create", async () => {
      throw new ApiError(422, {
        violations: [{ propertyPath: "text", message: "taken", code: "unique" }],
      });
    });
    expect(refused).toMatchObject({ intent: "tag.create", ok: false, status: 422 });
    expect(refused.ok ? [] : refused.violations.map((v) => v.propertyPath)).toEqual(["text"]);
    expect(await routeWrite("tag.create", async () => ({ id: "t1" }))).toEqual({
      intent: "tag.create",
      ok: true,
      id: "t1",
    });
    await expect(
      routeWrite("tag.create", async () => {
        throw new Error("database down");
      }),
    ).rejects.toThrow("database down");
  });
});
