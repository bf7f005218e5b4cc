import { ensureInitialAdmin } from "@starport/api/auth";
import type { Config } from "@starport/config";
import {
  type DatabaseConnection,
  migrateDatabase,
  openDatabase,
  type PgBoss,
  seedDemoData,
  startJobs,
} from "@starport/db";

export interface Runtime {
  database: DatabaseConnection;
  jobs: PgBoss;
  stop(): Promise<void>;
}

/** Opens the database, applies migrations, seeds demo data when asked, and starts the job engine. */
export async function startRuntime(config: Config): Promise<Runtime> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    if (config.seedDemo) await seedDemoData(database.db);
    if (config.initialAdmin) await ensureInitialAdmin(database.db, config.initialAdmin);
    const jobs = await startJobs(database);
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
