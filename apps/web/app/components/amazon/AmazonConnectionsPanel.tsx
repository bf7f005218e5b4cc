import { Badge, Button, Card, Group, Loader, Stack, Switch, Text, Title } from "@mantine/core";
import { DATA_SYNC_KINDS, ECONOMICS_SYNC_KIND } from "@starport/sync/kinds";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { browserHydra } from "../../lib/api/session-hydra.ts";
import { useRouteWrite } from "../../lib/route-write.ts";
import { ConnectAmazonButton } from "./ConnectAmazonButton.tsx";
import { SyncProgress, type SyncRunView } from "./SyncProgress.tsx";

interface Connection {
  api: "ads" | "sp";
  region: string;
  status: "connected" | "failing" | "disconnected";
  sellingPartnerId: string | null;
  /** Amazon's answer when it stopped taking the connection's token (status failing). */
  lastError?: string | null;
}
interface SellerAccount {
  id: string;
  name: string;
  sellingPartnerId: string | null;
  marketplaceParticipations: { marketplace: string; isParticipating: boolean }[];
}
interface AdvertisingProfile {
  "@id": string;
  id: string;
  amazonProfileId: string;
  countryCode: string;
  currency: string;
  active: boolean;
}

interface State {
  connections: Connection[];
  accounts: SellerAccount[];
  profiles: AdvertisingProfile[];
  /** The latest data sync (campaigns, reports, listings). */
  run: SyncRunView | null;
  /** The latest fees-and-total-sales run, which follows a listings sync on its own. */
  economics: SyncRunView | null;
}

/**
 * Settings › Amazon: the SP-API and Ads API connections of a seller profile (connect, reconnect,
 * disconnect), the seller account's marketplaces, the advertising profiles (activated per
 * marketplace) and the progress of the latest sync.
 */
export function AmazonConnectionsPanel({ sellerProfileId }: { sellerProfileId: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [state, setState] = useState<State | null>(null);
  const [busy, setBusy] = useState(false);
  // Writes are the settings route's action (settings.server.ts); reads stay live here.
  const write = useRouteWrite();

  const load = useCallback(async () => {
    const hydra = browserHydra();
    const fresh = { fresh: true };
    const [connections, accounts, profiles, runs, economicsRuns] = await Promise.all([
      hydra.json<{ member: Connection[] }>(
        `/api/amazon/connections?sellerProfile=${sellerProfileId}`,
      ),
      hydra.collection<SellerAccount>("/api/seller_accounts", { profile: sellerProfileId }, fresh),
      hydra.collection<AdvertisingProfile>(
        "/api/advertising_profiles",
        { profile: sellerProfileId },
        fresh,
      ),
      hydra.collection<SyncRunView>(
        "/api/sync_runs",
        { sellerProfile: sellerProfileId, kind: DATA_SYNC_KINDS, itemsPerPage: 1 },
        fresh,
      ),
      hydra.collection<SyncRunView>(
        "/api/sync_runs",
        { sellerProfile: sellerProfileId, kind: ECONOMICS_SYNC_KIND, itemsPerPage: 1 },
        fresh,
      ),
    ]);
    setState({
      connections: connections.member,
      accounts: accounts.members.filter((a) => a.sellingPartnerId),
      profiles: profiles.members,
      run: runs.members[0] ?? null,
      economics: economicsRuns.members[0] ?? null,
    });
  }, [sellerProfileId]);

  useEffect(() => {
    void load().catch(() =>
      setState({ connections: [], accounts: [], profiles: [], run: null, economics: null }),
    );
  }, [load]);

  async function act(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
      await load();
    } finally {
      setBusy(false);
    }
  }

  if (!state) return <Loader />;
  const status = (api: "ads" | "sp") =>
    state.connections.find((c) => c.api === api)?.status ?? "disconnected";
  const returnTo = `${location.pathname}${location.search}`;
  const card = (api: "ads" | "sp", body: React.ReactNode) => (
    <Card withBorder data-testid={`amazon-${api}`} data-status={status(api)}>
      <Group justify="space-between" mb="xs">
        <Title order={3}>
          {t(api === "sp" ? "onboarding.spApi.title" : "onboarding.adsApi.title")}
        </Title>
        <Badge
          color={status(api) === "connected" ? "green" : status(api) === "failing" ? "red" : "gray"}
        >
          {t(`connection.status.${status(api)}`)}
        </Badge>
      </Group>
      <Stack gap="sm">
        {status(api) === "failing" ? (
          <Text size="sm" c="red" data-testid={`reconnect-reason-${api}`}>
            {t("connection.reconnectReason", {
              reason:
                state.connections.find((c) => c.api === api)?.lastError ||
                t("connection.reconnectUnknown"),
            })}
          </Text>
        ) : null}
        {body}
        <Group>
          <ConnectAmazonButton
            api={api}
            sellerProfileId={sellerProfileId}
            returnTo={returnTo}
            variant={status(api) === "connected" ? "default" : "filled"}
          />
          {status(api) !== "disconnected" ? (
            <Button
              variant="subtle"
              color="red"
              disabled={busy}
              data-testid={`disconnect-${api}`}
              onClick={() => void act(() => write("amazon.disconnect", { api }))}
            >
              {t("connection.disconnect")}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );

  return (
    <Stack gap="md" data-testid="amazon-connections">
      {card(
        "sp",
        state.accounts.map((account) => (
          <Group key={account.id} gap="xs" data-testid="participations">
            {account.marketplaceParticipations.map((p) => (
              <Badge
                key={p.marketplace}
                variant="light"
                color={p.isParticipating ? "green" : "gray"}
                data-testid="participation"
              >
                {t(`marketplaces.${p.marketplace}`, { defaultValue: p.marketplace })}
              </Badge>
            ))}
          </Group>
        )),
      )}
      {card(
        "ads",
        state.profiles.map((profile) => (
          <Switch
            key={profile.id}
            checked={profile.active}
            disabled={busy}
            data-testid="advertising-profile-switch"
            label={`${t(`marketplaces.${profile.countryCode}`, { defaultValue: profile.countryCode })} · ${profile.currency} · ${profile.amazonProfileId}`}
            onChange={(event) => {
              const active = event.currentTarget.checked;
              void act(() =>
                write("amazon.profile-active", {
                  iri: profile["@id"],
                  active: String(active),
                }),
              );
            }}
          />
        )),
      )}
      <Card withBorder>
        <Stack gap="sm">
          <SyncProgress key={state.run?.id ?? "none"} initial={state.run} />
          {state.run === null ? <Text c="dimmed">{t("sync.never")}</Text> : null}
          {state.economics ? (
            <SyncProgress
              key={state.economics.id}
              initial={state.economics}
              testId="economics-sync-progress"
            />
          ) : null}
          <Group>
            <Button
              variant="light"
              disabled={busy || status("ads") !== "connected"}
              data-testid="sync-now"
              onClick={() => void act(() => write("amazon.sync"))}
            >
              {t("sync.now")}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
