import {
  Alert,
  Button,
  Card,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, redirect, useActionData, useNavigation } from "react-router";
import { getI18n } from "../../i18n/i18n.ts";
import { ApiError } from "../../lib/api/client.ts";
import { violationsOf } from "../../lib/api/hydra.ts";
import { useAppState } from "../../lib/app-state.tsx";
import { type Locale, localizePath, splitLocale } from "../../route-table.ts";
import { serverApi } from "../../session/server-session.ts";
import type { Route } from "./+types/route";

interface Me {
  name: string;
  email: string;
  locale: Locale;
  theme: { name: string; dark: boolean };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await serverApi(context, request).json<Me>("/api/me");
  return { me };
}

type Errors = Record<string, string>;

/** Profile and password changes go to the API (PATCH /api/me, POST /api/me/password). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const api = serverApi(context, request);
  try {
    if (intent === "password") {
      const next = String(form.get("newPassword") ?? "");
      if (next !== String(form.get("repeatPassword") ?? ""))
        return { intent, ok: false, errors: { repeatPassword: "mismatch" } as Errors };
      await api.request("/api/me/password", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          currentPassword: String(form.get("currentPassword") ?? ""),
          newPassword: next,
        }),
      });
      return { intent, ok: true, errors: {} as Errors };
    }
    const locale = String(form.get("locale")) as Locale;
    const me = await api.json<Me>("/api/me", {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: String(form.get("name") ?? ""),
        email: String(form.get("email") ?? ""),
        // Only a changed email asks for it (the API requires it then).
        ...(form.get("currentPassword")
          ? { currentPassword: String(form.get("currentPassword")) }
          : {}),
        locale,
        theme: { name: "light-indigo", dark: form.get("dark") === "on" },
      }),
    });
    const current = splitLocale(new URL(request.url).pathname).locale;
    if (me.locale !== current) throw redirect(`${localizePath("/profile", me.locale)}?saved=1`);
    return { intent, ok: true, errors: {} as Errors, dark: me.theme.dark };
  } catch (error) {
    if (error instanceof Response) throw error;
    const violations = violationsOf(error);
    if (violations.length || (error instanceof ApiError && error.status < 500)) {
      const errors: Errors = {};
      for (const v of violations) errors[v.propertyPath] ??= v.code || "invalid";
      return { intent, ok: false, errors };
    }
    throw error;
  }
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.profile.title")} · Starport` }];
}

/** The signed-in user's profile (spec route /profile): name, email, language, theme, password. */
export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { setDark } = useAppState();
  const { me } = loaderData;
  const [email, setEmail] = useState(me.email);
  const emailChanged = email.trim().toLowerCase() !== me.email.toLowerCase();
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const errorOf = (intent: string, field: string) => {
    if (result?.intent !== intent) return undefined;
    const code = result.errors[field];
    if (!code) return undefined;
    return code === "mismatch" || code === "wrongPassword"
      ? t(`profilePage.errors.${code}`)
      : t(`formValidationError.${code}`, { defaultValue: t("formValidationError.invalid") });
  };
  const dark = result && "dark" in result ? result.dark : undefined;
  useEffect(() => {
    if (dark !== undefined) setDark(dark);
  }, [dark, setDark]);
  const saved =
    (result?.intent === "profile" && result.ok) ||
    (typeof window !== "undefined" && new URLSearchParams(window.location.search).has("saved"));

  return (
    <Stack gap="md" maw={720} data-testid="page" data-page="profile">
      <Title order={1}>{t("pages.profile.title")}</Title>
      <Text c="dimmed">{t("pages.profile.description")}</Text>

      <Card withBorder padding="lg">
        <Form method="post" data-testid="profile-form">
          <input type="hidden" name="intent" value="profile" />
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("profilePage.details")}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                name="name"
                label={t("profilePage.name")}
                defaultValue={me.name}
                error={errorOf("profile", "name")}
                required
              />
              <TextInput
                name="email"
                type="email"
                label={t("profilePage.email")}
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={errorOf("profile", "email")}
                required
              />
              {emailChanged && (
                <PasswordInput
                  visibilityToggleButtonProps={{ "aria-label": t("login.togglePassword") }}
                  name="currentPassword"
                  label={t("profilePage.currentPassword")}
                  description={t("profilePage.emailPasswordHint")}
                  autoComplete="current-password"
                  error={errorOf("profile", "currentPassword")}
                  data-testid="email-password"
                  required
                />
              )}
              <Select
                name="locale"
                label={t("profilePage.language")}
                defaultValue={me.locale}
                data={[
                  { value: "de", label: "Deutsch" },
                  { value: "en", label: "English" },
                ]}
                allowDeselect={false}
              />
              <Switch
                name="dark"
                mt="xl"
                label={t("profilePage.darkTheme")}
                defaultChecked={me.theme.dark}
              />
            </SimpleGrid>
            {saved && (
              <Alert color="teal" data-testid="profile-saved">
                {t("profilePage.saved")}
              </Alert>
            )}
            <Button type="submit" loading={busy("profile")} w="fit-content">
              {t("profilePage.save")}
            </Button>
          </Stack>
        </Form>
      </Card>

      <Card withBorder padding="lg">
        <Form
          method="post"
          data-testid="password-form"
          key={result?.intent === "password" && result.ok ? "done" : "form"}
        >
          <input type="hidden" name="intent" value="password" />
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("profilePage.password")}
            </Title>
            <PasswordInput
              visibilityToggleButtonProps={{ "aria-label": t("login.togglePassword") }}
              name="currentPassword"
              label={t("profilePage.currentPassword")}
              autoComplete="current-password"
              error={errorOf("password", "currentPassword")}
              required
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                visibilityToggleButtonProps={{ "aria-label": t("login.togglePassword") }}
                name="newPassword"
                label={t("profilePage.newPassword")}
                description={t("profilePage.passwordRule")}
                autoComplete="new-password"
                error={errorOf("password", "newPassword")}
                required
              />
              <PasswordInput
                visibilityToggleButtonProps={{ "aria-label": t("login.togglePassword") }}
                name="repeatPassword"
                label={t("profilePage.repeatPassword")}
                autoComplete="new-password"
                error={errorOf("password", "repeatPassword")}
                required
              />
            </SimpleGrid>
            {result?.intent === "password" && result.ok && (
              <Alert color="teal" data-testid="password-changed">
                {t("profilePage.passwordChanged")}
              </Alert>
            )}
            <Button type="submit" loading={busy("password")} w="fit-content">
              {t("profilePage.changePassword")}
            </Button>
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}
