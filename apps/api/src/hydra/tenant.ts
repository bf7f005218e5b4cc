import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Principal } from "../auth/principal.ts";
import type { AnyResource } from "./resource.ts";

/**
 * Tenant isolation, in one place: every read and write of a resource is filtered by the path from
 * its rows to the customer the resource declares. Administrators too see only their own customer's
 * data: another customer's is reached through impersonation (issue 22), which signs them in as
 * that customer's user, so no principal has a wider scope.
 */

/** Rows of the resource owned by the customer; undefined for reference data (no owner). */
export function ownedBy(resource: AnyResource, customerId: string): SQL | undefined {
  const owner = resource.owner;
  switch (owner.kind) {
    case "global":
      return undefined;
    case "self":
      return eq(resource.id, customerId);
    case "customer":
      return eq(owner.column, customerId);
    case "parent": {
      const parent = owner.parent();
      const parentCondition = ownedBy(parent, customerId);
      if (!parentCondition) return undefined;
      return sql`${owner.column} in (select ${parent.id} from ${parent.table} where ${parentCondition})`;
    }
  }
}

/** The condition every query of the resource carries for the principal (undefined: shared data). */
export function visibleTo(resource: AnyResource, principal: Principal): SQL | undefined {
  return ownedBy(resource, principal.customerId);
}

/** Reference data is shared: nobody owns it, admins maintain it. */
export function isShared(resource: AnyResource): boolean {
  const owner = resource.owner;
  if (owner.kind === "global") return true;
  if (owner.kind === "parent") return isShared(owner.parent());
  return false;
}

/**
 * What the principal may see of the resource: its tenant scope and the resource's own
 * restriction (e.g. another user's draft changes stay private to them).
 */
export function scopeFor(resource: AnyResource, principal: Principal): SQL | undefined {
  const tenant = visibleTo(resource, principal);
  const own = resource.restrict?.(principal);
  return tenant && own ? and(tenant, own) : (tenant ?? own);
}
