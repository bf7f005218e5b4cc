/** Control routes serving content: product images and stored files (report documents). */
import type { FastifyInstance } from "fastify";
import { sendError } from "../http.ts";
import type { SandboxState } from "../state.ts";
import { CONTROL_PREFIX as P } from "./shared.ts";

export function registerAssetRoutes(app: FastifyInstance, state: SandboxState): void {
  // Product images (sandboxImageUrl): a tile with the ASIN, its colour from the ASIN.
  app.get(`${P}/images/I/:file`, async (req, reply) => {
    const { file } = req.params as { file: string };
    const asin = /^([A-Z0-9]{10})\.svg$/.exec(file)?.[1];
    if (!asin) return sendError(reply, "control", 404, `No image ${file}`);
    let hue = 0;
    for (const char of asin) hue = (hue * 31 + char.charCodeAt(0)) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500" viewBox="0 0 500 500"><rect width="500" height="500" fill="hsl(${hue} 45% 88%)"/><circle cx="250" cy="210" r="120" fill="hsl(${hue} 45% 62%)"/><text x="250" y="420" font-family="sans-serif" font-size="44" text-anchor="middle" fill="hsl(${hue} 40% 25%)">${asin}</text></svg>`;
    return reply
      .header("content-type", "image/svg+xml")
      .header("cache-control", "public, max-age=86400")
      .send(svg);
  });

  app.get(`${P}/files/:key`, async (req, reply) => {
    const f = state.files.get((req.params as { key: string }).key);
    if (!f)
      return reply
        .code(404)
        .type("application/xml")
        .send(
          "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>",
        );
    if (f.expiresAt < state.now())
      return reply
        .code(403)
        .type("application/xml")
        .send("<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>");
    return reply.code(200).type(f.contentType).send(f.data);
  });
}
