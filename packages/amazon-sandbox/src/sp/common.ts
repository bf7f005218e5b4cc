/** Query parsing and answer helpers shared by the SP-API route families. */
import type { FastifyReply } from "fastify";
import { sendError } from "../http.ts";

export function csv(v: unknown): string[] {
  if (typeof v !== "string") return [];
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export function money(currencyCode: string, amount: number) {
  return { CurrencyCode: currencyCode, Amount: Math.round(amount * 100) / 100 };
}

export function bad(reply: FastifyReply, message: string): FastifyReply {
  return sendError(reply, "sp", 400, message);
}

/** The `includedData` a request asks for (default when absent), or the error for an unknown one. */
export function includedOf(
  q: Record<string, unknown>,
  allowed: string[],
  dflt: string[],
): string[] | string {
  const inc = csv(q.includedData);
  if (inc.length === 0) return dflt;
  const badOne = inc.find((d) => !allowed.includes(d));
  return badOne ? `Invalid includedData value: ${badOne}` : inc;
}
