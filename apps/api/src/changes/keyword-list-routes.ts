import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { requirePrincipal, signedIn } from "../auth/authenticate.ts";
import { answer } from "../hydra/route-schemas.ts";
import { problems } from "../openapi.ts";
import { MULTIPART_UPLOAD } from "../request-input.ts";
import {
  keywordListError,
  keywordListResult,
  MAX_KEYWORD_LIST_BYTES,
  readKeywordList,
} from "./read-keyword-list.ts";
import { changes } from "./resources.ts";

/**
 * POST /keyword_lists/read: the lines of an uploaded keyword list, read with the product import's
 * reader, for the keywords a seller stages from it (documented under the Change resource).
 */
export async function keywordListRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_KEYWORD_LIST_BYTES, files: 1, fields: 5, parts: 6 },
    });
    scope.post(
      "/keyword_lists/read",
      {
        onRequest: signedIn,
        schema: {
          operationId: "readKeywordList",
          tags: [changes.shortName],
          summary:
            "Reads an uploaded keyword list (CSV or XLSX, ≤ 1 MB, ≤ 5,000 lines; the first column or the one headed keyword, optional match type and bid columns) and answers its lines.",
          ...MULTIPART_UPLOAD,
          response: {
            200: answer("The list's lines", keywordListResult),
            ...problems(400, 401, 413, 415, 422),
          },
        },
      },
      async (request, reply) => {
        requirePrincipal(request);
        if (!request.isMultipart()) throw keywordListError("noFile");
        let file: Awaited<ReturnType<typeof request.file>>;
        try {
          file = await request.file();
        } catch {
          // No part at all, or a body that ends before its first part does.
          throw keywordListError("malformed");
        }
        if (!file) throw keywordListError("noFile");
        return reply.code(200).send(await readKeywordList({ stream: file.file }));
      },
    );
  });
}
