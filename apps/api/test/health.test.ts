import { migrateDatabase, openDatabase, pingDatabase, startJobs } from "@starport/db";
import { fastify } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenService } from "../src/auth/tokens.ts";
import { apiPlugin } from "../src/index.ts";

const database = await openDatabase({ dataDir: "memory://" });
await migrateDatabase(database);
const jobs = await startJobs(database);
let jobsUp = true;

const app = fastify();
await app.register(
  async (api) => {
    await apiPlugin(api, {
      db: database.db,
      tokens: createTokenService({ secret: "t".repeat(32), db: database.db }),
      databaseDriver: database.kind,
      pingDatabase: () => pingDatabase(database),
      pingJobs: async () => {
        if (!jobsUp) throw new Error("job engine stopped");
        await jobs.getQueues();
      },
    });
    // A route inside the API's scope, to exercise body parsing errors.
    api.post("/echo", async (request) => request.body);
  },
  { prefix: "/api" },
);

beforeAll(() => app.ready());
afterAll(async () => {
  await app.close();
  await jobs.stop({ graceful: false });
  await database.close();
});

describe("GET /api/health", () => {
  it("reports the database and the job engine", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ok",
      database: { status: "up", driver: "pglite" },
      jobs: { status: "up" },
    });
  });

  it("answers 503 naming the component that is down", async () => {
    jobsUp = false;
    try {
      const response = await app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: "degraded",
        database: { status: "up" },
        jobs: { status: "down", detail: "job engine stopped" },
      });
    } finally {
      jobsUp = true;
    }
  });
});

describe("API errors", () => {
  it("answers unknown paths with a Hydra 404 for every method", async () => {
    for (const method of ["GET", "POST", "PATCH", "DELETE"] as const) {
      const response = await app.inject({ method, url: "/api/nothing/here?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect(response.json()).toMatchObject({
        "@type": "hydra:Error",
        status: 404,
        detail: `No route matches "${method} /api/nothing/here".`,
      });
    }
  });

  it("answers a malformed body with a 400, never a 500", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/echo",
      headers: { "content-type": "application/json" },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      "@type": "hydra:Error",
      status: 400,
      title: "An error occurred",
      type: "/errors/400",
    });
    expect(response.body).not.toContain("    at ");
  });
});
