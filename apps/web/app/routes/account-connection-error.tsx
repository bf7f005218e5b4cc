import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { getI18n } from "../i18n/i18n.ts";
import { splitLocale } from "../route-table.ts";
import type { Route } from "./+types/account-connection-error";

const REASONS = [
  "denied",
  "invalidState",
  "expiredState",
  "sessionMismatch",
  "missingCode",
  "exchangeFailed",
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const reason = url.searchParams.get("reason") ?? "";
  const returnTo = url.searchParams.get("returnTo") ?? "/";
  return {
    reason: (REASONS as readonly string[]).includes(reason) ? reason : "exchangeFailed",
    returnTo: returnTo.startsWith("/") && !returnTo.startsWith("//") ? returnTo : "/",
  };
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.account-connection-error.title")} · Starport` }];
}

export default function AccountConnectionError({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Stack
      maw={640}
      mx="auto"
      p="xl"
      gap="md"
      data-testid="page"
      data-page="account-connection-error"
    >
      <Title order={1}>{t("pages.account-connection-error.title")}</Title>
      <Alert color="red" data-testid="connection-error" data-reason={loaderData.reason}>
        {t(`connection.errors.${loaderData.reason}`)}
      </Alert>
      <Group>
        <Button component={Link} to={loaderData.returnTo}>
          {t("connection.back")}
        </Button>
      </Group>
    </Stack>
  );
}
