export {
  type AmazonClients,
  amazonClients,
  type StoredConnection,
} from "./amazon-clients.ts";
export { type SyncArrivals, syncArrivals } from "./arrivals.ts";
export { type Checksums, syncChecksums } from "./checksums.ts";
export {
  type AmazonCompetitorAnswer,
  askAmazonForCompetitors,
  type CompetitorSuggestions,
  captureCompetitorSnapshots,
  productsWithCompetitors,
  spClientForProduct,
  withoutOwnListings,
} from "./competitors.ts";
export { type AmazonApi, disconnect, type NewConnection, saveConnection } from "./connections.ts";
export {
  feesOf,
  SALES_HISTORY_DAYS,
  SALES_REFRESH_DAYS,
  syncFeeEstimates,
  syncOrderMetrics,
} from "./economics.ts";
export {
  type AfterReportSync,
  createSyncEngine,
  DAILY_SYNC_CRON,
  DAILY_SYNC_QUEUE,
  reportWindows,
  SYNC_ECONOMICS_QUEUE,
  SYNC_QUEUE,
  type SyncEngine,
  type SyncEngineOptions,
  type SyncLogger,
  type SyncRun,
} from "./engine.ts";
export {
  DATA_SYNC_KINDS,
  ECONOMICS_SYNC_KIND,
  SYNC_KINDS,
  type SyncKind,
} from "./kinds.ts";
export { createTokenCipher, keyFromSecret, resolveTokenKey, type TokenCipher } from "./secrets.ts";
export {
  ENTITY_SPECS,
  type EntitySpec,
  PERFORMANCE_UPSERT,
  PLACEMENT_UPSERT,
  type Placement,
  PRODUCT_UPSERT,
  placementOf,
  REPORT_SPECS,
  SEARCH_TERM_UPSERT,
  tableUpsert,
} from "./specs.ts";
export { affected, rowsOf, type UpsertSpec, upsertRows } from "./upsert.ts";
