// Writes the API's OpenAPI document (what GET /api/docs.json serves) to a file, for
// `redocly lint`. Builds the real API plugin on a throw-away in-memory PGlite database.
// Usage: node scripts/openapi-export.ts <output.json>
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createAmazon } from "@starport/amazon";
import { apiPlugin } from "@starport/api";
import { createTokenService } from "@starport/api/auth";
import { openTestDatabase } from "@starport/db/testing";
import { createSyncEngine, createTokenCipher } from "@starport/sync";
import { fastify } from "fastify";

const output = process.argv[2];
if (!output) {
  console.error("usage: node scripts/openapi-export.ts <output.json>");
  process.exit(64);
}
const database = await openTestDatabase("pglite");
const db = database.connection.db;
const app = fastify({ logger: false });
// The Amazon routes are served only with Amazon clients; nothing here calls Amazon.
const amazon = createAmazon({ clientId: "export", clientSecret: "export" });
await app.register(apiPlugin, {
  prefix: "/api",
  db,
  tokens: createTokenService({ secret: "x".repeat(40), db }),
  databaseDriver: "pglite",
  pingDatabase: async () => {},
  pingJobs: async () => {},
  // The job queues only decide whether their operations are served: the document lists them all.
  changes: { enqueue: async () => {} },
  productImports: { dataDir: tmpdir(), quotaBytes: 0, enqueue: async () => {} },
  amazon: {
    amazon,
    cipher: createTokenCipher("k".repeat(40)),
    engine: createSyncEngine({ db, amazon, cipher: createTokenCipher("k".repeat(40)) }),
    spApplicationId: "export",
    publicUrl: "http://localhost",
  },
});
const response = await app.inject({ url: "/api/docs.json" });
if (response.statusCode !== 200) {
  console.error(`GET /api/docs.json answered ${response.statusCode}: ${response.body}`);
  process.exit(1);
}
await writeFile(output, `${JSON.stringify(response.json(), null, 2)}\n`);
await app.close();
await database.dispose();
