import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { getI18n } from "../i18n/i18n.ts";
import { ApiError } from "../lib/api/client.ts";
import { fieldErrors } from "../lib/hydra-form.ts";
import { useLocale, useLocalizedPath } from "../lib/use-locale.ts";
import { splitLocale } from "../route-table.ts";
import { sessionStore } from "../session/store.ts";
import type { Route } from "./+types/register";

export async function loader() {
  return null;
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.register.title")} · Starport` }];
}

const FIELDS = ["name", "company", "email", "password"] as const;
type Field = (typeof FIELDS)[number];

/** Registration: name, company, email, password; then signed in and on to getting started. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const locale = useLocale();
  const [values, setValues] = useState<Record<Field, string>>({
    name: "",
    company: "",
    email: "",
    password: "",
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    const store = sessionStore();
    try {
      const { token } = await store.plainApi.json<{ token: string }>("/api/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        // The page's language becomes the account's (it then applies at every sign-in).
        body: JSON.stringify({ ...values, locale }),
      });
      const result = await store.signIn(token);
      if (!result.ok) {
        setError(t(result.error));
        return;
      }
      navigate(localized("/getting-started"));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429)
        setError(t("login.tooManyAttempts"));
      else if (failure instanceof ApiError && (failure.status === 422 || failure.status === 400)) {
        setFields(fieldErrors(failure, t));
      } else setError(t("authenticationError.unexpectedError"));
    } finally {
      setBusy(false);
    }
  }

  const input = (field: Field) => ({
    name: field,
    value: values[field],
    error: fields[field],
    required: true,
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  return (
    <Stack gap="md" data-testid="page" data-page="register">
      <Title order={1} size="h2">
        {t("pages.register.title")}
      </Title>
      {error ? (
        <Alert color="red" data-testid="register-error" role="alert">
          {error}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t("register.name")} autoComplete="name" {...input("name")} />
          <TextInput
            label={t("register.company")}
            autoComplete="organization"
            {...input("company")}
          />
          <TextInput
            label={t("login.email")}
            type="email"
            autoComplete="username"
            {...input("email")}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ "aria-label": t("login.togglePassword") }}
            label={t("login.password")}
            description={t("register.passwordHint")}
            autoComplete="new-password"
            {...input("password")}
          />
          <Button type="submit" loading={busy} data-testid="register-submit">
            {t("register.submit")}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t("register.haveAccount")}{" "}
        <Anchor component={Link} to={localized("/login")}>
          {t("register.loginLink")}
        </Anchor>
      </Text>
    </Stack>
  );
}
