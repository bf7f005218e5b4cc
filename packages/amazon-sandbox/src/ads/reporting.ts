/** Ads reporting v3: request a report, poll it until its gzipped JSON is ready, delete a pending one. */
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { daysBetween, parseIsoDate } from "../dates.ts";
import { isObject, publicBaseUrl, sendError, sendJson } from "../http.ts";
import { type AdsReportConfig, allowedColumns, buildAdsReport, REPORT_TYPES } from "../reports.ts";
import type { SandboxState } from "../state.ts";
import { todayOf } from "../world.ts";
import { authAds } from "./auth.ts";
import { checkMediaType, readBody } from "./request.ts";
import type { Ctx } from "./resource-def.ts";

interface AdsReport {
  reportId: string;
  profileId: number;
  name: string | null;
  startDate: string;
  endDate: string;
  configuration: Record<string, unknown>;
  parsed: AdsReportConfig;
  status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
  createdAt: string;
  updatedAt: string;
  generatedAt: string | null;
  polls: number;
  stuck: boolean;
  signature: string;
  fileKey: string | null;
  fileSize: number | null;
  urlExpiresAt: string | null;
}

function reportJson(r: AdsReport, baseUrl: string): Record<string, unknown> {
  return {
    reportId: r.reportId,
    name: r.name,
    startDate: r.startDate,
    endDate: r.endDate,
    configuration: r.configuration,
    status: r.status,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    generatedAt: r.generatedAt,
    fileSize: r.fileSize,
    url: r.fileKey
      ? `${baseUrl}/__sandbox/files/${r.fileKey}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600&X-Amz-Signature=${r.fileKey.slice(0, 16)}`
      : null,
    urlExpiresAt: r.urlExpiresAt,
    failureReason: null,
  };
}

function validateReportRequest(
  body: Record<string, unknown>,
  today: string,
): { config: AdsReportConfig; startDate: string; endDate: string } | string {
  const { startDate, endDate, configuration: c } = body;
  if (typeof startDate !== "string" || parseIsoDate(startDate) === undefined)
    return "startDate must be a date in YYYY-MM-DD format";
  if (typeof endDate !== "string" || parseIsoDate(endDate) === undefined)
    return "endDate must be a date in YYYY-MM-DD format";
  if (endDate < startDate) return "endDate must not be before startDate";
  if (daysBetween(startDate, endDate) > 30)
    return "The date range of a report cannot exceed 31 days";
  if (daysBetween(startDate, today) > 95)
    return "startDate cannot be more than 95 days in the past";
  if (endDate > today) return "endDate cannot be in the future";
  if (body.name !== undefined && body.name !== null && typeof body.name !== "string")
    return "name must be a string";
  if (!isObject(c)) return "configuration is required";
  if (c.adProduct !== "SPONSORED_PRODUCTS")
    return "configuration.adProduct must be SPONSORED_PRODUCTS";
  if (typeof c.reportTypeId !== "string" || !REPORT_TYPES[c.reportTypeId])
    return `configuration.reportTypeId must be one of ${Object.keys(REPORT_TYPES).join(", ")}`;
  const type = REPORT_TYPES[c.reportTypeId];
  if (c.timeUnit !== "DAILY" && c.timeUnit !== "SUMMARY")
    return "configuration.timeUnit must be DAILY or SUMMARY";
  if (c.format !== "GZIP_JSON") return "configuration.format must be GZIP_JSON";
  if (!Array.isArray(c.groupBy) || c.groupBy.length === 0)
    return "configuration.groupBy is required";
  for (const g of c.groupBy)
    if (!type?.groupBy.includes(String(g)))
      return `configuration groupBy value ${String(g)} is invalid for ${c.reportTypeId}`;
  if (!Array.isArray(c.columns) || c.columns.length === 0)
    return "configuration.columns is required";
  const allowed = allowedColumns(c.reportTypeId, c.timeUnit);
  const bad = c.columns.filter((col) => typeof col !== "string" || !allowed.has(col));
  if (bad.length)
    return `configuration columns includes invalid values: (${bad.map(String).join(", ")})`;
  // Placement rows exist only when the report is grouped by placement.
  if (c.columns.includes("placementClassification") && !c.groupBy.includes("campaignPlacement"))
    return `configuration columns includes fields: (placementClassification) which are invalid for groupBys: ${c.groupBy.map(String).join(", ")}.`;
  const filters: { field: string; values: string[] }[] = [];
  if (c.filters !== undefined && c.filters !== null) {
    if (!Array.isArray(c.filters)) return "configuration.filters must be an array";
    for (const f of c.filters) {
      if (!isObject(f) || typeof f.field !== "string" || !Array.isArray(f.values))
        return "configuration.filters items need field and values";
      filters.push({ field: f.field, values: f.values.map(String) });
    }
  }
  return {
    startDate,
    endDate,
    config: {
      reportTypeId: c.reportTypeId,
      groupBy: c.groupBy.map(String),
      columns: c.columns.map(String),
      timeUnit: c.timeUnit,
      filters,
    },
  };
}

