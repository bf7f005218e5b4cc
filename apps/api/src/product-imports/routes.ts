import multipart from "@fastify/multipart";
import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePrincipal, signedIn } from "../auth/authenticate.ts";
import type { Principal } from "../auth/principal.ts";
import { NotFoundError } from "../errors.ts";
import { findRow } from "../hydra/repository.ts";
import { answer, itemParams, JSON_LD, jsonLdItem } from "../hydra/route-schemas.ts";
import { createSerializer } from "../hydra/serializer.ts";
import { visibleTo } from "../hydra/tenant.ts";
import { BODY_PROBLEMS, problems } from "../openapi.ts";
import { MULTIPART_UPLOAD } from "../request-input.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import type { ImportFieldName } from "./fields.ts";
import { findImport } from "./find-import.ts";
import {
  importErrorsCsv,
  importErrorsPage,
  importTemplateCsv,
  listImportErrors,
} from "./import-errors.ts";
import type { ProductImportJobs } from "./jobs.ts";
import { previewProductImport } from "./preview-import.ts";
import {
  amazonImportBody,
  importMapping,
  previewRow,
  productImports,
  uploadResult,
} from "./resource.ts";
import { startAmazonImport } from "./start-amazon-import.ts";
import { startProductImport } from "./start-import.ts";
import { MAX_IMPORT_BYTES, uploadError, uploadProductImport } from "./upload-import.ts";

const mappingBody = z.object({ mapping: importMapping });
/** German unless English is asked for. */
const langQuery = z.object({ lang: z.enum(["de", "en"]).optional() });
const LD_UTF8 = "application/ld+json; charset=utf-8";
const CSV = "text/csv";
const ITEM = jsonLdItem(productImports);
const tags = [productImports.shortName];
const serializer = createSerializer();
/** The item as GET /api/product_imports/{id} answers it (relations as IRIs, not Drizzle refs). */
const toOutput = (row: Parameters<typeof productImports.toOutput>[0]) =>
  serializer.item(productImports, row.id, productImports.toOutput(row, { asOf: {} }), new Map());

/** The seller profile of an upload: one IRI or id; none, or several (repeated), name none (404). */
const uploadQuery = z.object({
  sellerProfile: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe("IRI or id of the seller profile"),
});

/**
 * The product import's operations beyond reading: upload, start from Amazon, preview, run, row
 * errors (JSON and CSV) and the template, each declared here once with its zod schemas (validated
 * before the handler, documented under the ProductImport tag). History and status are the Hydra
 * resource's GETs.
 */
