import multipart from "@fastify/multipart";
import type { Database } from "@starport/db";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requirePrincipal } from "../auth/authenticate.ts";
import { NotFoundError } from "../errors.ts";
import { findRow } from "../hydra/repository.ts";
import { createSerializer } from "../hydra/serializer.ts";
import { visibleTo } from "../hydra/tenant.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";
import { parseBody } from "../validation.ts";
import type { ImportFieldName } from "./fields.ts";
import { findImport } from "./find-import.ts";
import { importErrorsCsv, importTemplateCsv, listImportErrors } from "./import-errors.ts";
import type { ProductImportJobs } from "./jobs.ts";
import { previewProductImport } from "./preview-import.ts";
import { amazonImportBody, importMapping, productImports } from "./resource.ts";
import { startAmazonImport } from "./start-amazon-import.ts";
import { startProductImport } from "./start-import.ts";
import { MAX_IMPORT_BYTES, uploadError, uploadProductImport } from "./upload-import.ts";

const mappingBody = z.object({ mapping: importMapping });
const langOf = (query: unknown) => ((query as { lang?: string }).lang === "en" ? "en" : "de");
const serializer = createSerializer();
/** The item as GET /api/product_imports/{id} answers it (relations as IRIs, not Drizzle refs). */
const toOutput = (row: Parameters<typeof productImports.toOutput>[0]) =>
  serializer.item(productImports, row.id, productImports.toOutput(row, { asOf: {} }), new Map());

/**
 * The product import's operations beyond reading (declared in resource.ts for the docs): upload,
 * preview, run, row errors (JSON and CSV) and the template. History and status are the Hydra
 * resource's GETs.
 */
export async function productImportRoutes(
  app: FastifyInstance,
  deps: { db: Database; jobs: ProductImportJobs; amazonAvailable?: boolean },
) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12 },
    });
    scope.post("/product_imports/upload", async (request, reply) => {
      const principal = requirePrincipal(request);
      const profileId = String((request.query as { sellerProfile?: string }).sellerProfile ?? "")
        .split("/")
        .pop()!;
      const profile = /^[0-9a-f-]{36}$/i.test(profileId)
        ? await findRow(deps.db, sellerProfiles, profileId, visibleTo(sellerProfiles, principal))
        : undefined;
      if (!profile) throw new NotFoundError("Not Found");
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
        { userId: principal.userId, sellerProfileId: profileId },
        { fileName: file.filename, stream: file.file },
        deps.jobs.dataDir,
        deps.jobs.quotaBytes,
      );
      return reply.code(201).send(result);
    });
  });

  app.post("/product_imports/amazon", async (request, reply) => {
    const principal = requirePrincipal(request);
    const body = parseBody(amazonImportBody, request.body);
    const profileId = body.sellerProfile.split("/").pop()!;
    const profile = /^[0-9a-f-]{36}$/i.test(profileId)
      ? await findRow(deps.db, sellerProfiles, profileId, visibleTo(sellerProfiles, principal))
      : undefined;
    if (!profile) throw new NotFoundError("Not Found");
    const started = await startAmazonImport(
      deps.db,
      deps.jobs,
      { userId: principal.userId, sellerProfileId: profileId },
      body.marketplace,
      deps.amazonAvailable ?? false,
    );
    return reply.code(202).type("application/ld+json; charset=utf-8").send(toOutput(started));
  });

  app.get("/product_imports/template", async (request, reply) => {
    requirePrincipal(request);
    const lang = langOf(request.query);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="starport-product-import-${lang}.csv"`)
      .send(importTemplateCsv(lang));
  });

  app.post("/product_imports/:id/preview", async (request) => {
    const imp = await findImport(
      deps.db,
      requirePrincipal(request),
      (request.params as { id: string }).id,
    );
    const { mapping } = parseBody(mappingBody, request.body);
    return previewProductImport(
      deps.db,
      imp,
      mapping as Partial<Record<ImportFieldName, number>>,
      deps.jobs.dataDir,
    );
  });

  app.post("/product_imports/:id/run", async (request, reply) => {
    const principal = requirePrincipal(request);
    const imp = await findImport(deps.db, principal, (request.params as { id: string }).id);
    const { mapping } = parseBody(mappingBody, request.body);
    const started = await startProductImport(
      deps.db,
      deps.jobs,
      imp,
      principal.userId,
      mapping as Partial<Record<ImportFieldName, number>>,
    );
    return reply.code(202).type("application/ld+json; charset=utf-8").send(toOutput(started));
  });

  app.get("/product_imports/:id/errors", async (request) => {
    const imp = await findImport(
      deps.db,
      requirePrincipal(request),
      (request.params as { id: string }).id,
    );
    const page = Math.max(
      1,
      Math.min(100_000, Number((request.query as { page?: string }).page) || 1),
    );
    return listImportErrors(deps.db, imp.id, page);
  });

  app.get("/product_imports/:id/errors.csv", async (request, reply) => {
    const imp = await findImport(
      deps.db,
      requirePrincipal(request),
      (request.params as { id: string }).id,
    );
    const lang = langOf(request.query);
    return reply
      .type("text/csv; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="${imp.fileName.replace(/[^\w.-]/g, "_")}-errors.csv"`,
      )
      .send(importErrorsCsv(deps.db, imp, lang));
  });
}
