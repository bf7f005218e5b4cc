/** Reports API 2021-06-30: request, poll, cancel a report; fetch its document (merchant listings). */
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { INVALID_JSON, isObject, publicBaseUrl, sendError, sendJson } from "../http.ts";
import { merchantListingsTsv } from "../merchant-listings-report.ts";
import type { SandboxState } from "../state.ts";
import { authSp } from "./auth.ts";
import { bad, csv } from "./common.ts";

interface SpReport {
  reportId: string;
  sellerId: string;
  reportType: string;
  marketplaceIds: string[];
  dataStartTime: string;
  dataEndTime: string;
  createdTime: string;
  processingStatus: "IN_QUEUE" | "IN_PROGRESS" | "DONE" | "CANCELLED" | "FATAL";
  processingStartTime?: string;
  processingEndTime?: string;
  reportDocumentId?: string;
  polls: number;
  stuck: boolean;
}

function spReportJson(r: SpReport): Record<string, unknown> {
  const out: Record<string, unknown> = {
    reportId: r.reportId,
    reportType: r.reportType,
    marketplaceIds: r.marketplaceIds,
    dataStartTime: r.dataStartTime,
    dataEndTime: r.dataEndTime,
    createdTime: r.createdTime,
    processingStatus: r.processingStatus,
  };
  if (r.processingStartTime) out.processingStartTime = r.processingStartTime;
  if (r.processingEndTime) out.processingEndTime = r.processingEndTime;
  if (r.reportDocumentId) out.reportDocumentId = r.reportDocumentId;
  return out;
}

/** One sandbox's requested reports and their documents (cleared on reset). */
interface ReportStore {
  reports: Map<string, SpReport>;
  docs: Map<string, { sellerId: string; fileKey: string }>;
}

async function createReport(
  state: SandboxState,
  store: ReportStore,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const body = req.body as unknown;
  if (!isObject(body) || INVALID_JSON in body) return bad(reply, "Body must be a JSON object.");
  if (typeof body.reportType !== "string" || !body.reportType)
    return bad(reply, "reportType is required.");
  if (body.reportType !== "GET_MERCHANT_LISTINGS_ALL_DATA")
    return bad(reply, `Report type ${body.reportType} is not supported by the sandbox.`);
  const mps = body.marketplaceIds;
  if (
    !Array.isArray(mps) ||
    mps.length === 0 ||
    mps.some((m) => typeof m !== "string" || !seller.marketplaceIds.includes(m))
  )
    return bad(reply, "marketplaceIds must list marketplaces the seller participates in.");
  for (const k of ["dataStartTime", "dataEndTime"]) {
    const v = body[k];
    if (v !== undefined && (typeof v !== "string" || Number.isNaN(Date.parse(v))))
      return bad(reply, `${k} must be an ISO 8601 date-time.`);
  }
  const now = new Date(state.now()).toISOString();
  const reportId = String(50_000_000_000 + store.reports.size * 7 + 13);
  store.reports.set(reportId, {
    reportId,
    sellerId: seller.sellerId,
    reportType: body.reportType,
    marketplaceIds: mps as string[],
    dataStartTime: typeof body.dataStartTime === "string" ? body.dataStartTime : now,
    dataEndTime: typeof body.dataEndTime === "string" ? body.dataEndTime : now,
    createdTime: now,
    processingStatus: "IN_QUEUE",
    polls: 0,
    stuck: state.faults.isStuck(`sp-report|${store.reports.size}`),
  });
  return sendJson(reply, 202, { reportId });
}

