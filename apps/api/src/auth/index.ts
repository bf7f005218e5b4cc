export {
  createAccounts,
  ensureInitialAdmin,
  INVALID_CREDENTIALS,
  toUserView,
  type UserView,
} from "./accounts.ts";
export { registerAuthentication, requirePrincipal } from "./authenticate.ts";
export { isAdmin, type Principal, ROLE_ADMIN } from "./principal.ts";
export { type AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS } from "./rate-limit.ts";
export { requireAdmin } from "./routes.ts";
export { resolveJwtSecret } from "./secret.ts";
export {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  createTokenService,
  TokenError,
  type TokenFailure,
  type TokenService,
  type TokenSubject,
} from "./tokens.ts";
