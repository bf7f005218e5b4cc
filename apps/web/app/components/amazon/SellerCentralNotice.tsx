import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconPlugConnected } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPath } from "../../lib/use-locale.ts";
import { lacksSellerCentral, type SellerCentralAccess } from "./seller-central.ts";

/**
 * Names the missing Seller Central access where products, stock, fees and margins are shown, and
 * what to do about it; nothing while Starport can read Seller Central.
 */
export function SellerCentralNotice({ access }: { access: SellerCentralAccess | null }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  if (!access || !lacksSellerCentral(access)) return null;
  return (
    <Alert
      color="orange"
      title={t(`sellerCentral.${access.state}.title`)}
      data-testid="seller-central-missing"
      data-state={access.state}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t(`sellerCentral.${access.state}.text`, {
            reason: access.reason
              ? t("sellerCentral.amazonSaid", { message: access.reason })
              : t("sellerCentral.noReason"),
          })}
        </Text>
        <Button
          component={Link}
          to={`${localize("/settings")}?tab=amazon`}
          size="xs"
          variant="light"
          leftSection={<IconPlugConnected size={14} />}
          data-testid="seller-central-connect"
        >
          {t("sellerCentral.connect")}
        </Button>
      </Stack>
    </Alert>
  );
}
