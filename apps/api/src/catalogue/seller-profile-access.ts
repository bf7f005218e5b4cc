import type { Database } from "@starport/db";
import type { Principal } from "../auth/principal.ts";
import { NotFoundError } from "../errors.ts";
import { findRow } from "../hydra/repository.ts";
import { visibleTo } from "../hydra/tenant.ts";
import { sellerProfiles } from "../resources/seller-profiles.ts";

/** The seller profile must be the caller's (else 404: a foreign id does not exist). */
export async function requireVisibleSellerProfile(
  db: Database,
  principal: Principal,
  sellerProfileId: string,
): Promise<void> {
  const row = await findRow(
    db,
    sellerProfiles,
    sellerProfileId,
    visibleTo(sellerProfiles, principal),
  );
  if (!row) throw new NotFoundError("Not Found");
}