const REPORT_CREATE = "application/vnd.createasyncreportrequest.v3+json";

async function createReport(
  state: SandboxState,
  reports: Map<string, AdsReport>,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const ctx = authAds(state, req, reply, "reporting", true);
  if (!ctx || ctx === "profiles-only") return reply;
  if (!checkMediaType(req, reply, "reporting", [REPORT_CREATE, "application/json"])) return reply;
  const body = readBody(req, reply, "reporting");
  if (!body) return reply;
  const v = validateReportRequest(body, todayOf(ctx.world));
  if (typeof v === "string") return sendError(reply, "reporting", 400, v);
  const signature = JSON.stringify([
    ctx.profile.profileId,
    v.startDate,
    v.endDate,
    body.configuration,
  ]);
  for (const r of reports.values()) {
    if (r.signature === signature && (r.status === "PENDING" || r.status === "PROCESSING"))
      return sendError(reply, "reporting", 425, `The Request is a duplicate of : ${r.reportId}`);
  }
  const now = new Date(state.now()).toISOString();
  const reportId = randomUUID();
  const configuration = { ...(body.configuration as Record<string, unknown>) };
  if (configuration.filters === undefined) configuration.filters = null;
  const r: AdsReport = {
    reportId,
    profileId: ctx.profile.profileId,
    name: typeof body.name === "string" ? body.name : null,
    startDate: v.startDate,
    endDate: v.endDate,
    configuration,
    parsed: v.config,
    status: "PENDING",
    createdAt: now,
    updatedAt: now,
    generatedAt: null,
    polls: 0,
    stuck: state.faults.isStuck(`ads-report|${reports.size}`),
    signature,
    fileKey: null,
    fileSize: null,
    urlExpiresAt: null,
  };
  reports.set(reportId, r);
  return sendJson(
    reply,
    200,
    reportJson(r, publicBaseUrl(state.baseUrl, req)),
    "application/vnd.createasyncreportresponse.v3+json",
  );
}

/** The profile's report named in the path, or undefined after a 404. */
function findReport(
  state: SandboxState,
  reports: Map<string, AdsReport>,
  req: FastifyRequest,
  reply: FastifyReply,
): { r: AdsReport; ctx: Ctx } | undefined {
  const ctx = authAds(state, req, reply, "reporting", true);
  if (!ctx || ctx === "profiles-only") return undefined;
  const { reportId } = req.params as { reportId: string };
  const r = reports.get(reportId);
  if (!r || r.profileId !== ctx.profile.profileId) {
    sendError(reply, "reporting", 404, `Report ${reportId} not found`);
    return undefined;
  }
  return { r, ctx };
}

/** getReport: each poll moves the report on; after enough polls its file is ready. */
async function getReport(
  state: SandboxState,
  reports: Map<string, AdsReport>,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const found = findReport(state, reports, req, reply);
  if (!found) return reply;
  const { r, ctx } = found;
  if (!r.stuck && (r.status === "PENDING" || r.status === "PROCESSING")) {
    r.polls++;
    if (r.polls >= state.reportPollsUntilReady) {
      const rows = buildAdsReport(ctx.world, ctx.profile, r.parsed, r.startDate, r.endDate);
      const gz = gzipSync(Buffer.from(JSON.stringify(rows)));
      const key = `${r.reportId}.json.gz`;
      state.files.set(key, {
        data: gz,
        expiresAt: state.now() + 3600_000,
        contentType: "application/x-gzip",
      });
      r.status = "COMPLETED";
      r.fileKey = key;
      r.fileSize = gz.length;
      r.generatedAt = new Date(state.now()).toISOString();
      r.urlExpiresAt = new Date(state.now() + 3600_000).toISOString();
    } else {
      r.status = "PROCESSING";
    }
    r.updatedAt = new Date(state.now()).toISOString();
  }
  return sendJson(
    reply,
    200,
    reportJson(r, publicBaseUrl(state.baseUrl, req)),
    "application/vnd.getasyncreportresponse.v3+json",
  );
}

async function deleteReport(
  state: SandboxState,
  reports: Map<string, AdsReport>,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const found = findReport(state, reports, req, reply);
  if (!found) return reply;
  if (found.r.status !== "PENDING")
    return sendError(reply, "reporting", 400, "Only PENDING reports can be deleted");
  reports.delete(found.r.reportId);
  return sendJson(
    reply,
    200,
    { code: 200, detail: "Report deleted", reportId: found.r.reportId },
    "application/vnd.deleteasyncreportresponse.v3+json",
  );
}

export function registerReportingRoutes(app: FastifyInstance, state: SandboxState): void {
  const reports = new Map<string, AdsReport>();
  state.resetHooks.push(() => reports.clear());
  app.post("/reporting/reports", (req, reply) => createReport(state, reports, req, reply));
  app.get("/reporting/reports/:reportId", (req, reply) => getReport(state, reports, req, reply));
  app.delete("/reporting/reports/:reportId", (req, reply) =>
    deleteReport(state, reports, req, reply),
  );
}
