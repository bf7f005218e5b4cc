// The browser tests' server: the start command's `node apps/web/server.ts` on the embedded
// database, unless E2E_DATABASE_URL names a PostgreSQL server (CI sets it to the one it installs).
// Then the server runs on a fresh database of its own there, `starport_e2e_<port>`, created anew
// at every start.
//
// Why PostgreSQL when there is one: PGlite runs inside the server's own thread, so every query
// blocks page rendering and the API while it runs; with two browsers, the demo businesses' syncs
// and server rendering on a 2-core machine, pages took 20–30 s and tests timed out at random.
// PostgreSQL runs beside the server in processes of its own. The embedded path stays covered by
// the API tests (every database test runs on both) and by `npm start`.
import type { DatabaseConnection } from "@starport/db";
import { createThrowawayDatabase } from "@starport/db/testing";
import type { FastifyInstance } from "fastify";
import { runServer } from "../server.ts";

const adminUrl = process.env.E2E_DATABASE_URL;
if (adminUrl) {
  const name = `starport_e2e_${Number(process.env.PORT ?? 3199)}`;
  const database = await createThrowawayDatabase(adminUrl, "starport_e2e", { name });
  process.env.DATABASE_URL = database.url;
  // Required beside DATABASE_URL (only the embedded mode generates them): test values.
  process.env.JWT_SECRET ??= "e2e-jwt-secret-0123456789abcdef0123456789";
  process.env.TOKEN_ENCRYPTION_KEY ??= "e2e-key-0123456789abcdef0123456789abcdef";
  console.log(`[e2e] on PostgreSQL, database ${name}`);
}

/**
 * `POST /__e2e/sql {text, params}` → `{rows}`: the few facts no sandbox day can give a spec (a
 * change applied weeks ago), written on either database: PGlite lives inside this process, so a
 * spec cannot open it beside the server (e2e/server-database.ts). Only this script registers it,
 * for loopback callers; the product's servers have no such route.
 */
function testRoutes(app: FastifyInstance, database: DatabaseConnection) {
  app.post<{ Body: { text?: unknown; params?: unknown } }>("/__e2e/sql", async (request, reply) => {
    if (request.ip !== "127.0.0.1" && request.ip !== "::1" && request.ip !== "::ffff:127.0.0.1")
      return reply.code(403).send({ detail: "loopback only" });
    const { text, params = [] } = request.body ?? {};
    if (typeof text !== "string" || !Array.isArray(params))
      return reply.code(400).send({ detail: "text (string) and params (array) expected" });
    const result =
      database.kind === "postgres"
        ? await database.pool.query(text, params)
        : await database.pglite.query(text, params);
    return { rows: result.rows };
  });
}

await runServer({ testRoutes }).catch((error: unknown) => {
  console.error("[starport] failed to start:", error);
  process.exit(1);
});
