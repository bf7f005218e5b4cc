import { Badge, Group, Text } from "@mantine/core";
import type { SettingsLayerValues } from "@starport/settings";
// Not the package's index: that brings the settings catalogue and zod into every page showing a goal.
import { type GoalStatus, goalStatus, type TrackedGoal } from "@starport/settings/goal-status";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import { percentFormat } from "../../../lib/intl-format.ts";
import { intlLocale } from "../../../lib/intl-locale.ts";
import { useLocale } from "../../../lib/use-locale.ts";

/** Light badges whose text keeps 4.5:1 on their background (teal's is 4.3: axe refuses it). */
export const GOAL_COLOUR: Record<GoalStatus, string> = {
  onTarget: "cyan",
  above: "red",
  below: "blue",
};

/**
 * Goal vs actual of a marketplace for the range (Hangar): the marketplace's goal (global →
 * marketplace, same resolver as everywhere): its target ACoS, or its target TACoS for a TACoS
 * goal, next to the actual, with its status in colour and text.
 */
export function GoalVsActual({
  sellerProfileId,
  marketplace,
  actualAcos,
  actualTacos = null,
}: {
  sellerProfileId: string;
  marketplace: string;
  actualAcos: number | null;
  /** The range's TACoS (a target-TACoS goal is tracked on it); null while unknown. */
  actualTacos?: number | null;
}) {
  const [goal, setGoal] = useState<TrackedGoal | null | undefined>(undefined);
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
      // The resolver (with the settings catalogue and zod) loads with the settings it resolves.
      import("./marketplace-goal.ts"),
    ])
      .then(([global, market, { marketplaceGoal }]) => {
        if (current)
          setGoal(
            marketplaceGoal(
              sellerProfileId,
              global.members[0]?.values ?? {},
              marketplace,
              market.members[0]?.values ?? {},
            ),
          );
      })
      .catch(() => current && setGoal(null));
    return () => {
      current = false;
    };
  }, [sellerProfileId, marketplace]);

  if (!goal || goal.target === null) return null;
  return (
    <GoalTracking
      target={goal.target}
      actualAcos={goal.metric === "tacos" ? actualTacos : actualAcos}
      metric={goal.metric}
    />
  );
}

/** A goal (target ACoS in percent) next to the actual ACoS (fraction), with its status. */
export function GoalTracking({
  target,
  actualAcos,
  metric = "acos",
}: {
  target: number;
  /** The actual of the goal's metric (fraction). */
  actualAcos: number | null;
  metric?: TrackedGoal["metric"];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const percent = (value: number) => percentFormat(intlLocale(locale)).format(value);
  const status = actualAcos === null ? null : goalStatus(target, actualAcos);
  return (
    <Group
      gap="xs"
      data-testid="goal-vs-actual"
      data-status={status ?? "none"}
      data-metric={metric}
    >
      <Text size="sm">
        {t(
          metric === "tacos" ? "settingsGoals.tracking.goalTacos" : "settingsGoals.tracking.goal",
          {
            value: percent(target / 100),
          },
        )}
      </Text>
      <Text size="sm">
        {t("settingsGoals.tracking.actual", {
          value: actualAcos === null ? t("settingsGoals.none") : percent(actualAcos),
        })}
      </Text>
      {status && (
        <Badge color={GOAL_COLOUR[status]} variant="light" data-testid="goal-status">
          {t(`settingsGoals.tracking.${status}`)}
        </Badge>
      )}
    </Group>
  );
}

/**
 * A table cell of goal tracking (product list, collections): the target ACoS (percent) and, when
 * there is an actual to compare, its status as a coloured, worded badge.
 */
export function GoalCell({
  targetAcos,
  status,
  percent,
  metric = null,
}: {
  /** Percent (30 = 30 %). */
  targetAcos: number;
  status: GoalStatus | null;
  /** The table's percent format (fraction in, "30 %" out). */
  percent: (fraction: number) => string | null;
  /** Named when the goal is not an ACoS (e.g. "TACoS"). */
  metric?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Group
      gap={6}
      justify="flex-end"
      wrap="nowrap"
      data-testid="goal-cell"
      data-status={status ?? "none"}
    >
      <span>{metric ? `${metric} ${percent(targetAcos / 100)}` : percent(targetAcos / 100)}</span>
      {status ? (
        <Badge size="xs" variant="light" color={GOAL_COLOUR[status]}>
          {t(`settingsGoals.tracking.${status}`)}
        </Badge>
      ) : null}
    </Group>
  );
}
