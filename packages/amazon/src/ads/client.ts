/**
 * Amazon Ads API client (amazon-api-reference.md §2): profiles, Sponsored Products v3 entities,
 * reporting v3, keyword and bid recommendations. Bound to one region host and one refresh token.
 */
import {
  type AmazonEndpoints,
  type Region,
  regionForMarketplace,
  resolveEndpoints,
} from "../config.ts";
import {
  AmazonAuthError,
  AmazonError,
  AmazonInputError,
  AmazonReportError,
  AmazonResponseError,
} from "../errors.ts";
import type { LwaClient } from "../lwa.ts";
import { decodeText, maybeGunzip, parseJsonArray, responseBytes } from "../streams.ts";
import type { RateLimit, Transport, TransportRequest } from "../transport.ts";
import type {
  AdGroupTypes,
  AdsProfile,
  AdsReport,
  AdsReportRow,
  BidRecommendationRequest,
  BidRecommendationResponse,
  BidRecommendationVersion,
  CampaignNegativeKeywordTypes,
  CampaignNegativeTargetTypes,
  CampaignTypes,
  CreateReportRequest,
  FailureItemOf,
  KeywordRecommendationRequest,
  KeywordRecommendationResponse,
  KeywordRecommendationVersion,
  KeywordTypes,
  ListProfilesFilter,
  MultiStatusResult,
  NegativeKeywordTypes,
  NegativeTargetTypes,
  ProductAdTypes,
  SpMutationError,
  TargetTypes,
} from "./types.ts";

/**
 * Ads publishes no fixed quotas (§2.9: dynamic, 429 + Retry-After). These client-side defaults keep a
 * single profile well below what Amazon tolerates; override per operation via `TransportOptions.rateLimits`.
 */
export const ADS_RATE_LIMITS: Record<string, RateLimit> = {
  "ads.listProfiles": { rate: 2, burst: 5 },
  "ads.crud": { rate: 10, burst: 10 },
  "ads.list": { rate: 10, burst: 10 },
  "ads.createReport": { rate: 1, burst: 5 },
  "ads.getReport": { rate: 2, burst: 5 },
  "ads.deleteReport": { rate: 1, burst: 5 },
  "ads.downloadReport": { rate: 2, burst: 5 },
  "ads.keywordRecommendations": { rate: 2, burst: 5 },
  "ads.bidRecommendations": { rate: 2, burst: 5 },
};

export interface AdsClientOptions {
  lwa: LwaClient;
  refreshToken: string;
  /** Region host to talk to; alternatively pass `marketplace` (id or country code). */
  region?: Region;
  marketplace?: string;
  transport: Transport;
  endpoints?: Partial<AmazonEndpoints>;
}

interface ResourceSpec {
  name: string;
  path: string;
  mediaType: string;
  key: string;
  idField: string;
  entityField: string;
  deleteFilter: string;
}

type Profile = string | number;

/** Operations common to every SP v3 entity resource. */
export class SpEntityResource<
  T extends {
    entity: unknown;
    createItem: unknown;
    updateItem: unknown;
    listRequest: object;
    bulkResponse: unknown;
  },
