import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Pages live on one host only: PUBLIC_URL's. The session cookie belongs to the host that set it,
 * and Amazon sends a seller back to PUBLIC_URL after consent, so a page opened under another name
 * of the same server (127.0.0.1 for localhost, an address for a domain) is first redirected to
 * PUBLIC_URL; otherwise connecting Amazon would land the seller, signed out, on another host.
 * The API (`/api`, `/api/health`) answers on every host: monitors and token clients use it.
 * Behind a reverse proxy the host in use is X-Forwarded-Host when the proxy sends one.
 */
export function canonicalHostRedirect(publicUrl: string) {
  const canonical = new URL(publicUrl);
  const base = publicUrl.replace(/\/$/, "");
  return async function redirectToPublicUrl(request: FastifyRequest, reply: FastifyReply) {
    if (isApi(request.url)) return;
    if (sameHost(hostInUse(request), canonical)) return;
    // 307: the method and body stay, and no browser remembers it when PUBLIC_URL changes.
    return reply.redirect(`${base}${request.url}`, 307);
  };
}

function isApi(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

function hostInUse(request: FastifyRequest): string | undefined {
  const forwarded = request.headers["x-forwarded-host"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return first || request.headers.host;
}

/** Host names compare without case and with the scheme's default port made explicit. */
function sameHost(host: string | undefined, canonical: URL): boolean {
  if (!host) return false;
  try {
    return new URL(`${canonical.protocol}//${host}`).host === canonical.host;
  } catch {
    return false;
  }
}
