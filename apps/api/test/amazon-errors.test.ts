/**
 * Issue 18 §5: Amazon's answer to a call inside a use case is never a 500. Its refusal of the
 * content is a 422 naming Amazon's code and words, its rate limit a 429 with Retry-After, refused
 * credentials a 409; only Amazon failing or not answering is a gateway error.
 */
import {
  AmazonApiError,
  AmazonAuthError,
  AmazonNetworkError,
  AmazonRateLimitError,
  AmazonTimeoutError,
} from "@starport/amazon";
import { fastify } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "../src/errors.ts";

const init = (status: number, code: string, message: string) => ({
  status,
  code,
  message,
  operation: "ads.getBidRecommendations",
});

const THROWN: Record<string, () => Error> = {
  refused: () =>
    new AmazonApiError(init(422, "UNPROCESSABLE_ENTITY", "Unsupported targeting expression type")),
  badRequest: () => new AmazonApiError(init(400, "INVALID_ARGUMENT", "x".repeat(5000))),
  limited: () =>
    new AmazonRateLimitError({ ...init(429, "THROTTLED", "Too many"), retryAfterMs: 12_500 }),
  credentials: () => new AmazonAuthError(init(401, "UNAUTHORIZED", "invalid_grant")),
  failing: () => new AmazonApiError(init(503, "SERVICE_UNAVAILABLE", "down")),
  silent: () => new AmazonTimeoutError("timed out", 30_000, { operation: "ads.listCampaigns" }),
  unreachable: () => new AmazonNetworkError("ECONNRESET", { operation: "ads.listCampaigns" }),
};

describe("Amazon's errors escaping a use case", () => {
  const app = fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    for (const [name, make] of Object.entries(THROWN))
      app.get(`/${name}`, async () => {
        throw make();
      });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ["refused", 422],
    ["badRequest", 422],
    ["limited", 429],
    ["credentials", 409],
    ["failing", 502],
    ["silent", 504],
    ["unreachable", 502],
  ])("%s → %i in the API's error format", async (name, status) => {
    const response = await app.inject({ url: `/${name}` });
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toContain("json");
    expect(response.json()).toMatchObject({ "@type": "hydra:Error", status });
  });

  it("names Amazon's code and words, quoting a long message only in part", async () => {
    const refused = (await app.inject({ url: "/refused" })).json();
    expect(refused.detail).toContain("UNPROCESSABLE_ENTITY");
    expect(refused.detail).toContain("Unsupported targeting expression type");
    const long = await app.inject({ url: "/badRequest" });
    expect(long.body.length).toBeLessThan(1000);
  });

  it("tells a rate-limited caller when to come back", async () => {
    const limited = await app.inject({ url: "/limited" });
    expect(limited.headers["retry-after"]).toBe("13");
  });
});
