import { createContext, useContext } from "react";

/**
 * The document's Content-Security-Policy nonce. The server provides it per request (entry.server);
 * in the browser the page's own scripts carry it, so hydration and later style elements match.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}

/** Browsers hide the nonce attribute from the DOM after load; the `nonce` property keeps it. */
export function documentCspNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

/**
 * Libraries that add style elements at run time find the nonce here: react-remove-scroll (the
 * scroll lock of Mantine's modals and drawers) reads it through get-nonce's `__webpack_nonce__`.
 */
export function shareCspNonce(nonce: string | undefined): void {
  (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
