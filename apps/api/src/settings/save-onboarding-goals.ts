import type { Database } from "@starport/db";
import {
  type AutomationMode,
  type GoalType,
  type LifecycleStage,
  parseStoredSettings,
} from "@starport/settings";
import { sql } from "drizzle-orm";

/**
 * The onboarding's goals step and marketplace step write into the settings model (issue 12): the
 * goals become the seller profile's global values (values the step does not name stay as they
 * are), the chosen marketplaces are marked selected and the others not.
 */
export async function saveOnboardingGoals(
  db: Database,
  sellerProfileId: string,
  goals: {
    targetAcos: number;
    goalType?: GoalType | undefined;
    targetTacos?: number | undefined;
    lifecycleStage?: LifecycleStage | undefined;
    automationMode?: AutomationMode | undefined;
  },
): Promise<void> {
  const values = Object.fromEntries(
    Object.entries(goals).filter(([, value]) => value !== undefined),
  );
  await db.execute(sql`
    insert into seller_profile_settings (seller_profile_id, values)
    values (${sellerProfileId}, ${JSON.stringify(values)}::jsonb)
    on conflict (seller_profile_id) do update
      set values = seller_profile_settings.values || excluded.values, updated_at = now()`);
}

/** What the goals step shows again: the profile's own global values (null where unset). */
export interface OnboardingGoals {
  goalType: GoalType | null;
  targetTacos: number | null;
  lifecycleStage: LifecycleStage | null;
  automationMode: AutomationMode | null;
}

export async function readOnboardingGoals(
  db: Database,
  sellerProfileId: string,
): Promise<OnboardingGoals> {
  const result = (await db.execute(
    sql`select values from seller_profile_settings where seller_profile_id = ${sellerProfileId}`,
  )) as unknown as { rows: { values: unknown }[] };
  const values = parseStoredSettings(result.rows[0]?.values ?? {});
  return {
    goalType: values.goalType ?? null,
    targetTacos: values.targetTacos ?? null,
    lifecycleStage: values.lifecycleStage ?? null,
    automationMode: values.automationMode ?? null,
  };
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
