import { type Algorithm, hash, verify } from "@node-rs/argon2";

/**
 * How users.password_hash is written: argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane),
 * as a self-describing PHC string, so the parameters can grow without invalidating old hashes.
 */
const ARGON2ID = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/** True iff the password matches; a malformed stored hash is a mismatch, never a crash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * A valid hash of a password nobody knows: verifying against it costs as much as a real check,
 * so an unknown email takes as long as a wrong password (no enumeration by timing).
 */
let decoy: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoy;
}