> {
  readonly spec: ResourceSpec;
  private readonly client: AdsClient;
  constructor(client: AdsClient, spec: ResourceSpec) {
    this.client = client;
    this.spec = spec;
  }

  /** One page of `POST /sp/<res>/list`. */
  async listPage(
    profileId: Profile,
    filter: T["listRequest"] = {} as T["listRequest"],
    nextToken?: string,
    signal?: AbortSignal,
  ): Promise<{
    items: T["entity"][];
    nextToken: string | undefined;
    totalResults: number | undefined;
  }> {
    const body = nextToken ? { ...filter, nextToken } : filter;
    const res = await this.client.call(profileId, {
      operation: `ads.list${this.spec.name}`,
      bucket: "ads.list",
      method: "POST",
      path: `${this.spec.path}/list`,
      mediaType: this.spec.mediaType,
      body,
      idempotent: true,
      signal,
    });
    const b = res as Record<string, unknown> | undefined;
    const items = b?.[this.spec.key];
    if (!Array.isArray(items)) {
      throw new AmazonResponseError(
        `ads.list${this.spec.name}: response lacks "${this.spec.key}" array`,
      );
    }
    const token = typeof b?.nextToken === "string" && b.nextToken !== "" ? b.nextToken : undefined;
    const total = typeof b?.totalResults === "number" ? b.totalResults : undefined;
    return { items: items as T["entity"][], nextToken: token, totalResults: total };
  }

  /** Iterates every entity matching `filter`, following `nextToken` across pages. */
  async *iterate(
    profileId: Profile,
    filter: T["listRequest"] = {} as T["listRequest"],
    signal?: AbortSignal,
  ): AsyncGenerator<T["entity"]> {
    let token: string | undefined;
    const seen = new Set<string>();
    do {
      const page = await this.listPage(profileId, filter, token, signal);
      yield* page.items;
      token = page.nextToken;
      if (token !== undefined) {
        if (seen.has(token)) {
          throw new AmazonResponseError(
            `ads.list${this.spec.name}: nextToken repeated, paging would loop`,
          );
        }
        seen.add(token);
      }
    } while (token !== undefined);
  }

  /** Collects every page into an array. */
  async listAll(
    profileId: Profile,
    filter: T["listRequest"] = {} as T["listRequest"],
    signal?: AbortSignal,
  ): Promise<T["entity"][]> {
    const out: T["entity"][] = [];
    for await (const item of this.iterate(profileId, filter, signal)) out.push(item);
    return out;
  }

  /**
   * `POST /sp/<res>` (≤1000 items). Not retried on 5xx/timeouts (could duplicate entities); 429 is retried.
   */
  create(
    profileId: Profile,
    items: T["createItem"][],
    options: { returnRepresentation?: boolean; signal?: AbortSignal } = {},
  ): Promise<MultiStatusResult<T["entity"], SpMutationError<T>>> {
    return this.mutate(profileId, "create", "POST", this.spec.path, items, false, options);
  }

  /** `PUT /sp/<res>` (≤1000 items). Absolute values, so retried like a read. */
  update(
    profileId: Profile,
    items: T["updateItem"][],
    options: { returnRepresentation?: boolean; signal?: AbortSignal } = {},
  ): Promise<MultiStatusResult<T["entity"], SpMutationError<T>>> {
    return this.mutate(profileId, "update", "PUT", this.spec.path, items, true, options);
  }

  /** `POST /sp/<res>/delete`: archives (soft delete). Repeatable, so retried. */
  delete(
    profileId: Profile,
    ids: string[],
    options: { signal?: AbortSignal } = {},
  ): Promise<MultiStatusResult<T["entity"], SpMutationError<T>>> {
    return this.mutate(profileId, "delete", "POST", `${this.spec.path}/delete`, ids, true, options);
  }

  private async mutate(
    profileId: Profile,
    verb: "create" | "update" | "delete",
    method: "POST" | "PUT",
    path: string,
    items: unknown[],
    idempotent: boolean,
    options: { returnRepresentation?: boolean; signal?: AbortSignal },
  ): Promise<MultiStatusResult<T["entity"], SpMutationError<T>>> {
    const operation = `ads.${verb}${this.spec.name}`;
    if (!Array.isArray(items) || items.length === 0) {
      throw new AmazonInputError(`${operation}: at least one item is required`, { operation });
    }
    if (items.length > 1000) {
      throw new AmazonInputError(
        `${operation}: at most 1000 items per call (got ${items.length})`,
        { operation },
      );
    }
    const body =
      verb === "delete"
        ? { [this.spec.deleteFilter]: { include: items } }
        : { [this.spec.key]: items };
    const res = await this.client.call(profileId, {
      operation,
      bucket: "ads.crud",
      method,
      path,
      mediaType: this.spec.mediaType,
      body,
      idempotent,
      prefer: options.returnRepresentation ? "return=representation" : undefined,
      signal: options.signal,
    });
    return this.parseMultiStatus(operation, res);
  }

  /** Normalises a 207 body `{<key>:{success:[…],error:[…]}}`. */
  parseMultiStatus(
    operation: string,
    res: unknown,
  ): MultiStatusResult<T["entity"], SpMutationError<T>> {
    const group = (res as Record<string, unknown> | undefined)?.[this.spec.key] as
      | { success?: unknown; error?: unknown }
      | undefined;
    if (typeof group !== "object" || group === null) {
      throw new AmazonResponseError(`${operation}: 207 body lacks "${this.spec.key}"`, {
        operation,
      });
    }
    const success = Array.isArray(group.success) ? group.success : [];
    const error = Array.isArray(group.error) ? (group.error as FailureItemOf<T>[]) : [];
    return {
      success: success.map((raw: Record<string, unknown>) => {
        const id = raw[this.spec.idField];
        return {
          index: Number(raw.index),
          id: typeof id === "string" || typeof id === "number" ? String(id) : "",
          entity: raw[this.spec.entityField] as T["entity"] | undefined,
        };
      }),
      error: error.map((raw) => {
        const r = raw as { index?: unknown; errors?: unknown };
        return {
          index: Number(r.index),
          errors: (Array.isArray(r.errors) ? r.errors : []) as SpMutationError<T>[],
        };
      }),
    };
  }
}

