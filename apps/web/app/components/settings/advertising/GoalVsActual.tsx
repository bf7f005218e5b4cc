import { Badge, Group, Text } from "@mantine/core";
import { resolveSettings, type SettingsLayerValues } from "@starport/settings";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import { useLocale } from "../../../lib/use-locale.ts";

/** Within this many ACoS points of the goal counts as on target. */
export const ON_TARGET_POINTS = 2;

export type GoalStatus = "onTarget" | "above" | "below";

export function goalStatus(targetPercent: number, actualFraction: number): GoalStatus {
  const actual = actualFraction * 100;
  if (Math.abs(actual - targetPercent) <= ON_TARGET_POINTS) return "onTarget";
  return actual > targetPercent ? "above" : "below";
}

const COLOUR: Record<GoalStatus, string> = { onTarget: "teal", above: "red", below: "blue" };

/**
 * Goal vs actual ACoS of a marketplace for the range (Hangar): the marketplace's effective target
 * ACoS (global → marketplace, same resolver as everywhere) next to the actual, with its status in
 * colour and text.
 */
export function GoalVsActual({
  sellerProfileId,
  profileName = "",
  marketplace,
  actualAcos,
}: {
  sellerProfileId: string;
  /** Only for provenance; the goal shown does not depend on it. */
  profileName?: string;
  marketplace: string;
  actualAcos: number | null;
}) {
  const [target, setTarget] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const hydra = browserHydra();
    Promise.all([
      hydra.collection<{ values: SettingsLayerValues }>("/api/seller_profile_settings", {
        sellerProfile: sellerProfileId,
      }),
      hydra.collection<{ values: SettingsLayerValues }>("/api/marketplace_settings", {
        sellerProfile: sellerProfileId,
        marketplace,
      }),
    ])
      .then(([global, market]) => {
        const resolved = resolveSettings({
          global: {
            level: "global",
            id: sellerProfileId,
            name: profileName,
            values: global.members[0]?.values ?? {},
          },
          marketplace: {
            level: "marketplace",
            id: marketplace,
            name: marketplace,
            values: market.members[0]?.values ?? {},
          },
          collections: [],
          product: null,
        });
        if (current) setTarget(resolved.effectiveTargetAcos);
      })
      .catch(() => current && setTarget(null));
    return () => {
      current = false;
    };
  }, [sellerProfileId, profileName, marketplace]);

  if (target === undefined || target === null) return null;
  return <GoalTracking target={target} actualAcos={actualAcos} />;
}

/** A goal (target ACoS in percent) next to the actual ACoS (fraction), with its status. */
export function GoalTracking({
  target,
  actualAcos,
}: {
  target: number;
  actualAcos: number | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const percent = (value: number) =>
    new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", {
      style: "percent",
      maximumFractionDigits: 1,
    }).format(value);
  const status = actualAcos === null ? null : goalStatus(target, actualAcos);
  return (
    <Group gap="xs" data-testid="goal-vs-actual" data-status={status ?? "none"}>
      <Text size="sm">{t("settingsGoals.tracking.goal", { value: percent(target / 100) })}</Text>
      <Text size="sm">
        {t("settingsGoals.tracking.actual", {
          value: actualAcos === null ? t("settingsGoals.none") : percent(actualAcos),
        })}
      </Text>
      {status && (
        <Badge color={COLOUR[status]} variant="light" data-testid="goal-status">
          {t(`settingsGoals.tracking.${status}`)}
        </Badge>
      )}
    </Group>
  );
}
