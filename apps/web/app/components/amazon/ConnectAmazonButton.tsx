import { Alert, Button } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useLocalizedPath } from "../../lib/use-locale.ts";
import type { AuthorizationStart } from "../../routes/amazon/authorizations.ts";

/**
 * Starts Login with Amazon for the SP-API or the Ads API through the authorizations route's
 * action (routes/amazon/authorizations.ts): the API ties a single-use state to this session and
 * answers the consent URL, where the browser goes next.
 */
export function ConnectAmazonButton({
  api,
  sellerProfileId,
  returnTo,
  variant = "filled",
}: {
  api: "ads" | "sp";
  sellerProfileId: string;
  returnTo: string;
  variant?: "filled" | "light" | "default";
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<AuthorizationStart>();
  const action = useLocalizedPath()("/amazon/authorizations");
  // On the way to Amazon the button stays busy until the browser has left the page.
  const [leaving, setLeaving] = useState(false);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer?.ok) return;
    setLeaving(true);
    window.location.assign(answer.url);
  }, [answer]);
  const busy = fetcher.state !== "idle" || leaving;
  const failed = answer?.ok === false;
  function connect() {
    void fetcher.submit(
      { api, sellerProfile: sellerProfileId, returnTo },
      { method: "post", action },
    );
  }
  return (
    <>
      <Button variant={variant} loading={busy} onClick={connect} data-testid={`connect-${api}`}>
        {t(api === "sp" ? "connection.connectSp" : "connection.connectAds")}
      </Button>
      {failed ? (
        <Alert color="red" data-testid="connect-failed">
          {t("connection.startFailed")}
        </Alert>
      ) : null}
    </>
  );
}
