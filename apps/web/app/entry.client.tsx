import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadLocale } from "./i18n/i18n.ts";
import { CspNonceContext, documentCspNonce, shareCspNonce } from "./lib/csp-nonce.tsx";
import { localeOfPath } from "./lib/locale.ts";
import { reportError } from "./lifecycle/error-reporting.ts";

// React Router's default browser entry, plus the error-reporting hook (spec §8).

window.addEventListener("error", (event) => reportError(event.error ?? event.message));
window.addEventListener("unhandledrejection", (event) => reportError(event.reason));

const nonce = documentCspNonce();
shareCspNonce(nonce);

function hydrate() {
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
}

function mountFailed(error: unknown) {
  // Spec §8: a startup failure is logged with this prefix.
  console.error("Error while mounting app:", error);
  reportError(error);
}

// The page's messages first (the document preloads them): the server rendered with them.
loadLocale(localeOfPath(window.location.pathname))
  .catch(reportError)
  .then(() => {
    try {
      hydrate();
    } catch (error) {
      mountFailed(error);
    }
  });
