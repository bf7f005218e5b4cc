import type { Database } from "@starport/db";
import { sql } from "drizzle-orm";

/**
 * The onboarding's goals step and marketplace step write into the settings model (issue 12): the
 * target ACoS becomes the seller profile's global value (other global values stay), the chosen
 * marketplaces are marked selected and the others not.
 */
export async function saveOnboardingTargetAcos(
  db: Database,
  sellerProfileId: string,
  targetAcos: number,
): Promise<void> {
  await db.execute(sql`
    insert into seller_profile_settings (seller_profile_id, values)
    values (${sellerProfileId}, jsonb_build_object('targetAcos', ${targetAcos}::double precision))
    on conflict (seller_profile_id) do update
      set values = seller_profile_settings.values || excluded.values, updated_at = now()`);
}

export async function saveOnboardingMarketplaces(
  db: Database,
  sellerProfileId: string,
  marketplaces: readonly string[],
): Promise<void> {
  await db.execute(sql`
    update marketplace_settings set selected = false, updated_at = now()
    where seller_profile_id = ${sellerProfileId}`);
  for (const marketplace of marketplaces) {
    await db.execute(sql`
      insert into marketplace_settings (seller_profile_id, marketplace, selected)
      values (${sellerProfileId}, ${marketplace}, true)
      on conflict (seller_profile_id, marketplace) do update set selected = true, updated_at = now()`);
  }
}
