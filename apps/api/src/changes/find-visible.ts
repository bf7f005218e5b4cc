import type { Database } from "@starport/db";
import type { Principal } from "../auth/principal.ts";
import { NotFoundError } from "../errors.ts";
import { isUuid } from "../hydra/iri.ts";
import { findRow } from "../hydra/repository.ts";
import { scopeFor } from "../hydra/tenant.ts";
import { changeBatches, changes } from "./resources.ts";
import type { ChangeBatchRow, ChangeRow } from "./tray.ts";

/** A batch the principal may see (else 404), by id. */
export async function findBatch(db: Database, principal: Principal, id: string) {
  const row = isUuid(id)
    ? await findRow(db, changeBatches, id, scopeFor(changeBatches, principal))
    : undefined;
  if (!row) throw new NotFoundError();
  return row as ChangeBatchRow;
}

/** A change the principal may see (else 404), by id. */
export async function findChange(db: Database, principal: Principal, id: string) {
  const row = isUuid(id) ? await findRow(db, changes, id, scopeFor(changes, principal)) : undefined;
  if (!row) throw new NotFoundError();
  return row as ChangeRow;
}
