import { type Principal, ROLE_ADMIN } from "../auth/principal.ts";
import { ConflictError } from "../errors.ts";

/**
 * What the administration refuses, as 409 details the web translates: an administrator never
 * locks themselves out.
 */
export const REFUSALS = {
  ownAdminRole: "You cannot revoke your own administrator role.",
  ownAccount: "You cannot deactivate your own account.",
  impersonateAdmin: "Administrators cannot be impersonated.",
  impersonateDeactivated: "A deactivated user cannot be impersonated.",
} as const;

export function refuse(reason: keyof typeof REFUSALS): never {
  throw new ConflictError(REFUSALS[reason]);
}

/**
 * Every way of changing roles (the administration's revoke, a PATCH of the users resource) keeps
 * the caller's own administrator role.
 */
export function refuseLosingOwnAdminRole(
  actor: Principal,
  user: { id: string; roles: readonly string[] },
  rolesAfter: readonly string[],
): void {
  if (
    user.id === actor.userId &&
    user.roles.includes(ROLE_ADMIN) &&
    !rolesAfter.includes(ROLE_ADMIN)
  ) {
    refuse("ownAdminRole");
  }
}
