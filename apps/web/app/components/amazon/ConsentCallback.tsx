/**
 * Amazon's redirect after consent (/sp-api-auth, /advertising-api-auth): the loader hands the
 * query to the API in this user's session, which checks the state, exchanges the code and stores
 * the token; then on to the success or the error page (with a reason the page translates).
 */
import { Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type RouterContextProvider, redirect } from "react-router";
import { serverContext } from "#server-context";
import { createApiClient } from "../../lib/api/client.ts";
import { localizePath, splitLocale } from "../../route-table.ts";
import { localeOfRequest, tokenFromRequest } from "../../session/server-session.ts";

export type CallbackAnswer =
  | { ok: true; api: "ads" | "sp"; sellerProfileId: string; returnTo: string; syncRunId: string }
  | { ok: false; reason: string; returnTo: string };

export async function completeCallback(
  api: "ads" | "sp",
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Response> {
  const url = new URL(request.url);
  const locale = localeOfRequest(request);
  const token = tokenFromRequest(request);
  if (!token) return redirect(localizePath("/login", locale));
  const client = createApiClient({
    transport: context.get(serverContext).apiTransport,
    getToken: () => token,
  });
  const query = Object.fromEntries(
    [...url.searchParams].filter(([, value]) => value.length <= 4000).slice(0, 20),
  );
  let answer: CallbackAnswer;
  try {
    answer = await client.json<CallbackAnswer>(`/api/amazon/callbacks/${api}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(query),
    });
  } catch {
    answer = { ok: false, reason: "exchangeFailed", returnTo: "/" };
  }
  const target = new URLSearchParams({ api, returnTo: answer.returnTo });
  // Back in the language the user started in (the callback URL Amazon knows has no prefix).
  const resultLocale = answer.returnTo === "/" ? locale : splitLocale(answer.returnTo).locale;
  if (answer.ok) {
    target.set("sellerProfile", answer.sellerProfileId);
    target.set("syncRun", answer.syncRunId);
    return redirect(`${localizePath("/account-connection-successful", resultLocale)}?${target}`);
  }
  target.set("reason", answer.reason);
  return redirect(`${localizePath("/account-connection-error", resultLocale)}?${target}`);
}

/** The callback page as shown while (or without) completing: title, description, a spinner. */
export function CallbackPage({ pageKey }: { pageKey: "sp-api-auth" | "advertising-api-auth" }) {
  const { t } = useTranslation();
  return (
    <Stack maw={640} mx="auto" p="xl" gap="md" data-testid="page" data-page={pageKey}>
      <Title order={1}>{t(`pages.${pageKey}.title`)}</Title>
      <Text c="dimmed">{t(`pages.${pageKey}.description`)}</Text>
      <Loader size="sm" />
    </Stack>
  );
}
