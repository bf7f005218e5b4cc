import { Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { getI18n } from "../i18n/i18n.ts";
import { serverHydra } from "../lib/api/session-hydra.ts";
import { useLocalizedPath } from "../lib/use-locale.ts";
import { splitLocale } from "../route-table.ts";
import { type SellerProfile, safeReturnPath } from "../session/session.ts";
import { sessionStore } from "../session/store.ts";
import type { Route } from "./+types/profile-selection";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { members } = await serverHydra(context, request).collection<SellerProfile>(
    "/api/seller_profiles",
    {},
    { fresh: true },
  );
  return { profiles: members };
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.profile-selection.title")} · Starport` }];
}

/**
 * Spec §4: where a user picks a seller profile. The intended path and query arrive in
 * ?redirect=, the hash survives the redirect on the URL itself; picking returns to all three.
 */
export default function ProfileSelectionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const localized = useLocalizedPath();
  const params = new URLSearchParams(location.search);
  const target = safeReturnPath(params.get("redirect")) ?? localized("/");

  function choose(profile: SellerProfile) {
    sessionStore().setProfile(profile);
    navigate(`${target}${location.hash}`);
  }

  return (
    <Stack gap="md" data-testid="page" data-page="profile-selection">
      <Title order={1} size="h2">
        {t("pages.profile-selection.title")}
      </Title>
      <Text c="dimmed">{t("pages.profile-selection.description")}</Text>
      {loaderData.profiles.length === 0 ? (
        <Text data-testid="no-profiles">{t("profileSelection.empty")}</Text>
      ) : (
        <Stack gap="xs" data-testid="profile-list">
          {loaderData.profiles.map((profile) => (
            <UnstyledButton
              key={profile.id}
              onClick={() => choose(profile)}
              data-testid="profile-option"
              data-profile-id={profile.id}
              p="sm"
              style={{
                border: "1px solid var(--mantine-color-default-border)",
                borderRadius: "var(--mantine-radius-md)",
              }}
            >
              <Text fw={600}>{profile.name}</Text>
              <Text size="sm" c="dimmed">
                {t(`marketplaces.${profile.settings.defaultMarketplace}`)} ·{" "}
                {profile.settings.defaultCurrency} · {profile.settings.defaultAdvertisingMetric}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
