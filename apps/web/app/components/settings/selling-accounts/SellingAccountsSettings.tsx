import { Badge, Card, Group, Loader, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../../lib/api/session-hydra.ts";

interface SellerAccount {
  id: string;
  name: string;
  region: string;
  marketplaceParticipations: { marketplace: string; isParticipating: boolean }[];
}

/**
 * Settings → selling accounts: the marketplace participations of each Seller Central account, and
 * whether each marketplace has an advertising profile (only then can goals and ads apply there).
 */
export function SellingAccountsSettings({
  sellerProfileId,
  advertisedMarketplaces,
}: {
  sellerProfileId: string;
  advertisedMarketplaces: readonly string[];
}) {
  const { t } = useTranslation();
  const [accounts, setAccounts] = useState<SellerAccount[] | null>(null);
  useEffect(() => {
    let current = true;
    browserHydra()
      .collection<SellerAccount>(
        "/api/seller_accounts",
        { profile: sellerProfileId },
        { fresh: true },
      )
      .then((result) => current && setAccounts(result.members))
      .catch(() => current && setAccounts([]));
    return () => {
      current = false;
    };
  }, [sellerProfileId]);

  if (!accounts) return <Loader size="sm" />;
  return (
    <Stack gap="lg" data-testid="selling-accounts">
      {accounts.length === 0 && <Text c="dimmed">{t("settingsGoals.accounts.empty")}</Text>}
      {accounts.map((account) => (
        <Card withBorder padding="lg" key={account.id}>
          <Stack gap="xs">
            <Group gap="xs">
              <Title order={2} size="h5">
                {account.name}
              </Title>
              <Badge variant="light">{account.region}</Badge>
            </Group>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("settingsGoals.accounts.marketplace")}</Table.Th>
                  <Table.Th>{t("settingsGoals.accounts.participating")}</Table.Th>
                  <Table.Th>{t("settingsGoals.accounts.advertising")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {account.marketplaceParticipations.map((p) => {
                  const advertised = advertisedMarketplaces.includes(p.marketplace);
                  return (
                    <Table.Tr key={p.marketplace}>
                      <Table.Td>
                        {t(`marketplaces.${p.marketplace}`, { defaultValue: p.marketplace })}
                      </Table.Td>
                      <Table.Td>
                        {p.isParticipating ? t("settingsGoals.yes") : t("settingsGoals.no")}
                      </Table.Td>
                      <Table.Td>
                        {advertised ? (
                          <Badge color="teal" variant="light">
                            {t("settingsGoals.accounts.hasProfile")}
                          </Badge>
                        ) : (
                          <Tooltip label={t("settingsGoals.accounts.noProfileWhy")}>
                            <Badge color="gray" variant="light">
                              {t("settingsGoals.accounts.noProfile")}
                            </Badge>
                          </Tooltip>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
