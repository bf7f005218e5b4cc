/** What the control routes share: their prefix and the reading of request bodies and numbers. */
import type { FastifyRequest } from "fastify";
import { INVALID_JSON, isObject } from "../http.ts";

export const CONTROL_PREFIX = "/__sandbox";

/** The request's JSON object body ({} when there is none or it is not valid JSON). */
export const bodyOf = (req: FastifyRequest): Record<string, unknown> =>
  isObject(req.body) && !(INVALID_JSON in req.body) ? req.body : {};

export const intIn = (v: unknown, lo: number, hi: number): number | undefined =>
  typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi ? v : undefined;
