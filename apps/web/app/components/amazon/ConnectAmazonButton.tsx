import { Alert, Button } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHydra } from "../../lib/api/session-hydra.ts";

/**
 * Starts Login with Amazon for the SP-API or the Ads API: the API ties a single-use state to this
 * session and answers the consent URL, where the browser goes next.
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
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function connect() {
    setBusy(true);
    setFailed(false);
    try {
      const { url } = await browserHydra().json<{ url: string }>("/api/amazon/authorizations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api, sellerProfile: sellerProfileId, region: "EU", returnTo }),
      });
      window.location.assign(url);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        variant={variant}
        loading={busy}
        onClick={() => void connect()}
        data-testid={`connect-${api}`}
      >
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
