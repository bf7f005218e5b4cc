import { ConflictError } from "../errors.ts";

/**
 * What the administration refuses, as 409 details the web translates: an administrator never
 * locks themselves out.
 */
export const REFUSALS = {
  ownAdminRole: "You cannot revoke your own administrator role.",
  ownAccount: "You cannot deactivate your own account.",
} as const;

export function refuse(reason: keyof typeof REFUSALS): never {
  throw new ConflictError(REFUSALS[reason]);
}
