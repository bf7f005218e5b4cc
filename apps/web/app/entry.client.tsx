import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { CspNonceContext, documentCspNonce, shareCspNonce } from "./lib/csp-nonce.tsx";
import { reportError } from "./lifecycle/error-reporting.ts";

// React Router's default browser entry, plus the error-reporting hook (spec §8).

window.addEventListener("error", (event) => reportError(event.error ?? event.message));
window.addEventListener("unhandledrejection", (event) => reportError(event.reason));

const nonce = documentCspNonce();
shareCspNonce(nonce);

try {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <CspNonceContext value={nonce}>
          <HydratedRouter />
        </CspNonceContext>
      </StrictMode>,
      {
        onUncaughtError: (error) => reportError(error),
        onRecoverableError: (error) => reportError(error),
      },
    );
  });
} catch (error) {
  // Spec §8: a startup failure is logged with this prefix.
  console.error("Error while mounting app:", error);
  reportError(error);
}