export interface PollOptions {
  /** First poll delay (default 2 000 ms); doubles up to `maxIntervalMs`. */
  initialIntervalMs?: number;
  maxIntervalMs?: number;
  /** Give up after this long (default 3 h, Amazon's documented worst case). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export class AdsClient {
  readonly region: Region;
  readonly host: string;
  private readonly lwa: LwaClient;
  private readonly refreshToken: string;
  private readonly transport: Transport;

  readonly campaigns: SpEntityResource<CampaignTypes>;
  readonly adGroups: SpEntityResource<AdGroupTypes>;
  readonly keywords: SpEntityResource<KeywordTypes>;
  readonly negativeKeywords: SpEntityResource<NegativeKeywordTypes>;
  readonly campaignNegativeKeywords: SpEntityResource<CampaignNegativeKeywordTypes>;
  readonly targets: SpEntityResource<TargetTypes>;
  readonly negativeTargets: SpEntityResource<NegativeTargetTypes>;
  readonly campaignNegativeTargets: SpEntityResource<CampaignNegativeTargetTypes>;
  readonly productAds: SpEntityResource<ProductAdTypes>;

  constructor(options: AdsClientOptions) {
    const region =
      options.region ??
      (options.marketplace ? regionForMarketplace(options.marketplace) : undefined);
    if (!region) throw new AmazonInputError("AdsClient needs a region or a marketplace");
    if (!options.refreshToken) throw new AmazonInputError("AdsClient needs a refresh token");
    this.region = region;
    this.host = resolveEndpoints(options.endpoints).adsHosts[region].replace(/\/+$/, "");
    this.lwa = options.lwa;
    this.refreshToken = options.refreshToken;
    this.transport = options.transport;
    this.campaigns = new SpEntityResource(this, {
      name: "Campaigns",
      path: "/sp/campaigns",
      mediaType: "application/vnd.spCampaign.v3+json",
      key: "campaigns",
      idField: "campaignId",
      entityField: "campaign",
      deleteFilter: "campaignIdFilter",
    });
    this.adGroups = new SpEntityResource(this, {
      name: "AdGroups",
      path: "/sp/adGroups",
      mediaType: "application/vnd.spAdGroup.v3+json",
      key: "adGroups",
      idField: "adGroupId",
      entityField: "adGroup",
      deleteFilter: "adGroupIdFilter",
    });
    this.keywords = new SpEntityResource(this, {
      name: "Keywords",
      path: "/sp/keywords",
      mediaType: "application/vnd.spKeyword.v3+json",
      key: "keywords",
      idField: "keywordId",
      entityField: "keyword",
      deleteFilter: "keywordIdFilter",
    });
    this.negativeKeywords = new SpEntityResource(this, {
      name: "NegativeKeywords",
      path: "/sp/negativeKeywords",
      mediaType: "application/vnd.spNegativeKeyword.v3+json",
      key: "negativeKeywords",
      idField: "negativeKeywordId",
      entityField: "negativeKeyword",
      deleteFilter: "negativeKeywordIdFilter",
    });
    this.campaignNegativeKeywords = new SpEntityResource(this, {
      name: "CampaignNegativeKeywords",
      path: "/sp/campaignNegativeKeywords",
      mediaType: "application/vnd.spCampaignNegativeKeyword.v3+json",
      key: "campaignNegativeKeywords",
      idField: "campaignNegativeKeywordId",
      entityField: "campaignNegativeKeyword",
      deleteFilter: "campaignNegativeKeywordIdFilter",
    });
    this.targets = new SpEntityResource(this, {
      name: "Targets",
      path: "/sp/targets",
      mediaType: "application/vnd.spTargetingClause.v3+json",
      key: "targetingClauses",
      idField: "targetId",
      entityField: "targetingClause",
      deleteFilter: "targetIdFilter",
    });
    this.negativeTargets = new SpEntityResource(this, {
      name: "NegativeTargets",
      path: "/sp/negativeTargets",
      mediaType: "application/vnd.spNegativeTargetingClause.v3+json",
      key: "negativeTargetingClauses",
      idField: "targetId",
      entityField: "negativeTargetingClause",
      deleteFilter: "negativeTargetIdFilter",
    });
    this.campaignNegativeTargets = new SpEntityResource(this, {
      name: "CampaignNegativeTargets",
      path: "/sp/campaignNegativeTargets",
      mediaType: "application/vnd.spCampaignNegativeTargetingClause.v3+json",
      key: "campaignNegativeTargetingClauses",
      idField: "campaignNegativeTargetingClauseId",
      // §2.3: the spec and the recordings use the plural key for the single object here.
      entityField: "campaignNegativeTargetingClauses",
      deleteFilter: "campaignNegativeTargetIdFilter",
    });
    this.productAds = new SpEntityResource(this, {
      name: "ProductAds",
      path: "/sp/productAds",
      mediaType: "application/vnd.spProductAd.v3+json",
      key: "productAds",
      idField: "adId",
      entityField: "productAd",
      deleteFilter: "adIdFilter",
    });
  }

  /** Low-level authenticated call to the region host. */
  async call(
    profileId: Profile | undefined,
    req: {
      operation: string;
      bucket?: string;
      method: TransportRequest["method"];
      path: string;
      query?: URLSearchParams;
      mediaType?: string;
      accept?: string;
      body?: unknown;
      idempotent: boolean;
      prefer?: string | undefined;
      signal?: AbortSignal | undefined;
      acceptStatuses?: readonly number[];
    },
  ): Promise<unknown> {
    return (await this.callRaw(profileId, req)).body;
  }

