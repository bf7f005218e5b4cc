import { validateChangeValue } from "@starport/amazon";
import { type Database, schema } from "@starport/db";
import { and, eq } from "drizzle-orm";
import type { Principal } from "../auth/principal.ts";
import { ValidationError } from "../errors.ts";
import { violation } from "../validation.ts";
import { CHANGE_VIOLATIONS, type ChangeViolationCode } from "../violation-catalogue.ts";
import { type ChangeValue, ENTITY_FIELDS, fieldOf, labelOf } from "./fields.ts";
import { entityIdOf, type LoadedEntity, loadEntity } from "./load-entity.ts";
import { type ChangeRow, recount, trayOf } from "./tray.ts";

export interface AddChangeInput {
  entityType: string;
  entity: string;
  field: string;
  value: unknown;
  reasonText?: string | undefined;
  reasonCode?: string;
  reasonParams?: Record<string, unknown> | null;
}

/** A 422 on the value, with the code the web translates (`changes.violation.<code>`) and its limits. */
export function violationError(
  path: string,
  v: { code: ChangeViolationCode; params?: Record<string, string | number> | undefined },
): ValidationError {
  return new ValidationError([
    {
      propertyPath: path,
      message: CHANGE_VIOLATIONS[v.code],
      code: `changes.violation.${v.code}`,
      ...(v.params ? { params: v.params } : {}),
    },
  ]);
}

/** The synced row's values in API terms, by field (validation's context, the old value). */
export function currentValues(entityType: string, row: Record<string, unknown>) {
  const current: Record<string, ChangeValue> = {};
  for (const [field, def] of Object.entries(ENTITY_FIELDS[entityType as never] ?? {}))
    current[field] = (def as { read(r: Record<string, unknown>): ChangeValue }).read(row);
  return current;
}

/** Checks a value for an entity; throws a 422 on `path` when Amazon would refuse it. */
export function checkChange(
  entity: LoadedEntity,
  entityType: string,
  field: string,
  value: unknown,
  path = "value",
): void {
  if (!fieldOf(entityType, field)) throw violationError("field", { code: "fieldNotEditable" });
  const violation = validateChangeValue({
    field,
    value,
    countryCode: entity.profile.countryCode,
    current: currentValues(entityType, entity.row),
  });
  if (violation) throw violationError(path, violation);
}

/**
 * Adds an edit to the caller's tray (issue 10 §1/§3): validated before anything is sent, with the
 * value Starport last knew as old value; a draft change of the same entity and field is replaced.
 */
export async function addChange(
  db: Database,
  principal: Principal,
  input: AddChangeInput,
): Promise<ChangeRow> {
  const id = entityIdOf(input.entityType, input.entity);
  if (!id) throw new ValidationError([violation("entity", "invalid")]);
  const entity = await loadEntity(db, principal, input.entityType, id);
  checkChange(entity, input.entityType, input.field, input.value);
  const def = fieldOf(input.entityType, input.field)!;
  const tray = await trayOf(db, entity.profile.sellerProfileId, principal.userId);
  const c = schema.changes;
  await db
    .delete(c)
    .where(
      and(
        eq(c.batchId, tray.id),
        eq(c.entityId, id),
        eq(c.field, input.field as never),
        eq(c.entityType, input.entityType),
      ),
    );
  const [row] = await db
    .insert(c)
    .values({
      batchId: tray.id,
      sellerProfileId: entity.profile.sellerProfileId,
      advertisingProfileId: entity.profile.id,
      entityType: input.entityType,
      entityId: id,
      entityLabel: labelOf(input.entityType, entity.row),
      operation: "update",
      field: input.field as never,
      oldValue: def.read(entity.row),
      newValue: input.value as ChangeValue,
      reasonCode: input.reasonCode ?? "manual",
      reasonParams: input.reasonParams ?? null,
      reasonText: input.reasonText ?? null,
      authorKind: "user",
      authorUserId: principal.userId,
      actorUserId: principal.actorId ?? null,
      actorName: principal.actorName ?? null,
      status: "pending",
    })
    .returning();
  await recount(db, tray.id);
  return row as ChangeRow;
}
