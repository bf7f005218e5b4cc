import { GlobalLevelCard, type SettingsProfile } from "../advertising/GlobalLevelCard.tsx";
import { GOAL_FIELDS } from "../advertising/settings-fields.ts";

/** Settings → global goals: the seller profile's advertising goal, inherited by every product. */
export function GlobalGoalSettings({ profile }: { profile: SettingsProfile }) {
  return (
    <GlobalLevelCard
      profile={profile}
      section="global"
      fields={GOAL_FIELDS}
      testId="global-goals"
    />
  );
}