  async callRaw(
    profileId: Profile | undefined,
    req: Parameters<AdsClient["call"]>[1],
  ): Promise<{ status: number; body: unknown }> {
    if (profileId !== undefined && !/^\d+$/.test(String(profileId))) {
      throw new AmazonInputError(
        `${req.operation}: invalid profile id ${JSON.stringify(profileId)}`,
      );
    }
    const qs = req.query?.toString();
    // An access token Amazon rejects although it is not expired by our clock (revoked, clock skew):
    // drop it and retry once with a fresh one.
    for (let authAttempt = 1; ; authAttempt++) {
      const accessToken = await this.lwa.getAccessToken(this.refreshToken);
      const headers: Record<string, string> = {
        authorization: `Bearer ${accessToken}`,
        "amazon-advertising-api-clientid": this.lwa.clientId,
      };
      if (profileId !== undefined) headers["amazon-advertising-api-scope"] = String(profileId);
      if (req.body !== undefined) headers["content-type"] = req.mediaType ?? "application/json";
      headers.accept = req.accept ?? req.mediaType ?? "application/json";
      if (req.prefer) headers.prefer = req.prefer;
      try {
        const res = await this.transport.request({
          operation: req.operation,
          method: req.method,
          url: `${this.host}${req.path}${qs ? `?${qs}` : ""}`,
          headers,
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          idempotent: req.idempotent,
          rateLimit: ADS_RATE_LIMITS[req.bucket ?? req.operation],
          rateLimitScope: `${this.region}:${profileId ?? "-"}`,
          signal: req.signal,
          acceptStatuses: req.acceptStatuses,
        });
        return { status: res.status, body: res.body };
      } catch (error) {
        if (authAttempt === 1 && error instanceof AmazonAuthError && error.status === 401) {
          this.lwa.invalidate(this.refreshToken);
          continue;
        }
        throw error;
      }
    }
  }

  /** `GET /v2/profiles`: the profiles of this region host (no Scope header). */
  async listProfiles(filter: ListProfilesFilter = {}, signal?: AbortSignal): Promise<AdsProfile[]> {
    const query = new URLSearchParams();
    if (filter.profileTypeFilter?.length)
      query.set("profileTypeFilter", filter.profileTypeFilter.join(","));
    if (filter.validPaymentMethodFilter !== undefined) {
      query.set("validPaymentMethodFilter", String(filter.validPaymentMethodFilter));
    }
    if (filter.excludeSubTypeFilter?.length)
      query.set("excludeSubTypeFilter", filter.excludeSubTypeFilter.join(","));
    if (filter.accessLevel) query.set("accessLevel", filter.accessLevel);
    if (filter.apiProgram) query.set("apiProgram", filter.apiProgram);
    const body = await this.call(undefined, {
      operation: "ads.listProfiles",
      method: "GET",
      path: "/v2/profiles",
      query,
      idempotent: true,
      signal,
    });
    if (!Array.isArray(body))
      throw new AmazonResponseError("ads.listProfiles: expected a JSON array");
    return body as AdsProfile[];
  }

