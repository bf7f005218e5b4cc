import { Alert, Box, Button, Group, Loader, Stack, Textarea, TextInput } from "@mantine/core";
import type { SupportWidget } from "@starport/config";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../lib/hydra-form.ts";
import { useRouteWrite } from "../lib/route-write.ts";
import { useLocalizedPath } from "../lib/use-locale.ts";

export interface SupportRequestSent {
  id: string;
  subject: string;
}

/** The intent of the support route's action (routes/support/requests.ts). */
export const SUPPORT_SEND = "support.send";

/** HubSpot's embed script: the provider the support widget comes from when configured. */
export const HUBSPOT_SCRIPT_URL = "https://js.hsforms.net/forms/embed/v2.js";
const CONTAINER_ID = "support-form-container";

interface HubSpotWindow {
  hbspt?: { forms?: { create(options: Record<string, unknown>): void } };
}

/**
 * The provider's widget (spec §1): loaded when the form opens, a spinner until its script has
 * loaded, then embedded into the support-form container for the company's account.
 */
function SupportWidgetEmbed({ widget }: { widget: SupportWidget }) {
  const { t } = useTranslation();
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    const [portalId, formId] = widget.account.split(":");
    const embed = () => {
      const forms = (window as HubSpotWindow).hbspt?.forms;
      if (!forms) throw new Error("support widget did not initialise");
      forms.create({ portalId, formId, target: `#${CONTAINER_ID}` });
    };
    const script = document.createElement("script");
    script.src = HUBSPOT_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      try {
        embed();
        setState("ready");
      } catch {
        setState("failed");
      }
    };
    script.onerror = () => setState("failed");
    document.body.appendChild(script);
    return () => script.remove();
  }, [widget]);
  return (
    <Stack gap="sm">
      {state === "loading" ? (
        <Group justify="center" py="lg" data-testid="support-spinner">
          <Loader aria-label={t("support.loading")} />
        </Group>
      ) : null}
      {state === "failed" ? <Alert color="red">{t("support.widgetFailed")}</Alert> : null}
      <Box id={CONTAINER_ID} data-testid="support-form-container" data-state={state} />
    </Stack>
  );
}

/**
 * Starport's own support form: subject and message, sent to POST /api/support_requests by the
 * support route's action (routes/support/requests.ts), whichever page the help badge is on.
 */
function OwnSupportForm({ onSent }: { onSent: (sent: SupportRequestSent) => void }) {
  const { t } = useTranslation();
  const write = useRouteWrite(useLocalizedPath()("/support/requests"));
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setError(null);
    try {
      const { id } = await write(SUPPORT_SEND, {}, { subject, message });
      onSent({ id: id ?? "", subject: subject.trim() });
    } catch (failure) {
      const messages = fieldErrors(failure, t);
      setFields(messages);
      if (Object.keys(messages).length === 0) setError(t("support.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="support-form">
      <Stack gap="sm">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t("support.subject")}
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          error={fields.subject}
          required
          data-autofocus
        />
        <Textarea
          label={t("support.message")}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={fields.message}
          autosize
          minRows={4}
          required
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="support-submit">
            {t("support.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SupportForm({
  widget,
  onSent,
}: {
  widget: SupportWidget | null;
  onSent: (sent: SupportRequestSent) => void;
}) {
  return widget ? <SupportWidgetEmbed widget={widget} /> : <OwnSupportForm onSent={onSent} />;
}
