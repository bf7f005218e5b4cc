import { createHmac } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createHs256Verifier, JwtError } from "../src/auth/hs256.ts";

// The synchronous verifier must answer every token as jose's jwtVerify (which it replaced on the
// request path) answers it with the token service's options: each case below is run through both.

const SECRET = new TextEncoder().encode("k".repeat(40));
const NOW = 1_795_000_000;
const OPTIONS = { issuer: "starport", requiredClaims: ["sub", "jti", "exp", "iat"] } as const;
const verify = createHs256Verifier(SECRET);

function sign(
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: "HS256", typ: "JWT" },
  secret: Uint8Array = SECRET,
) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${encode(header)}.${encode(claims)}`;
  return `${input}.${createHmac("sha256", secret).update(input).digest("base64url")}`;
}

const claims = {
  sub: "0d3c1c6e-1a44-4c1a-8f3b-1e2f3a4b5c6d",
  jti: "1d3c1c6e-1a44-4c1a-8f3b-1e2f3a4b5c6d",
  iss: "starport",
  iat: NOW - 10,
  exp: NOW + 60,
  cid: "c",
  roles: ["ROLE_USER"],
};

async function joseOutcome(token: string, tolerance?: number) {
  try {
    await jwtVerify(token, SECRET, {
      algorithms: ["HS256"],
      issuer: "starport",
      currentDate: new Date(NOW * 1000),
      requiredClaims: [...OPTIONS.requiredClaims],
      ...(tolerance === undefined ? {} : { clockTolerance: tolerance }),
    });
    return "valid";
  } catch (error) {
    return error instanceof joseErrors.JWTExpired ? "expired" : "invalid";
  }
}

function ourOutcome(token: string, tolerance?: number) {
  try {
    verify(token, {
      ...OPTIONS,
      now: NOW,
      ...(tolerance === undefined ? {} : { clockTolerance: tolerance }),
    });
    return "valid";
  } catch (error) {
    if (error instanceof JwtError) return error.failure;
    throw error;
  }
}

describe("synchronous HS256 verification", () => {
  const valid = sign(claims);
  const [h, p, s] = valid.split(".") as [string, string, string];
  const cases: [string, string, number?][] = [
    ["a valid token", valid],
    ["a token signed by jose", ""],
    ["another key", sign(claims, undefined, new TextEncoder().encode("x".repeat(40)))],
    [
      "a tampered payload",
      `${h}.${Buffer.from(JSON.stringify({ ...claims, roles: ["ROLE_ADMIN"] })).toString("base64url")}.${s}`,
    ],
    ["a truncated signature", `${h}.${p}.${s.slice(0, -2)}`],
    ["no signature", `${h}.${p}.`],
    ["alg none", new UnsecuredJWT(claims).encode()],
    ["alg HS512 (signed with HS256)", sign(claims, { alg: "HS512" })],
    ["a crit header", sign(claims, { alg: "HS256", crit: ["exp"] })],
    ["b64: false", sign(claims, { alg: "HS256", b64: false, crit: ["b64"] })],
    ["another issuer", sign({ ...claims, iss: "elsewhere" })],
    ["no issuer", sign({ ...claims, iss: undefined })],
    ["no jti", sign({ ...claims, jti: undefined })],
    ["no iat", sign({ ...claims, iat: undefined })],
    ["a string iat", sign({ ...claims, iat: "1" })],
    ["a string exp", sign({ ...claims, exp: String(NOW + 60) })],
    ["exp now", sign({ ...claims, exp: NOW })],
    ["exp a second ago", sign({ ...claims, exp: NOW - 1 })],
    ["exp a second ago, 5 s tolerance", sign({ ...claims, exp: NOW - 1 }), 5],
    ["exp 10 s ago, 5 s tolerance", sign({ ...claims, exp: NOW - 10 }), 5],
    ["nbf in the future", sign({ ...claims, nbf: NOW + 30 })],
    ["nbf in the past", sign({ ...claims, nbf: NOW - 30 })],
    ["a JSON array payload", sign([1, 2] as unknown as Record<string, unknown>)],
    ["four parts", `${valid}.x`],
    ["two parts", `${h}.${p}`],
    ["garbage", "not.a.jwt"],
    ["a non-base64url header", `${h}!.${p}.${s}`],
  ];

  it.each(cases)("%s: the same outcome as jose's jwtVerify", async (_, token, tolerance) => {
    const subject =
      token ||
      (await new SignJWT({ cid: "c", roles: [] })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.sub)
        .setJti(claims.jti)
        .setIssuer("starport")
        .setIssuedAt(NOW - 5)
        .setExpirationTime(NOW + 5)
        .sign(SECRET));
    expect(ourOutcome(subject, tolerance)).toBe(await joseOutcome(subject, tolerance));
  });

  it("returns the claims of a valid token and refuses a forged one", () => {
    expect(verify(valid, { ...OPTIONS, now: NOW })).toMatchObject({ sub: claims.sub, cid: "c" });
    expect(ourOutcome(sign({ ...claims, roles: ["ROLE_ADMIN"] }, undefined, SECRET))).toBe("valid");
    expect(ourOutcome(`${h}.${p}.${s.replace(/^./, s[0] === "A" ? "B" : "A")}`)).toBe("invalid");
  });
});