export async function productImportRoutes(
  app: FastifyInstance,
  deps: { db: Database; jobs: ProductImportJobs; amazonAvailable?: boolean },
) {
  /** The uploader and the seller profile the IRI or id names, if the principal sees it (else 404). */
  const ownerOf = async (principal: Principal, iriOrId: string) => {
    const profileId = iriOrId.split("/").pop()!;
    const profile = /^[0-9a-f-]{36}$/i.test(profileId)
      ? await findRow(deps.db, sellerProfiles, profileId, visibleTo(sellerProfiles, principal))
      : undefined;
    if (!profile) throw new NotFoundError("Not Found");
    return { userId: principal.userId, sellerProfileId: profileId };
  };

  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/product_imports/upload",
      {
        onRequest: signedIn,
        schema: {
          operationId: "uploadProductImport",
          tags,
          summary:
            "Uploads a CSV or XLSX file (≤ 50 MB) and answers its columns, suggested mapping and preview.",
          querystring: uploadQuery,
          ...MULTIPART_UPLOAD,
          response: {
            201: answer("The new import's columns, suggested mapping and preview", uploadResult),
            ...problems(400, 401, 404, 413, 415, 422),
          },
        },
      },
      async (request, reply) => {
        const { sellerProfile } = request.query;
        const owner = await ownerOf(
          requirePrincipal(request),
          typeof sellerProfile === "string" ? sellerProfile : "",
        );
        if (!request.isMultipart()) throw uploadError("noFile");
        let file: Awaited<ReturnType<typeof request.file>>;
        try {
          file = await request.file();
        } catch {
          // No part at all, or a body that ends before its first part does.
          throw uploadError("malformed");
        }
        if (!file) throw uploadError("noFile");
        const result = await uploadProductImport(
          deps.db,
          owner,
          { fileName: file.filename, stream: file.file },
          deps.jobs.dataDir,
          deps.jobs.quotaBytes,
        );
        return reply.code(201).send(result);
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    "/product_imports/amazon",
    {
      onRequest: signedIn,
      schema: {
        operationId: "importProductsFromAmazon",
        tags,
        summary:
          "Starts an import of the marketplace's merchant listings report (SP-API) as a job.",
        body: amazonImportBody,
        response: {
          202: answer("The import, its job queued", ITEM, JSON_LD),
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(requirePrincipal(request), request.body.sellerProfile);
      const started = await startAmazonImport(
        deps.db,
        deps.jobs,
        owner,
        request.body.marketplace,
        deps.amazonAvailable ?? false,
      );
      return reply.code(202).type(LD_UTF8).send(toOutput(started));
    },
  );

  api.get(
    "/product_imports/template",
    {
      onRequest: signedIn,
      schema: {
        operationId: "downloadProductImportTemplate",
        tags,
        summary: "A CSV template of every import field, headers in the language asked for.",
        querystring: langQuery,
        response: {
          200: answer("The template", z.string(), CSV),
          ...problems(400, 401),
        },
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? "de";
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="starport-product-import-${lang}.csv"`)
        .send(importTemplateCsv(lang));
    },
  );

  api.post(
    "/product_imports/:id/preview",
    {
      onRequest: signedIn,
      schema: {
        operationId: "previewProductImport",
        tags,
        summary: "Validates the first rows under a column mapping, cell by cell.",
        params: itemParams,
        body: mappingBody,
        response: {
          200: answer("The first rows, cell by cell", z.object({ rows: z.array(previewRow) })),
          ...problems(...BODY_PROBLEMS, 401, 404),
        },
      },
    },
    async (request) => {
      const imp = await findImport(deps.db, requirePrincipal(request), request.params.id);
      return previewProductImport(
        deps.db,
        imp,
        request.body.mapping as Partial<Record<ImportFieldName, number>>,
        deps.jobs.dataDir,
      );
    },
  );

  api.post(
    "/product_imports/:id/run",
    {
      onRequest: signedIn,
      schema: {
        operationId: "runProductImport",
        tags,
        summary:
          "Starts the import job under a column mapping (remembered for the user and profile).",
        params: itemParams,
        body: mappingBody,
        response: {
          202: answer("The import, its job queued", ITEM, JSON_LD),
          ...problems(...BODY_PROBLEMS, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const imp = await findImport(deps.db, principal, request.params.id);
      const started = await startProductImport(
        deps.db,
        deps.jobs,
        imp,
        principal.userId,
        request.body.mapping as Partial<Record<ImportFieldName, number>>,
      );
      return reply.code(202).type(LD_UTF8).send(toOutput(started));
    },
  );

  api.get(
    "/product_imports/:id/errors",
    {
      onRequest: signedIn,
      schema: {
        operationId: "listProductImportErrors",
        tags,
        summary:
          "The import's row errors and warnings: row, column, value, reason key, severity and the other row of a duplicate.",
        params: itemParams,
        querystring: z.object({
          page: z.string().optional().describe("1-based page of 100 rows (default 1)"),
        }),
        response: {
          200: answer("One page of the row errors", importErrorsPage),
          ...problems(400, 401, 404),
        },
      },
    },
    async (request) => {
      const imp = await findImport(deps.db, requirePrincipal(request), request.params.id);
      const page = Math.max(1, Math.min(100_000, Number(request.query.page) || 1));
      return listImportErrors(deps.db, imp.id, page);
    },
  );

  api.get(
    "/product_imports/:id/errors.csv",
    {
      onRequest: signedIn,
      schema: {
        operationId: "downloadProductImportErrors",
        tags,
        summary:
          "The rows with errors as CSV, re-uploadable: the original cells, then row, column, value and reason in the language asked for.",
        params: itemParams,
        querystring: langQuery,
        response: {
          200: answer("The rows with errors", z.string(), CSV),
          ...problems(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const imp = await findImport(deps.db, requirePrincipal(request), request.params.id);
      return reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${imp.fileName.replace(/[^\w.-]/g, "_")}-errors.csv"`,
        )
        .send(importErrorsCsv(deps.db, imp, request.query.lang ?? "de"));
    },
  );
}
