import { Select } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { browserHydra } from "../lib/api/session-hydra.ts";
import { useSellerProfile } from "../session/SessionKeeper.tsx";
import type { SellerProfile } from "../session/session.ts";
import { sessionStore } from "../session/store.ts";

/**
 * The top bar's seller-profile picker (spec §4): lists the user's profiles when opened and
 * switches the stored profile reference; the page's data reloads for the new profile.
 */
export function ProfilePicker() {
  const { t } = useTranslation();
  const current = useSellerProfile();
  const revalidator = useRevalidator();
  const [profiles, setProfiles] = useState<SellerProfile[] | null>(null);
  const [loading, setLoading] = useState(false);
  const known = profiles ?? (current ? [current] : []);

  async function load() {
    if (profiles || loading) return;
    setLoading(true);
    try {
      const { members } = await browserHydra().collection<SellerProfile>("/api/seller_profiles");
      setProfiles(members);
    } catch {
      // The picker keeps showing the current profile; a 401 has already signed out.
    } finally {
      setLoading(false);
    }
  }

  return (
    <Select
      size="xs"
      w={200}
      aria-label={t("topbar.profilePicker")}
      placeholder={t("topbar.noProfile")}
      data-testid="profile-picker"
      data={known.map((profile) => ({ value: profile.id, label: profile.name }))}
      value={current?.id ?? null}
      allowDeselect={false}
      onDropdownOpen={() => void load()}
      onChange={(id) => {
        const next = known.find((profile) => profile.id === id);
        if (!next || next.id === current?.id) return;
        sessionStore().setProfile(next);
        void revalidator.revalidate();
      }}
    />
  );
}