  /** `POST /sp/targets/keywords/recommendations` (bids in minor currency units). Default version v4. */
  async getKeywordRecommendations<V extends KeywordRecommendationVersion = "v4">(
    profileId: Profile,
    request: KeywordRecommendationRequest<V>,
    options: { version?: V; signal?: AbortSignal } = {},
  ): Promise<KeywordRecommendationResponse<V>> {
    const mediaType = `application/vnd.spkeywordsrecommendation.${options.version ?? "v4"}+json`;
    return (await this.call(profileId, {
      operation: "ads.keywordRecommendations",
      method: "POST",
      path: "/sp/targets/keywords/recommendations",
      mediaType,
      body: request,
      idempotent: true,
      signal: options.signal,
    })) as KeywordRecommendationResponse<V>;
  }

  /** `POST /sp/targets/bid/recommendations` (theme-based, major currency units). Default version v3. */
  async getBidRecommendations<V extends BidRecommendationVersion = "v3">(
    profileId: Profile,
    request: BidRecommendationRequest<V>,
    options: { version?: V; signal?: AbortSignal } = {},
  ): Promise<BidRecommendationResponse<V>> {
    const mediaType = `application/vnd.spthemebasedbidrecommendation.${options.version ?? "v3"}+json`;
    return (await this.call(profileId, {
      operation: "ads.bidRecommendations",
      method: "POST",
      path: "/sp/targets/bid/recommendations",
      mediaType,
      body: request,
      idempotent: true,
      signal: options.signal,
    })) as BidRecommendationResponse<V>;
  }

  /**
   * `POST /reporting/reports`. A duplicate of a report still being generated is answered 425 by Amazon;
   * the duplicated report's id is taken from the message and that report is returned instead, which also
   * makes retrying a create safe (so it is retried like a read).
   */
  async createReport(
    profileId: Profile,
    request: CreateReportRequest,
    signal?: AbortSignal,
  ): Promise<AdsReport> {
    const res = await this.callRaw(profileId, {
      operation: "ads.createReport",
      method: "POST",
      path: "/reporting/reports",
      mediaType: "application/vnd.createasyncreportrequest.v3+json",
      accept: "application/vnd.createasyncreportresponse.v3+json",
      body: request,
      idempotent: true,
      signal,
      acceptStatuses: [425],
    });
    if (res.status === 425) {
      const reportId = duplicateReportId(res.body);
      if (!reportId) {
        throw new AmazonResponseError(
          "ads.createReport: 425 duplicate without a recognisable report id",
          {
            operation: "ads.createReport",
            status: 425,
          },
        );
      }
      return this.getReport(profileId, reportId, signal);
    }
    return assertReport("ads.createReport", res.body);
  }

  /** `GET /reporting/reports/{reportId}` */
  async getReport(profileId: Profile, reportId: string, signal?: AbortSignal): Promise<AdsReport> {
    const body = await this.call(profileId, {
      operation: "ads.getReport",
      method: "GET",
      path: `/reporting/reports/${encodeURIComponent(reportId)}`,
      accept: "application/vnd.getasyncreportresponse.v3+json",
      idempotent: true,
      signal,
    });
    return assertReport("ads.getReport", body);
  }

  /** `DELETE /reporting/reports/{reportId}` (cancel a pending report). */
  async deleteReport(profileId: Profile, reportId: string, signal?: AbortSignal): Promise<void> {
    await this.call(profileId, {
      operation: "ads.deleteReport",
      method: "DELETE",
      path: `/reporting/reports/${encodeURIComponent(reportId)}`,
      accept: "application/vnd.deleteasyncreportresponse.v3+json",
      idempotent: true,
      signal,
    });
  }

