import { ensureInitialAdmin } from "@starport/api/auth";
import type { Config } from "@starport/config";
import {
  type DatabaseConnection,
  migrateDatabase,
  openDatabase,
  type PgBoss,
  seedDemoData,
  startJobs,
  withStartupLock,
} from "@starport/db";

export interface Runtime {
  database: DatabaseConnection;
  jobs: PgBoss;
  stop(): Promise<void>;
}

/**
 * Opens the database, applies migrations, seeds demo data when asked (one process at a time when
 * several start on one PostgreSQL), and starts the job engine: with workers in roles all and
 * worker, as a sender only in role web.
 */
export async function startRuntime(config: Config): Promise<Runtime> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await withStartupLock(database, async () => {
      await migrateDatabase(database);
      if (config.seedDemo) await seedDemoData(database.db);
      if (config.initialAdmin) await ensureInitialAdmin(database.db, config.initialAdmin);
    });
    const jobs = await startJobs(database, { workers: config.runsWorkers });
    return {
      database,
      jobs,
      async stop() {
        await jobs.stop({ graceful: true, timeout: config.shutdownTimeoutMs });
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
