import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Refresh tokens at rest: AES-256-GCM with a random 96-bit IV per value. The stored form is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), so the scheme can change without guessing.
 */
export interface TokenCipher {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
}

/** Accepts a 32-byte key as base64/base64url/hex, or any other secret of ≥ 32 characters (hashed). */
export function keyFromSecret(secret: string): Buffer {
  const trimmed = secret.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, "hex");
  const decoded = Buffer.from(trimmed, "base64url");
  if (decoded.length === 32 && /^[A-Za-z0-9_\-+/]{43}=?$/.test(trimmed)) return decoded;
  if (trimmed.length < 32) throw new Error("encryption key must have at least 32 characters");
  return createHash("sha256").update(trimmed).digest();
}

export function createTokenCipher(secret: string): TokenCipher {
  const key = keyFromSecret(secret);
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ["v1", iv, tag, data]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    decrypt(stored) {
      const [version, iv, tag, data] = stored.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined) {
        throw new Error("unknown encrypted token format");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(data, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}

/**
 * The configured token encryption key, or in embedded mode one generated once and kept in the
 * data folder (readable by the owner only), so stored tokens stay readable after a restart.
 */
export function resolveTokenKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const folder = join(dataDir, "secrets");
  const file = join(folder, "token-encryption-key");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(folder, { recursive: true });
  const key = randomBytes(32).toString("hex");
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
