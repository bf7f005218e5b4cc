import { Badge, Button, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SyncProgress, type SyncRunView } from "../components/amazon/SyncProgress.tsx";
import { getI18n } from "../i18n/i18n.ts";
import { splitLocale } from "../route-table.ts";
import { serverApi, tokenFromRequest } from "../session/server-session.ts";
import type { Route } from "./+types/account-connection-successful";

interface Participation {
  marketplace: string;
  isParticipating: boolean;
}
interface Collection<T> {
  "hydra:member": T[];
}
interface SellerAccount {
  id: string;
  name: string;
  sellingPartnerId: string | null;
  marketplaceParticipations: Participation[];
}
interface AdvertisingProfile {
  id: string;
  amazonProfileId: string;
  countryCode: string;
  currency: string;
  active: boolean;
}

const UUID = /^[0-9a-f-]{36}$/i;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = url.searchParams.get("api") === "ads" ? "ads" : "sp";
  const sellerProfile = url.searchParams.get("sellerProfile") ?? "";
  const syncRun = url.searchParams.get("syncRun") ?? "";
  const returnTo = url.searchParams.get("returnTo") ?? "/";
  const safeReturn = returnTo.startsWith("/") && !returnTo.startsWith("//") ? returnTo : "/";
  if (!tokenFromRequest(request) || !UUID.test(sellerProfile)) {
    return { api, accounts: [], profiles: [], run: null, returnTo: safeReturn };
  }
  const client = serverApi(context, request);
  const [accounts, profiles, run] = await Promise.all([
    client.json<Collection<SellerAccount>>(`/api/seller_accounts?profile=${sellerProfile}`),
    client.json<Collection<AdvertisingProfile>>(
      `/api/advertising_profiles?profile=${sellerProfile}`,
    ),
    UUID.test(syncRun)
      ? client.json<SyncRunView>(`/api/sync_runs/${syncRun}`).catch(() => null)
      : Promise.resolve(null),
  ]);
  return {
    api,
    accounts: accounts["hydra:member"].filter((a) => a.sellingPartnerId),
    profiles: profiles["hydra:member"].filter((p) => p.active),
    run,
    returnTo: safeReturn,
  };
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.account-connection-successful.title")} · Starport` }];
}

export default function AccountConnectionSuccessful({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api, accounts, profiles, run, returnTo } = loaderData;
  return (
    <Stack
      maw={640}
      mx="auto"
      p="xl"
      gap="md"
      data-testid="page"
      data-page="account-connection-successful"
    >
      <Title order={1}>{t("pages.account-connection-successful.title")}</Title>
      <Text>{t(api === "ads" ? "connection.adsConnected" : "connection.spConnected")}</Text>
      {accounts.length > 0 ? (
        <Card withBorder data-testid="participations">
          <Title order={3} mb="xs">
            {t("connection.participations")}
          </Title>
          {accounts.map((account) => (
            <Stack key={account.id} gap={4}>
              <Text size="sm" c="dimmed">
                {account.name} · {account.sellingPartnerId}
              </Text>
              <Group gap="xs">
                {account.marketplaceParticipations.map((p) => (
                  <Badge
                    key={p.marketplace}
                    color={p.isParticipating ? "green" : "gray"}
                    data-testid="participation"
                  >
                    {t(`marketplaces.${p.marketplace}`, { defaultValue: p.marketplace })}
                  </Badge>
                ))}
              </Group>
            </Stack>
          ))}
        </Card>
      ) : null}
      {profiles.length > 0 ? (
        <Card withBorder data-testid="advertising-profiles">
          <Title order={3} mb="xs">
            {t("connection.profiles")}
          </Title>
          <List>
            {profiles.map((p) => (
              <List.Item key={p.id} data-testid="advertising-profile">
                {t(`marketplaces.${p.countryCode}`, { defaultValue: p.countryCode })} · {p.currency}{" "}
                · {p.amazonProfileId}
              </List.Item>
            ))}
          </List>
        </Card>
      ) : null}
      <SyncProgress initial={run} />
      <Group>
        <Button component={Link} to={returnTo} data-testid="continue">
          {t("connection.continue")}
        </Button>
      </Group>
    </Stack>
  );
}
