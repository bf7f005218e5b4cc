/**
 * The input gate in front of every /api route (request-input.ts): what the fuzzer once found, one
 * case each, and the JSON body types every JSON route accepts.
 */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FuzzTarget, IDS, openFuzzTarget } from "./support/openapi-fuzz.ts";

const PROFILE_A = `/api/seller_profiles/${IDS.profileA}`;

describe("the API's input gate", () => {
  let t: FuzzTarget;
  const send = (options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: { ...t.ownHeaders(), ...(options.headers as Record<string, string>) },
    });
  const expectJsonError = (
    response: Awaited<ReturnType<typeof send>>,
    status: number,
  ): Record<string, unknown> => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    const body = response.json();
    expect(body.status).toBe(status);
    return body;
  };

  beforeAll(async () => {
    t = await openFuzzTarget();
  });
  afterAll(() => t?.close());

  it("finds no JSON-LD context in inherited object properties", async () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expectJsonError(await send({ url: `/api/contexts/${name}` }), 404);
    }
    expect((await send({ url: "/api/contexts/Tag" })).statusCode).toBe(200);
    // An unknown order field is ignored, as API Platform does; an unknown sort is refused.
    expect((await send({ url: "/api/tags?order[constructor]=asc" })).statusCode).toBe(200);
    expectJsonError(await send({ url: "/api/product_collections?sort=constructor" }), 400);
  });

  it("refuses NUL in a query value with a 400 before it reaches the database", async () => {
    for (const url of ["/api/tags?text=%00", "/api/users?email=a%00b", "/api/tags?%00=1"]) {
      const body = expectJsonError(await send({ url }), 400);
      expect(body.violations).toEqual([expect.objectContaining({ code: "invalid" })]);
    }
    expectJsonError(
      await send({ url: `/api/amazon/connections?sellerProfile=${IDS.profileA}%00` }),
      400,
    );
  });

  it("refuses NUL in a body value with a 422 naming the field", async () => {
    const tag = await send({
      method: "POST",
      url: "/api/tags",
      headers: { "content-type": "application/ld+json" },
      payload: { text: "a\u0000b", sellerProfile: PROFILE_A },
    });
    expect(expectJsonError(tag, 422).violations).toEqual([
      { propertyPath: "text", message: "This value is not valid.", code: "invalid" },
    ]);
    const support = await send({
      method: "POST",
      url: "/api/support_requests",
      payload: { subject: "Hi", message: ["fine", "not\u0000fine"] },
    });
    expect(expectJsonError(support, 422).violations).toEqual([
      expect.objectContaining({ propertyPath: "message[1]" }),
    ]);
  });

  it("filters timestamps by day (the 20,000-request fuzz run found a 500 there)", async () => {
    const created = await send({
      method: "POST",
      url: "/api/tags",
      payload: { text: "dated", sellerProfile: PROFILE_A },
    });
    expect(created.statusCode, created.body).toBe(201);
    const count = async (query: string) => {
      const response = await send({ url: `/api/tags?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json()["hydra:totalItems"];
    };
    expect(await count("createdAt[strictly_before]=2012-08-06")).toBe(0);
    expect(await count("createdAt[after]=2012-08-06")).toBeGreaterThan(0);
    expect(await count("createdAt[before]=2999-01-01")).toBeGreaterThan(0);
  });

  it("compares integer columns with any finite number (the fuzz run found a 500 there)", async () => {
    for (const query of ["productCount[lt]=9e-323", "productCount[between]=0.5..1e300"]) {
      const response = await send({ url: `/api/product_collections?${query}` });
      expect(response.statusCode, response.body).toBe(200);
    }
    expectJsonError(await send({ url: "/api/product_collections?productCount[gt]=1e309" }), 400);
  });

  it("answers every unknown or refused /api request with a JSON error", async () => {
    expectJsonError(
      await send({ method: "POST", url: "/api/amazon/callbacks/x", payload: {} }),
      404,
    );
    expectJsonError(await send({ url: "/api/nope" }), 404);
    expectJsonError(
      await send({ method: "PUT", url: "/api/onboarding/steps/nope", payload: {} }),
      404,
    );
    expectJsonError(await send({ method: "POST", url: "/api/amazon/callbacks/ads" }), 400);
    expectJsonError(
      await send({
        method: "POST",
        url: "/api/login",
        headers: { "content-type": "application/json" },
        payload: `${"[".repeat(5000)}${"]".repeat(5000)}`,
      }),
      400,
    );
  });

  it("reads application/ld+json bodies on every JSON route, not only the Hydra ones", async () => {
    const ld = { "content-type": "application/ld+json" };
    const support = await send({
      method: "POST",
      url: "/api/support_requests",
      headers: ld,
      payload: { subject: "JSON-LD", message: "Accepted" },
    });
    expect(support.statusCode, support.body).toBe(201);
    const start = await send({
      method: "POST",
      url: "/api/amazon/authorizations",
      headers: ld,
      payload: { api: "ads", sellerProfile: PROFILE_A },
    });
    expect(start.statusCode, start.body).toBe(200);
    const step = await send({
      method: "PUT",
      url: "/api/onboarding/steps/target-acos",
      headers: ld,
      payload: { targetAcos: 20 },
    });
    expect(step.statusCode, step.body).toBe(200);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: ld,
      payload: { email: "nobody@example.test", password: "wrong" },
    });
    expectJsonError(login, 401);
    expectJsonError(
      await send({
        method: "POST",
        url: "/api/support_requests",
        headers: { "content-type": "text/plain" },
        payload: "hello",
      }),
      415,
    );
  });

  it("checks the sign-in before the input: anonymous calls are a 401 whatever they send", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/amazon/syncs",
      headers: { "content-type": "application/json" },
      payload: { sellerProfile: "a\u0000b" },
    });
    expectJsonError(anonymous, 401);
  });

  it("quotes at most a short excerpt of a huge value in an error (a 1 MB IRI is not echoed)", async () => {
    const huge = `/api/seller_profiles/${"x".repeat(1_000_000)}`;
    const ld = { "content-type": "application/ld+json" };
    const answers = [
      await send({
        method: "POST",
        url: "/api/tags",
        headers: ld,
        payload: { sellerProfile: huge, text: "t" },
      }),
      await send({ url: `/api/tags?createdAt[before]=${"y".repeat(1_000_000)}` }),
      await send({ url: `/api/tags?format=${"z".repeat(1_000_000)}` }),
      await send({
        method: "POST",
        url: "/api/tags",
        headers: ld,
        payload: { [`k${"q".repeat(1_000_000)}`]: 1 },
      }),
      await send({ method: "PUT", url: `/api/${"p".repeat(1_000_000)}` }),
    ];
    for (const response of answers) {
      expect(response.statusCode, response.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body.length, response.body.slice(0, 300)).toBeLessThan(2_000);
    }
    expect(answers[0]!.json().detail).toMatch(
      /^Invalid IRI "\/api\/seller_profiles\/x+… \(1000021 characters\)"\.$/,
    );
  });
});
