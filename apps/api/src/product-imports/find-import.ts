import type { Database, schema } from "@starport/db";
import type { Principal } from "../auth/principal.ts";
import { NotFoundError } from "../errors.ts";
import { isUuid } from "../hydra/iri.ts";
import { findRow } from "../hydra/repository.ts";
import { visibleTo } from "../hydra/tenant.ts";
import { productImports } from "./resource.ts";

/** An import the principal may see; anything else (foreign, malformed) is a 404. */
export async function findImport(
  db: Database,
  principal: Principal,
  id: string,
): Promise<typeof schema.productImports.$inferSelect> {
  if (!isUuid(id)) throw new NotFoundError("Not Found");
  const row = await findRow(db, productImports, id, visibleTo(productImports, principal));
  if (!row) throw new NotFoundError("Not Found");
  return row as typeof schema.productImports.$inferSelect;
}
