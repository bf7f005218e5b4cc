/**
 * The browser tests' server database, on PostgreSQL or the embedded one alike, through the test
 * server's `POST /__e2e/sql` (apps/web/scripts/e2e-server.ts), for the few facts no sandbox day
 * can give a test: a change applied weeks ago. A spec writes only rows of its own seller and
 * removes them again.
 */
export interface ServerDatabase {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  end(): Promise<void>;
}

export async function serverDatabase(): Promise<ServerDatabase> {
  const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3199)}`;
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      const response = await fetch(`${base}/__e2e/sql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text, params }),
      });
      if (!response.ok) throw new Error(`${text}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { rows: Row[] };
    },
    end: async () => {},
  };
}