  /** Polls until COMPLETED (returned) or FAILED / timeout (`AmazonReportError`), with growing intervals. */
  async waitForReport(
    profileId: Profile,
    reportId: string,
    options: PollOptions = {},
  ): Promise<AdsReport> {
    const start = this.transport.now();
    let interval = options.initialIntervalMs ?? 2_000;
    const maxInterval = options.maxIntervalMs ?? 60_000;
    const timeout = options.timeoutMs ?? 3 * 3600_000;
    for (;;) {
      const report = await this.getReport(profileId, reportId, options.signal);
      if (report.status === "COMPLETED") return report;
      if (report.status === "FAILED") {
        throw new AmazonReportError(
          `report ${reportId} failed: ${report.failureReason ?? "no reason given"}`,
          reportId,
          report.status,
        );
      }
      if (this.transport.now() - start + interval > timeout) {
        throw new AmazonReportError(
          `report ${reportId} not completed within ${timeout} ms`,
          reportId,
          report.status,
        );
      }
      await this.transport.sleep(interval, options.signal);
      interval = Math.min(maxInterval, interval * 2);
    }
  }

  /**
   * Streams the rows of a completed report: GET of the pre-signed `url` (no auth headers), gunzip,
   * incremental JSON-array parsing. A dropped connection mid-file is resumed by downloading again and
   * skipping the rows already yielded (the file is immutable), up to the transport's retry budget.
   */
  async *downloadReport(
    report: Pick<AdsReport, "reportId" | "url">,
    signal?: AbortSignal,
  ): AsyncGenerator<AdsReportRow> {
    const url = report.url;
    if (!url)
      throw new AmazonReportError(
        `report ${report.reportId} has no download url`,
        report.reportId,
        "NO_URL",
      );
    let yielded = 0;
    for (let attempt = 1; ; attempt++) {
      let index = 0;
      try {
        const response = await this.transport.stream({
          operation: "ads.downloadReport",
          method: "GET",
          url,
          idempotent: true,
          rateLimit: ADS_RATE_LIMITS["ads.downloadReport"],
          rateLimitScope: this.region,
          timeoutMs: Math.max(this.transport.timeoutMs, 300_000),
          signal,
        });
        for await (const row of parseJsonArray(decodeText(maybeGunzip(responseBytes(response))))) {
          if (index++ < yielded) continue;
          if (typeof row !== "object" || row === null || Array.isArray(row)) {
            throw new AmazonResponseError(
              `report ${report.reportId}: row ${index - 1} is not an object`,
            );
          }
          yielded++;
          yield row as AdsReportRow;
        }
        return;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const retryable = !(error instanceof AmazonError) || error.name === "AmazonResponseError";
        if (!retryable || attempt >= this.transport.retry.maxAttempts)
          throw wrapStreamError(error, report.reportId);
        await this.transport.sleep(this.transport.backoffMs(attempt), signal);
      }
    }
  }

  /** create → poll → download: the whole lifecycle, as an async iterator of rows. */
  async *runReport(
    profileId: Profile,
    request: CreateReportRequest,
    options: PollOptions = {},
  ): AsyncGenerator<AdsReportRow> {
    const created = await this.createReport(profileId, request, options.signal);
    const done =
      created.status === "COMPLETED"
        ? created
        : await this.waitForReport(profileId, created.reportId, options);
    yield* this.downloadReport(done, options.signal);
  }
}

function wrapStreamError(error: unknown, reportId: string): unknown {
  if (error instanceof AmazonError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AmazonResponseError(`report ${reportId}: download failed: ${message}`, {
    cause: error,
  });
}

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Extracts the original report id from a 425 body (`"The Request is a duplicate of : <reportId>"`). */
export function duplicateReportId(body: unknown): string | undefined {
  const texts: string[] = [];
  if (typeof body === "string") texts.push(body);
  else if (typeof body === "object" && body !== null) {
    const b = body as Record<string, unknown>;
    if (typeof b.reportId === "string" && b.reportId !== "") return b.reportId;
    for (const k of ["detail", "details", "message", "reportId"])
      if (typeof b[k] === "string") texts.push(b[k]);
  }
  for (const t of texts) {
    const uuid = UUID_RE.exec(t);
    if (uuid) return uuid[0];
    const after = /duplicate of\s*:?\s*([A-Za-z0-9._-]+)/i.exec(t);
    if (after?.[1]) return after[1];
  }
  return undefined;
}

function assertReport(operation: string, body: unknown): AdsReport {
  const b = body as Partial<AdsReport> | undefined;
  if (typeof b?.reportId !== "string" || typeof b.status !== "string") {
    throw new AmazonResponseError(`${operation}: response is not a report`, { operation });
  }
  return b as AdsReport;
}
