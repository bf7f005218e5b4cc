/**
 * /admin/users/:id (administrators only): one user with their customer, the customer's seller
 * profiles and Amazon connections (read-only) and live sessions; grant or revoke the
 * administrator role, deactivate or reactivate, view Starport as the user (support). Revoking and deactivating ask first; the writes
 * go through this route's action.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { RoleBadges, StatusBadge } from "../../../components/admin/UserBadges.tsx";
import { useConfirm } from "../../../components/ConfirmModal.tsx";
import { getI18n } from "../../../i18n/i18n.ts";
import { ApiError } from "../../../lib/api/client.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { notFound } from "../../../lib/not-found.ts";
import { useLocale, useLocalizedPath } from "../../../lib/use-locale.ts";
import { splitLocale } from "../../../route-table.ts";
import { serverApi } from "../../../session/server-session.ts";
import type { Route } from "./+types/$id";
import { loadUser, runUserAction } from "./users.server.ts";
import type { UserAction } from "./users.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    return { user: await loadUser(serverApi(context, request), params.id) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw notFound("invalid-params", new URL(request.url));
    }
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  return runUserAction(serverApi(context, request), params.id, String(form.get("intent")));
}

export function meta({ location, loaderData }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  const name = loaderData?.user.name;
  return [{ title: `${name ? `${name} · ` : ""}${t("pages.admin-user.title")} · Starport` }];
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

export default function AdminUserPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data;
  const viewAs = useFetcher<{ ok: false; error: string }>();
  const localized = useLocalizedPath();
  const { confirm, modal } = useConfirm();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale) : "–");
  const busy = fetcher.state !== "idle";

  const run = (intent: UserAction) => fetcher.submit({ intent }, { method: "post" });
  const ask = (intent: "revoke-admin" | "deactivate") =>
    confirm({
      title: t(`adminUsers.confirm.${intent}.title`),
      text: t(`adminUsers.confirm.${intent}.text`, { name: user.name, email: user.email }),
      confirmLabel: t(`adminUsers.action.${intent}`),
      run: () => run(intent),
    });

  return (
    <Stack gap="md" data-testid="page" data-page="admin-user" data-status={user.status}>
      {modal}
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {user.name}
          </Title>
          <Group gap="xs">
            <StatusBadge status={user.status} />
            <RoleBadges roles={user.roles} />
          </Group>
        </Stack>
        <Group gap="xs">
          {!user.isAdmin && user.status === "active" ? (
            <Button
              size="xs"
              variant="light"
              title={t("adminUsers.impersonateHint")}
              loading={viewAs.state !== "idle"}
              disabled={busy}
              onClick={() =>
                void viewAs.submit(
                  { intent: "start", userId: user.id },
                  { method: "post", action: localized("/admin/impersonation") },
                )
              }
              data-testid="user-impersonate"
            >
              {t("adminUsers.action.impersonate")}
            </Button>
          ) : null}
          {user.isAdmin ? (
            <Button
              variant="default"
              size="xs"
              disabled={busy}
              onClick={() => ask("revoke-admin")}
              data-testid="user-revoke-admin"
            >
              {t("adminUsers.action.revoke-admin")}
            </Button>
          ) : (
            <Button
              variant="default"
              size="xs"
              loading={busy && fetcher.formData?.get("intent") === "grant-admin"}
              disabled={busy}
              onClick={() => void run("grant-admin")}
              data-testid="user-grant-admin"
            >
              {t("adminUsers.action.grant-admin")}
            </Button>
          )}
          {user.status === "active" ? (
            <Button
              color="red.9"
              size="xs"
              disabled={busy}
              onClick={() => ask("deactivate")}
              data-testid="user-deactivate"
            >
              {t("adminUsers.action.deactivate")}
            </Button>
          ) : (
            <Button
              size="xs"
              loading={busy && fetcher.formData?.get("intent") === "reactivate"}
              disabled={busy}
              onClick={() => void run("reactivate")}
              data-testid="user-reactivate"
            >
              {t("adminUsers.action.reactivate")}
            </Button>
          )}
        </Group>
      </Group>
      {viewAs.data && !viewAs.data.ok ? (
        <Alert color="red" role="alert" data-testid="user-impersonate-error">
          {t(viewAs.data.error)}
        </Alert>
      ) : null}
      {result && !result.ok ? (
        <Alert color="red" role="alert" data-testid="user-action-error">
          {t(result.error)}
        </Alert>
      ) : null}
      {result?.ok && fetcher.state === "idle" ? (
        <Alert color="green" data-testid="user-action-done">
          {t(`adminUsers.done.${result.action}`)}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Field label={t("adminUsers.column.email")}>{user.email}</Field>
          <Field label={t("adminUsers.column.customer")}>
            <span data-testid="user-customer">{user.customer.name}</span>
          </Field>
          <Field label={t("adminUsers.column.createdAt")}>{when(user.createdAt)}</Field>
          <Field label={t("adminUsers.column.lastSignInAt")}>{when(user.lastSignInAt)}</Field>
          <Field label={t("adminUsers.deactivatedAt")}>{when(user.deactivatedAt)}</Field>
        </SimpleGrid>
      </Paper>

      <Title order={2} size="h4">
        {t("adminUsers.sellerProfiles")}
      </Title>
      {user.sellerProfiles.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="user-profiles-empty">
          {t("adminUsers.noSellerProfiles")}
        </Text>
      ) : (
        <Paper withBorder>
          <Table data-testid="user-profiles">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("adminUsers.profile.name")}</Table.Th>
                <Table.Th>{t("adminUsers.profile.connections")}</Table.Th>
                <Table.Th>{t("adminUsers.column.createdAt")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.sellerProfiles.map((profile) => (
                <Table.Tr key={profile.id}>
                  <Table.Td>{profile.name}</Table.Td>
                  <Table.Td>
                    {profile.connections.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t("adminUsers.profile.notConnected")}
                      </Text>
                    ) : (
                      <Group gap={4}>
                        {profile.connections.map((c) => (
                          <Badge
                            key={`${c.api}-${c.region}`}
                            size="sm"
                            variant="outline"
                            color={c.status === "connected" ? "dark" : "red.9"}
                            title={c.lastError ?? undefined}
                          >
                            {t(`adminUsers.profile.api.${c.api}`, { defaultValue: c.api })}{" "}
                            {c.region} ·{" "}
                            {t(`adminUsers.profile.status.${c.status}`, {
                              defaultValue: c.status,
                            })}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{when(profile.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}

      <Title order={2} size="h4">
        {t("adminUsers.sessions")}
      </Title>
      {user.sessions.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="user-sessions-empty">
          {t("adminUsers.noSessions")}
        </Text>
      ) : (
        <Paper withBorder>
          <Table data-testid="user-sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("adminUsers.session.createdAt")}</Table.Th>
                <Table.Th>{t("adminUsers.session.expiresAt")}</Table.Th>
                <Table.Th>{t("adminUsers.session.kind")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.sessions.map((session) => (
                <Table.Tr
                  key={session.id}
                  data-testid="user-session"
                  data-impersonated={session.impersonatedBy ? "true" : "false"}
                >
                  <Table.Td>{when(session.createdAt)}</Table.Td>
                  <Table.Td>{when(session.expiresAt)}</Table.Td>
                  <Table.Td>
                    {session.impersonatedBy ? (
                      <Badge color="grape" variant="light" style={{ maxWidth: "max-content" }}>
                        {t("adminUsers.session.impersonatedBy", {
                          name: session.impersonatedBy.name,
                        })}
                      </Badge>
                    ) : (
                      t("adminUsers.session.signIn")
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
