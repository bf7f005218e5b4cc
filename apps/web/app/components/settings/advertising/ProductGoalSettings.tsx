import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LevelSettings } from "./LevelSettings.tsx";
import { GOAL_FIELDS } from "./settings-fields.ts";

/** The product drawer's "Advertising goal" section (product level). */
export function ProductGoalSettings({
  productId,
  currency,
}: {
  productId: string;
  currency: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="drawer-goals">
      <Title order={3} size="h5">
        {t("settingsGoals.product.title")}
      </Title>
      <LevelSettings
        testId="product-goals"
        target={{ level: "product", productId }}
        fields={GOAL_FIELDS}
        currency={currency}
      />
    </Stack>
  );
}