async function getReports(
  state: SandboxState,
  store: ReportStore,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const q = req.query as Record<string, unknown>;
  const types = csv(q.reportTypes);
  const statuses = csv(q.processingStatuses);
  const mps = csv(q.marketplaceIds);
  const pageSize = q.pageSize === undefined ? 10 : Number(q.pageSize);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
    return bad(reply, "pageSize must be between 1 and 100.");
  if (q.nextToken === undefined && types.length === 0)
    return bad(reply, "reportTypes or nextToken is required.");
  let offset = 0;
  if (q.nextToken !== undefined) {
    offset = Number(Buffer.from(String(q.nextToken), "base64url").toString("utf8"));
    if (!Number.isInteger(offset) || offset < 0) return bad(reply, "Invalid nextToken.");
  }
  const list = [...store.reports.values()]
    .filter((r) => r.sellerId === seller.sellerId)
    .filter((r) => !types.length || types.includes(r.reportType))
    .filter((r) => !statuses.length || statuses.includes(r.processingStatus))
    .filter((r) => !mps.length || r.marketplaceIds.some((m) => mps.includes(m)))
    .reverse();
  const out: Record<string, unknown> = {
    reports: list.slice(offset, offset + pageSize).map(spReportJson),
  };
  if (offset + pageSize < list.length)
    out.nextToken = Buffer.from(String(offset + pageSize)).toString("base64url");
  return sendJson(reply, 200, out);
}

/** getReport: each poll moves the report on; after enough polls its document is ready. */
async function getReport(
  state: SandboxState,
  store: ReportStore,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const w = () => state.world;
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const r = store.reports.get((req.params as { reportId: string }).reportId);
  if (!r || r.sellerId !== seller.sellerId) return sendError(reply, "sp", 404, "Report not found.");
  const now = new Date(state.now()).toISOString();
  if (!r.stuck && (r.processingStatus === "IN_QUEUE" || r.processingStatus === "IN_PROGRESS")) {
    r.polls++;
    if (r.polls >= state.reportPollsUntilReady) {
      const tsv = merchantListingsTsv(w(), r.sellerId, r.marketplaceIds);
      const docId = `amzn1.spdoc.1.4.eu.${randomUUID()}`;
      const key = `${randomUUID()}.tsv.gz`;
      state.files.set(key, {
        data: gzipSync(Buffer.from(tsv, "utf8")),
        expiresAt: state.now() + 300_000,
        contentType: "application/octet-stream",
      });
      store.docs.set(docId, { sellerId: r.sellerId, fileKey: key });
      r.processingStatus = "DONE";
      r.processingEndTime = now;
      r.reportDocumentId = docId;
    } else {
      r.processingStatus = "IN_PROGRESS";
      r.processingStartTime = now;
    }
  }
  return sendJson(reply, 200, spReportJson(r));
}

async function cancelReport(
  state: SandboxState,
  store: ReportStore,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const r = store.reports.get((req.params as { reportId: string }).reportId);
  if (!r || r.sellerId !== seller.sellerId) return sendError(reply, "sp", 404, "Report not found.");
  if (r.processingStatus !== "IN_QUEUE")
    return bad(reply, "Only IN_QUEUE reports can be cancelled.");
  r.processingStatus = "CANCELLED";
  return reply.code(200).send();
}

async function getReportDocument(
  state: SandboxState,
  store: ReportStore,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const seller = authSp(state, req, reply);
  if (!seller) return reply;
  const d = store.docs.get((req.params as { documentId: string }).documentId);
  if (!d || d.sellerId !== seller.sellerId)
    return sendError(reply, "sp", 404, "Report document not found.");
  const file = state.files.get(d.fileKey);
  if (file) file.expiresAt = state.now() + 300_000;
  return sendJson(reply, 200, {
    reportDocumentId: (req.params as { documentId: string }).documentId,
    url: `${publicBaseUrl(state.baseUrl, req)}/__sandbox/files/${d.fileKey}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=300`,
    compressionAlgorithm: "GZIP",
  });
}

export function registerReportsRoutes(app: FastifyInstance, state: SandboxState): void {
  const store: ReportStore = { reports: new Map(), docs: new Map() };
  state.resetHooks.push(() => store.reports.clear());
  app.post("/reports/2021-06-30/reports", (req, reply) => createReport(state, store, req, reply));
  app.get("/reports/2021-06-30/reports", (req, reply) => getReports(state, store, req, reply));
  app.get("/reports/2021-06-30/reports/:reportId", (req, reply) =>
    getReport(state, store, req, reply),
  );
  app.delete("/reports/2021-06-30/reports/:reportId", (req, reply) =>
    cancelReport(state, store, req, reply),
  );
  app.get("/reports/2021-06-30/documents/:documentId", (req, reply) =>
    getReportDocument(state, store, req, reply),
  );
}
