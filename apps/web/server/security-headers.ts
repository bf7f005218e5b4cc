import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import fastifyHelmet from "@fastify/helmet";
import type { Config } from "@starport/config";
import type { FastifyInstance } from "fastify";

/**
 * Origins the browser talks to for the optional third parties, only when they are configured.
 * HubSpot's embed script loads its form code and posts submissions to these hosts.
 */
const SUPPORT_WIDGET_ORIGINS = {
  hubspot: {
    script: ["https://js.hsforms.net", "https://*.hsforms.net", "https://*.hubspot.com"],
    connect: ["https://*.hsforms.com", "https://*.hsforms.net", "https://*.hubspot.com"],
    frame: ["https://*.hsforms.net", "https://*.hsforms.com", "https://*.hubspot.com"],
    img: ["https://*.hsforms.com", "https://*.hsforms.net", "https://*.hubspot.com"],
  },
} as const;

/**
 * Where Amazon serves product images (the catalogue's and listings' image links): the media CDN
 * and the regional image hosts of older links.
 */
export const AMAZON_IMAGE_ORIGINS = [
  "https://m.media-amazon.com",
  "https://images-na.ssl-images-amazon.com",
  "https://images-eu.ssl-images-amazon.com",
  "https://images-fe.ssl-images-amazon.com",
] as const;

/** The nonce of each document request; inline scripts and style elements carry it. */
const nonces = new WeakMap<IncomingMessage, string>();

export function cspNonceOf(request: IncomingMessage): string {
  const nonce = nonces.get(request);
  if (!nonce) throw new Error("no CSP nonce: registerSecurityHeaders runs first");
  return nonce;
}

function nonceSource(request: IncomingMessage): string {
  return `'nonce-${cspNonceOf(request)}'`;
}

/** The Content-Security-Policy directives for this configuration (exported for tests). */
export function contentSecurityPolicy(config: Config) {
  const sentry = config.sentryDsn ? [new URL(config.sentryDsn).origin] : [];
  const widget = config.supportWidget
    ? SUPPORT_WIDGET_ORIGINS[config.supportWidget.provider]
    : null;
  const https = config.publicUrl.startsWith("https:");
  // A configured Amazon endpoint (the local sandbox) serves its products' images itself.
  const amazonEndpoint = config.amazon.apiBaseUrl ? [new URL(config.amazon.apiBaseUrl).origin] : [];
  return {
    useDefaults: false,
    directives: {
      "default-src": ["'self'"],
      "base-uri": ["'self'"],
      "object-src": ["'none'"],
      "frame-ancestors": ["'none'"],
      "form-action": ["'self'"],
      // React Router's and React's inline scripts (hydration data, the stream) carry the nonce.
      "script-src": ["'self'", nonceSource, ...(widget?.script ?? [])],
      // Mantine's <style> elements carry the nonce; its components set style attributes.
      "style-src": ["'self'", nonceSource],
      "style-src-attr": ["'unsafe-inline'"],
      "img-src": [
        "'self'",
        "data:",
        ...AMAZON_IMAGE_ORIGINS,
        ...amazonEndpoint,
        ...(widget?.img ?? []),
      ],
      "font-src": ["'self'", "data:"],
      "connect-src": ["'self'", ...sentry, ...(widget?.connect ?? [])],
      "frame-src": [...(widget?.frame ?? ["'none'"])],
      // Sentry's session replay compresses in a worker it creates from a blob.
      "worker-src": ["'self'", ...(sentry.length ? ["blob:"] : [])],
      ...(https ? { "upgrade-insecure-requests": [] } : {}),
    },
  };
}

/**
 * Security headers for every answer (API and pages): a nonce-based CSP that forbids framing,
 * a same-origin referrer policy, and helmet's other defaults. The Vite dev server injects
 * styles and its client without a nonce, so it runs without the CSP.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  { devServer }: { devServer: boolean },
) {
  app.addHook("onRequest", async (request) => {
    nonces.set(request.raw, randomBytes(16).toString("base64"));
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: devServer ? false : contentSecurityPolicy(config),
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
    strictTransportSecurity: config.publicUrl.startsWith("https:"),
  });
}
