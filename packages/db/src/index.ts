export {
  expressionText,
  readWire,
  rowFromAmazon,
  toMicros,
} from "./amazon-entity-rows.ts";
export {
  apiValueOf,
  type WriteValue,
  writableColumn,
  writeWire,
} from "./amazon-entity-writes.ts";
export type { Database, DatabaseConnection, OpenDatabaseOptions, Schema } from "./client.ts";
export { hasReadSettings, openDatabase, pingDatabase } from "./client.ts";
export { type EntityField, entityFields } from "./entity-fields.ts";
export {
  customerOfProfile,
  type FairJob,
  fairWorkOptions,
  PER_CUSTOMER,
  sendFair,
} from "./fair-queue.ts";
export type { PgBoss } from "./jobs.ts";
export { type JobsOptions, startJobs } from "./jobs.ts";
export { MIGRATIONS_FOLDER, migrateDatabase } from "./migrate.ts";
export { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
export { type RollupCoverage, refreshProfileRollups, refreshRollups } from "./rollups.ts";
export * as schema from "./schema/index.ts";
export { DEMO_ACCOUNTS, seedDemoData } from "./seed/demo.ts";
export { DEMO_SELLER_IDS, seedSellerDemoData } from "./seed/sellers.ts";
export { withStartupLock } from "./startup.ts";
export { refreshStatistics } from "./statistics.ts";
export {
  FACT_ENTITIES,
  type FactEntityName,
  SYNCED_ENTITIES,
  WRITABLE_ENTITY_NAMES,
} from "./synced-entities.ts";
export {
  type AmazonAdsResource,
  type AmazonPlacement,
  ENTITY_STATES,
  type FactsEntityType,
  NEGATIVE_LEVELS,
  type ParentLink,
  type SyncedColumn,
  type SyncedEntity,
  type SyncedEntityName,
  type SyncSource,
  type Wire,
  wire,
} from "./synced-entity-declaration.ts";
