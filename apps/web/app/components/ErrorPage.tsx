import { Button, Center, Code, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPath } from "../lib/use-locale.ts";

export interface ErrorPageProps {
  status: number;
  /** Why a 404 happened: an unknown route or a route whose parameters failed validation. */
  reason?: "invalid-params" | "unknown-route" | undefined;
  path: string;
}

/** Spec §2: 404 → not-found page, 403 → access denied, anything else → server-error page. */
export function ErrorPage({ status, reason, path }: ErrorPageProps) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const kind = status === 404 ? "not-found" : status === 403 ? "access-denied" : "server-error";
  const message =
    kind === "not-found"
      ? t(reason === "unknown-route" ? "error.unknownRoute" : "error.pageNotFound")
      : kind === "access-denied"
        ? t("error.accessDenied")
        : t("error.internalServerError");
  const description =
    kind === "not-found"
      ? t("error.notFoundDescription", { path })
      : kind === "access-denied"
        ? t("error.accessDeniedDescription", { path })
        : t("error.serverErrorDescription");
  return (
    <Center mih="100vh" p="md" data-testid="error-page" data-error-kind={kind} data-status={status}>
      <Stack align="center" gap="sm" maw={560}>
        <Text fz={72} fw={800} c="indigo" lh={1} data-testid="error-status">
          {status}
        </Text>
        <Title order={1} ta="center" data-testid="error-message">
          {message}
        </Title>
        <Text c="dimmed" ta="center" data-testid="error-description">
          {description}
        </Text>
        {kind !== "server-error" ? <Code data-testid="error-path">{path}</Code> : null}
        <Button component={Link} to={localized("/")} variant="light" mt="md">
          {t("error.backHome")}
        </Button>
      </Stack>
    </Center>
  );
}
