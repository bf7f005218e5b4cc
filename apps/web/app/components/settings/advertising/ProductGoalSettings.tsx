import { Stack, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import { GoalTracking } from "./GoalVsActual.tsx";
import { LevelSettings } from "./LevelSettings.tsx";
import { PRODUCT_GOAL_FIELDS } from "./settings-fields.ts";

/**
 * The product drawer's "Advertising goal" section (product level): the product's effective target
 * ACoS next to its actual ACoS for the list's range, and its goal values with their sources.
 */
export function ProductGoalSettings({
  productId,
  currency,
  actualAcos,
}: {
  productId: string;
  currency: string;
  actualAcos: number | null;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<number | null>(null);
  const [revision, setRevision] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision reloads after a save.
  useEffect(() => {
    let current = true;
    browserHydra()
      .collection<{ effectiveTargetAcos: number | null }>(
        "/api/effective_settings",
        { product: productId },
        { fresh: true },
      )
      .then((result) => current && setTarget(result.members[0]?.effectiveTargetAcos ?? null))
      .catch(() => current && setTarget(null));
    return () => {
      current = false;
    };
  }, [productId, revision]);
  return (
    <Stack gap="xs" data-testid="drawer-goals">
      <Title order={3} size="h5">
        {t("settingsGoals.product.title")}
      </Title>
      {target !== null && <GoalTracking target={target} actualAcos={actualAcos} />}
      <LevelSettings
        testId="product-goals"
        target={{ level: "product", productId }}
        fields={PRODUCT_GOAL_FIELDS}
        currency={currency}
        onChanged={() => setRevision((n) => n + 1)}
      />
    </Stack>
  );
}
