/** Ads API request helpers: JSON bodies, media types, id filters, page tokens, input errors. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { INVALID_JSON, isObject, mediaTypeOf, sendError, sendJson } from "../http.ts";
import type { Family } from "./auth.ts";

export function readBody(
  req: FastifyRequest,
  reply: FastifyReply,
  family: Family,
): Record<string, unknown> | undefined {
  const body = req.body as unknown;
  if (body === INVALID_JSON || (isObject(body) && INVALID_JSON in body)) {
    sendError(reply, family, 400, "Request body is not valid JSON");
    return undefined;
  }
  if (!isObject(body)) {
    sendError(reply, family, 400, "Request body must be a JSON object");
    return undefined;
  }
  return body;
}

export function checkMediaType(
  req: FastifyRequest,
  reply: FastifyReply,
  family: Family,
  allowed: string[],
): boolean {
  const mt = mediaTypeOf(req);
  if (!allowed.map((a) => a.toLowerCase()).includes(mt)) {
    sendError(reply, family, 415, `Unsupported Content-Type '${mt}'. Expected ${allowed[0]}`);
    return false;
  }
  return true;
}

export function idList(
  body: Record<string, unknown>,
  filter: string,
): string[] | "invalid" | undefined {
  const f = body[filter];
  if (f === undefined) return undefined;
  if (!isObject(f) || !Array.isArray(f.include) || f.include.length > 1000) return "invalid";
  return f.include.map(String);
}

export function encodeToken(offset: number, sig: string): string {
  return Buffer.from(JSON.stringify({ o: offset, s: sig })).toString("base64url");
}

export function decodeToken(token: string, sig: string): number | undefined {
  try {
    const o = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as {
      o?: unknown;
      s?: unknown;
    };
    if (typeof o.o === "number" && Number.isInteger(o.o) && o.o >= 0 && o.s === sig) return o.o;
  } catch {
    // fall through
  }
  return undefined;
}

export function invalidInput(reply: FastifyReply, message: string, location: string): FastifyReply {
  return sendJson(reply, 400, {
    code: "INVALID_ARGUMENT",
    message,
    errors: [
      {
        errorType: "invalidInputError",
        errorValue: {
          invalidInputError: { reason: "INVALID_TOKEN", message, cause: { location } },
        },
      },
    ],
  });
}
