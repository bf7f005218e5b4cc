import { GlobalLevelCard, type SettingsProfile } from "../advertising/GlobalLevelCard.tsx";
import { STORAGE_FIELDS } from "../advertising/settings-fields.ts";

/** Settings → storage disruption: what ads do when stock runs low or out (global level). */
export function StorageDisruptionSettings({ profile }: { profile: SettingsProfile }) {
  return (
    <GlobalLevelCard
      profile={profile}
      section="storage"
      fields={STORAGE_FIELDS}
      testId="storage-disruption"
    />
  );
}
