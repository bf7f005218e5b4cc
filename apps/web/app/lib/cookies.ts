/** Minimal cookie helpers for plain-text cookies the spec names (i18n_redirected, token, …). */

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  sameSite?: "Lax" | "Strict" | "None";
  secure?: boolean;
  path?: string;
  /** Out of the page's reach (the administrator's own token while impersonating). */
  httpOnly?: boolean;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${options.maxAgeSeconds}`,
    `Path=${options.path ?? "/"}`,
    `SameSite=${options.sameSite ?? "Lax"}`,
  ];
  if (options.secure) parts.push("Secure");
  if (options.httpOnly) parts.push("HttpOnly");
  return parts.join("; ");
}

/** Browser side: writes a cookie with the same attributes the server would. */
export function writeBrowserCookie(name: string, value: string, options: CookieOptions): void {
  // biome-ignore lint/suspicious/noDocumentCookie: plain cookies the server reads on the next request
  document.cookie = serializeCookie(name, value, options);
}
