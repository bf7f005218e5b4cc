import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { getI18n } from "../i18n/i18n.ts";
import { ApiError } from "../lib/api/client.ts";
import { browserHydra } from "../lib/api/session-hydra.ts";
import { writeBrowserCookie } from "../lib/cookies.ts";
import { fieldErrors } from "../lib/hydra-form.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_OPTIONS } from "../lib/locale.ts";
import { useLocale } from "../lib/use-locale.ts";
import { LOCALES, type Locale, localizePath, splitLocale } from "../route-table.ts";
import {
  ACCOUNT_DEACTIVATED,
  AUTH_ERROR_PARAM,
  isAuthErrorKey,
  type SellerProfile,
} from "../session/session.ts";
import { sessionStore } from "../session/store.ts";
import type { Route } from "./+types/login";

export async function loader() {
  return null;
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.login.title")} · Starport` }];
}

/**
 * A seller with exactly one profile needs no choice: it becomes the stored profile reference.
 * With several (or on any failure) the profile middleware sends them to /profile-selection.
 */
async function rememberOnlyProfile(): Promise<void> {
  const store = sessionStore();
  try {
    const { members } = await browserHydra().collection<SellerProfile>(
      "/api/seller_profiles",
      {},
      {
        fresh: true,
      },
    );
    if (members.length === 1) store.setProfile(members[0]!);
  } catch {
    // Not fatal: the profile middleware decides.
  }
}

/** Spec §4: POST /api/login → {token}, then POST /api/sign-in {token} → the user, both stored. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pageLocale = useLocale();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const routedError = params.get(AUTH_ERROR_PARAM);
  const authError = error ? null : isAuthErrorKey(routedError) ? routedError : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    const store = sessionStore();
    try {
      const { token } = await store.plainApi.json<{ token: string }>("/api/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      const result = await store.signIn(token);
      if (!result.ok) {
        setError(t(result.error));
        return;
      }
      await rememberOnlyProfile();
      // A language the user chose (at registration, in the profile) applies from this sign-in
      // on and is remembered as the page language; an account that never chose keeps the login
      // page's language.
      const chosen = result.user.locale as Locale;
      const locale = result.user.localeChosen && LOCALES.includes(chosen) ? chosen : pageLocale;
      if (locale !== pageLocale) writeBrowserCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_OPTIONS);
      navigate(localizePath("/", locale));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401)
        setError(
          (failure.body as { detail?: unknown } | null)?.detail === ACCOUNT_DEACTIVATED
            ? t("authenticationError.accountDeactivated")
            : t("login.invalidCredentials"),
        );
      else if (failure instanceof ApiError && failure.status === 429)
        setError(t("login.tooManyAttempts"));
      else if (failure instanceof ApiError && failure.status === 422) {
        setFields(fieldErrors(failure, t));
      } else setError(t("authenticationError.unexpectedError"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" data-testid="page" data-page="login">
      <Title order={1} size="h2">
        {t("pages.login.title")}
      </Title>
      {authError ? (
        <Alert color="red" data-testid="auth-error" data-error-key={authError}>
          {t(authError)}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" data-testid="login-error" role="alert">
          {error}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("login.email")}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fields.email}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ "aria-label": t("login.togglePassword") }}
            label={t("login.password")}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fields.password}
          />
          <Button type="submit" loading={busy} data-testid="login-submit">
            {t("login.submit")}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t("login.noAccount")}{" "}
        <Anchor component={Link} to={localizePath("/register", pageLocale)}>
          {t("login.registerLink")}
        </Anchor>
      </Text>
    </Stack>
  );
}
