import { Checkbox, SimpleGrid, Text } from "@mantine/core";
import { MARKETPLACES } from "@starport/marketplaces";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../../lib/api/session-hydra.ts";

interface Availability {
  /** Marketplaces the connected seller accounts participate in (null: no account connected). */
  participating: string[] | null;
  /** Marketplaces with an active advertising profile. */
  advertised: string[];
}

/**
 * The onboarding's marketplace step: with connected accounts it lists their participations,
 * preselects those with an advertising profile and says why one without cannot be chosen;
 * without a connection every marketplace may be chosen.
 */
export function OnboardingMarketplaces({
  sellerProfileId,
  value,
  onChange,
  error,
}: {
  sellerProfileId: string | null;
  value: string[];
  onChange(value: string[]): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [availability, setAvailability] = useState<Availability | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: preselects once per profile, not on every change of the choice.
  useEffect(() => {
    if (!sellerProfileId) return;
    let current = true;
    const hydra = browserHydra();
    Promise.all([
      hydra.collection<{
        marketplaceParticipations: { marketplace: string; isParticipating: boolean }[];
      }>("/api/seller_accounts", { profile: sellerProfileId }, { fresh: true }),
      hydra.collection<{ countryCode: string; active: boolean }>(
        `/api/advertising_profiles/seller_profile/${sellerProfileId}`,
        { active: true },
        { fresh: true },
      ),
    ])
      .then(([accounts, profiles]) => {
        const participating = [
          ...new Set(
            accounts.members.flatMap((a) =>
              a.marketplaceParticipations
                .filter((p) => p.isParticipating)
                .map((p) => p.marketplace),
            ),
          ),
        ];
        const advertised = profiles.members.map((p) => p.countryCode);
        if (!current) return;
        setAvailability({
          participating: participating.length > 0 ? participating : null,
          advertised,
        });
        if (value.length === 0 && participating.length > 0)
          onChange(participating.filter((code) => advertised.includes(code)));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [sellerProfileId]);

  const connected = availability?.participating ?? null;
  const codes = connected ?? MARKETPLACES.map((m) => m.code);
  const choosable = (code: string) => connected === null || availability!.advertised.includes(code);
  return (
    <Checkbox.Group
      label={t("onboarding.marketplaces.label")}
      value={value}
      onChange={onChange}
      error={error}
      data-testid="onboarding-marketplaces"
    >
      {connected && (
        <Text size="sm" c="dimmed" mt={4}>
          {t("settingsGoals.onboarding.fromAccounts")}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs">
        {codes.map((code) => (
          <Checkbox
            key={code}
            value={code}
            label={t(`marketplaces.${code}`, { defaultValue: code })}
            disabled={!choosable(code)}
            description={choosable(code) ? undefined : t("settingsGoals.onboarding.noProfile")}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
