import pg from "pg";

/**
 * The browser tests' server database (apps/web/scripts/e2e-server.ts: `starport_e2e_<port>` on
 * the PostgreSQL E2E_DATABASE_URL names), for the few facts no sandbox day can give a test: a
 * change applied weeks ago. A spec writes only rows of its own seller and removes them again.
 */
export async function serverDatabase(): Promise<pg.Client> {
  const admin = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!admin)
    throw new Error(
      "This spec writes facts into the server's database: run the browser tests on PostgreSQL (E2E_DATABASE_URL).",
    );
  const url = new URL(admin);
  url.pathname = `/starport_e2e_${Number(process.env.E2E_PORT ?? 3199)}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}
