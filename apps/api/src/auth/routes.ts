import type { Database } from "@starport/db";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ForbiddenError, UnauthorizedError } from "../errors.ts";
import { BODY_PROBLEMS, problems } from "../openapi.ts";
import { type Accounts, loginBody, registerBody, tokenBody, userView } from "./accounts.ts";
import { requirePrincipal } from "./authenticate.ts";
import type { Principal } from "./principal.ts";
import { changeOwnPassword, passwordChange, profilePatch, updateOwnProfile } from "./profile.ts";

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

const TAGS = ["Authentication"];
const json = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": { schema } },
});
const token = z.object({ token: z.string() });

/** POST /api/login, /register, /sign-in, /refresh-token, /sign-out and GET /api/me. */
export async function authRoutes(
  app: FastifyInstance,
  accounts: Accounts,
  db: Database,
): Promise<void> {
  app.post(
    "/login",
    {
      schema: {
        operationId: "login",
        tags: TAGS,
        summary: "Exchanges an email and a password for an access token.",
        security: [],
        body: loginBody,
        response: {
          200: json("An access token (JWT)", token),
          ...problems(...BODY_PROBLEMS, 401, 429),
        },
      },
    },
    async (request) => accounts.login(request.body, request.ip),
  );

  app.post(
    "/register",
    {
      schema: {
        operationId: "register",
        tags: TAGS,
        summary: "Registers a company and its first user; answers an access token.",
        security: [],
        body: registerBody,
        response: {
          201: json("The new user's access token", token),
          ...problems(...BODY_PROBLEMS, 429),
        },
      },
    },
    async (request, reply) => {
      const answer = await accounts.register(request.body, request.ip);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    "/sign-in",
    {
      schema: {
        operationId: "signIn",
        tags: TAGS,
        summary: "Answers the user an access token belongs to.",
        security: [],
        body: tokenBody,
        response: { 200: json("The signed-in user", userView), ...problems(...BODY_PROBLEMS, 401) },
      },
    },
    async (request) => accounts.signIn(request.body),
  );

  app.post(
    "/refresh-token",
    {
      schema: {
        operationId: "refreshToken",
        tags: TAGS,
        summary:
          "Exchanges the current token ({token} or the Bearer header) for a fresh one; an expired token too while its session lives (7 days from the last refresh, until sign-out or a password change).",
        body: tokenBody.partial().optional(),
        response: {
          200: json("A fresh access token", z.object({ access_token: z.string() })),
          ...problems(...BODY_PROBLEMS, 401),
        },
      },
    },
    async (request) => accounts.refresh(presentedToken(request)),
  );

  app.post(
    "/sign-out",
    {
      schema: {
        operationId: "signOut",
        tags: TAGS,
        summary: "Revokes the access token it is called with (anonymous calls do nothing).",
        response: { 204: z.null().describe("Signed out"), ...problems(401) },
      },
    },
    async (request, reply) => {
      if (request.principal && !request.principal.viaDevMode) {
        await accounts.signOut(request.principal);
      }
      return reply.code(204).send();
    },
  );

  app.get(
    "/me",
    {
      schema: {
        operationId: "me",
        tags: TAGS,
        summary: "The signed-in user.",
        response: { 200: json("The signed-in user", userView), ...problems(401) },
      },
    },
    async (request) => accounts.currentUser(requirePrincipal(request)),
  );

  app.patch(
    "/me",
    {
      schema: {
        operationId: "updateMe",
        tags: TAGS,
        summary:
          "Changes the signed-in user's name, email, language or theme; a new email needs currentPassword.",
        body: profilePatch,
        response: {
          200: json("The signed-in user", userView),
          ...problems(...BODY_PROBLEMS, 401),
        },
      },
    },
    async (request) => updateOwnProfile(db, requirePrincipal(request), request.body),
  );

  app.post(
    "/me/password",
    {
      schema: {
        operationId: "changeMyPassword",
        tags: TAGS,
        summary:
          "Changes the signed-in user's password (the current one is required) and ends the user's other sessions.",
        body: passwordChange,
        response: {
          204: z.null().describe("Password changed"),
          ...problems(...BODY_PROBLEMS, 401),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      await changeOwnPassword(db, principal, request.body);
      if (!principal.viaDevMode) await accounts.endOtherSessions(principal, "password-change");
      return reply.code(204).send();
    },
  );
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
