import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { requirePrincipal } from "../auth/authenticate.ts";
import { keywordListError, MAX_KEYWORD_LIST_BYTES, readKeywordList } from "./read-keyword-list.ts";

/**
 * POST /keyword_lists/read (declared in resources.ts for the docs): the lines of an uploaded
 * keyword list, read with the product import's reader, for the keywords a seller stages from it.
 */
export async function keywordListRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_KEYWORD_LIST_BYTES, files: 1, fields: 5, parts: 6 },
    });
    scope.post("/keyword_lists/read", async (request, reply) => {
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
    });
  });
}
