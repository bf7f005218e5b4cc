import pg from "pg";

/**
 * The named database next to the admin URL's, created when missing and never dropped: a
 * benchmark's seeded data kept between runs (`BENCH_KEEP_DATABASE=<name>`), so a second run
 * measures without seeding again.
 */
export async function keptDatabase(
  admin: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => {} };
}
