import type { FastifyInstance, FastifyRequest } from "fastify";
import { UnauthorizedError } from "../errors.ts";
import type { Principal } from "./principal.ts";
import { TokenError, type TokenService } from "./tokens.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the authenticate hook when a valid Bearer token came with the request. */
    principal: Principal | null;
  }
}

/**
 * Reads `Authorization: Bearer <token>`; a present but bad token is a 401, a missing one is
 * anonymous — or, in dev mode only, the stand-in caller `anonymous` resolves.
 */
export function registerAuthentication(
  app: FastifyInstance,
  tokens: TokenService,
  anonymous?: () => Promise<Principal | null>,
): void {
  app.decorateRequest("principal", null);
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (!header) {
      if (anonymous) request.principal = await anonymous();
      return;
    }
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new UnauthorizedError("Invalid JWT Token");
    try {
      request.principal = await tokens.verify(match[1]!);
    } catch (error) {
      if (error instanceof TokenError) throw new UnauthorizedError(error.message);
      throw error;
    }
  });
}

/** The caller, or a 401 when the request is anonymous. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}

/** Route hook: anonymous calls get their 401 before the route validates its input. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requirePrincipal(request);
}
