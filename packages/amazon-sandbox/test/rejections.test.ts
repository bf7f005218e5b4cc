import { describe, expect, it } from "vitest";
import { adsSession } from "./helpers.ts";

const KEYWORD = "application/vnd.spKeyword.v3+json";

/** The rejections control: Amazon refuses updates of chosen entities with a given code/message. */
describe("rejections control", () => {
  it("answers an error item for rejected entities, applies the rest, and can be cleared", async () => {
    const { sb, profile, headers } = await adsSession();
    sb.control.seedDemoAccount({ days: 1, countries: ["DE"], maxProducts: 3 });
    const keywords = [...sb.world.entities.keywords.values()]
      .filter((k) => k.profileId === profile.profileId && k.state === "ENABLED")
      .slice(0, 2);
    expect(keywords).toHaveLength(2);
    const [rejected, accepted] = keywords as [(typeof keywords)[0], (typeof keywords)[0]];
    const set = await sb.app.inject({
      method: "POST",
      url: "/__sandbox/rejections",
      payload: { entityIds: [rejected.keywordId], code: "NOPE", message: "Nicht erlaubt." },
    });
    expect(set.statusCode).toBe(200);
    const put = () =>
      sb.app.inject({
        method: "PUT",
        url: "/sp/keywords",
        headers: headers(KEYWORD),
        payload: {
          keywords: [
            { keywordId: rejected.keywordId, bid: 1.11 },
            { keywordId: accepted.keywordId, bid: 1.12 },
          ],
        },
      });
    const res = await put();
    expect(res.statusCode).toBe(207);
    const body = res.json().keywords;
    expect(body.success.map((s: { index: number }) => s.index)).toEqual([1]);
    expect(body.error[0].index).toBe(0);
    expect(body.error[0].errors[0].errorValue.entityStateError).toMatchObject({
      reason: "NOPE",
      message: "Nicht erlaubt.",
    });
    expect(rejected.bid).not.toBe(1.11);
    expect(accepted.bid).toBe(1.12);

    // Lifting another id's rejection (a test beside this one) keeps this one.
    const other = await sb.app.inject({
      method: "POST",
      url: "/__sandbox/rejections",
      payload: { entityIds: ["other-1"] },
    });
    expect(other.json().rejected).toEqual([String(rejected.keywordId), "other-1"]);
    const lifted = await sb.app.inject({
      method: "DELETE",
      url: "/__sandbox/rejections?entityIds=other-1",
    });
    expect(lifted.json().rejected).toEqual([String(rejected.keywordId)]);
    expect((await put()).statusCode).toBe(207);
    expect(
      (await sb.app.inject({ method: "DELETE", url: "/__sandbox/rejections?entityIds=" }))
        .statusCode,
    ).toBe(400);
    expect(
      (await sb.app.inject({ method: "DELETE", url: "/__sandbox/rejections" })).statusCode,
    ).toBe(200);
    expect((await put()).json().keywords.success).toHaveLength(2);
    expect(rejected.bid).toBe(1.11);
    // Bad control input is a 400.
    for (const payload of [{}, { entityIds: [] }, { entityIds: ["1"], code: "" }])
      expect(
        (await sb.app.inject({ method: "POST", url: "/__sandbox/rejections", payload })).statusCode,
      ).toBe(400);
  });
});
