import type { Database } from "@starport/db";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ForbiddenError, UnauthorizedError } from "../errors.ts";
import type { Accounts } from "./accounts.ts";
import { requirePrincipal } from "./authenticate.ts";
import type { Principal } from "./principal.ts";
import { changeOwnPassword, updateOwnProfile } from "./profile.ts";

const BEARER = /^Bearer\s+(\S+)$/i;

/** The token a refresh names: {token} in the body, else the Bearer header. */
function presentedToken(request: FastifyRequest): string {
  const body = request.body as { token?: unknown } | undefined;
  if (body && typeof body === "object" && typeof body.token === "string" && body.token) {
    return body.token;
  }
  const match = BEARER.exec(request.headers.authorization ?? "");
  if (match) return match[1]!;
  throw new UnauthorizedError("JWT Token not found");
}

/** POST /api/login, /register, /sign-in, /refresh-token, /sign-out and GET /api/me. */
export async function authRoutes(
  app: FastifyInstance,
  accounts: Accounts,
  db: Database,
): Promise<void> {
  app.post("/login", async (request) => accounts.login(request.body, request.ip));

  app.post("/register", async (request, reply) => {
    const answer = await accounts.register(request.body, request.ip);
    return reply.code(201).send(answer);
  });

  app.post("/sign-in", async (request) => accounts.signIn(request.body));

  app.post("/refresh-token", async (request) => accounts.refresh(presentedToken(request)));

  app.post("/sign-out", async (request, reply) => {
    if (request.principal && !request.principal.viaDevMode) {
      await accounts.signOut(request.principal);
    }
    return reply.code(204).send();
  });

  app.get("/me", async (request) => accounts.currentUser(requirePrincipal(request)));

  app.patch("/me", async (request) =>
    updateOwnProfile(db, requirePrincipal(request), request.body),
  );

  app.post("/me/password", async (request, reply) => {
    await changeOwnPassword(db, requirePrincipal(request), request.body);
    return reply.code(204).send();
  });
}

/**
 * Admin-only API (spec §6): 401 when anonymous, 403 problem+json for everyone without ROLE_ADMIN.
 * Dev mode's stand-in caller is an administrator when one exists.
 */
export function requireAdmin(request: FastifyRequest): Principal {
  const principal = requirePrincipal(request);
  if (!principal.isAdmin) throw new ForbiddenError("Access Denied.");
  return principal;
}
