/** Ads API v3 error items (Amazon's per-index errors) and the checks every entity shares. */
export interface ErrItem {
  errorType: string;
  errorValue: Record<string, Record<string, unknown>>;
}

export function mkErr(
  selector: string,
  reason: string,
  message: string,
  location: string,
  trigger?: unknown,
  extra: Record<string, unknown> = {},
  marketplace?: string,
): ErrItem {
  const cause: Record<string, unknown> = { location };
  if (trigger !== undefined)
    cause.trigger = typeof trigger === "string" ? trigger : JSON.stringify(trigger);
  const value: Record<string, unknown> = { reason, message, cause, ...extra };
  if (marketplace !== undefined) value.marketplace = marketplace;
  return { errorType: selector, errorValue: { [selector]: value } };
}

export function notFound(entityType: string, entityId: string, location: string): ErrItem {
  return mkErr(
    "entityNotFoundError",
    "ENTITY_NOT_FOUND",
    `${entityType} ${entityId} not found`,
    location,
    entityId,
    {
      entityType,
      entityId,
    },
  );
}

export function checkWritable(
  entity: { state: string },
  entityType: string,
  id: string,
  loc: string,
): ErrItem | undefined {
  if (entity.state === "ARCHIVED")
    return mkErr(
      "entityStateError",
      "ARCHIVED_ENTITY_CANNOT_BE_MODIFIED",
      `${entityType} ${id} is archived`,
      loc,
      id,
      { entityType },
    );
  return undefined;
}
