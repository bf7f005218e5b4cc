export { registerAuthentication, requirePrincipal } from "./authenticate.ts";
export { isAdmin, type Principal, ROLE_ADMIN } from "./principal.ts";
export { resolveJwtSecret } from "./secret.ts";
export {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  createTokenService,
  TokenError,
  type TokenFailure,
  type TokenService,
  type TokenSubject,
} from "./tokens.ts";
