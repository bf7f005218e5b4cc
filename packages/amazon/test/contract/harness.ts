/**
 * Starts `@starport/amazon-sandbox` in process on an ephemeral port and points the clients at it.
 * Pointing the endpoints at the sandbox is the only difference from production wiring.
 */
import { createSandbox, DEMO_CLIENT, type Sandbox } from "@starport/amazon-sandbox";
import { afterEach, beforeEach, expect } from "vitest";
import type { AmazonEndpoints } from "../../src/config.ts";
import { type AmazonOptions, createAmazon } from "../../src/index.ts";
import { SchemaChecker, unexpectedViolations } from "./schema-check.ts";

export const SELLER_ID = "A3SANDBOXDEMO01";
export const DE = "A1PA6795UKMFR9";
export const FR = "A13V1IB3VIYZZH";
export const US = "ATVPDKIKX0DER";

export interface Harness {
  sandbox: Sandbox;
  baseUrl: string;
  endpoints: AmazonEndpoints;
  amazon: ReturnType<typeof createAmazon>;
  /** Every JSON answer the clients received, checked against Amazon's official models. */
  schema: SchemaChecker;
  adsRefreshToken: string;
  spRefreshToken: string;
  close(): Promise<void>;
}

export async function startSandbox(
  options: { sandbox?: Parameters<typeof createSandbox>[0]; client?: Partial<AmazonOptions> } = {},
): Promise<Harness> {
  const sandbox = createSandbox({
    seed: 7,
    productsPerMarketplace: 20,
    reportPollsUntilReady: 2,
    ...options.sandbox,
  });
  // No baseUrl: the sandbox builds download URLs from each request's Host header.
  const baseUrl = await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
  const regional = (prefix: string) => ({
    NA: `${prefix}/na`,
    EU: `${prefix}/eu`,
    FE: `${prefix}/fe`,
  });
  const endpoints: AmazonEndpoints = {
    lwaTokenUrl: `${baseUrl}/auth/o2/token`,
    adsConsentUrl: `${baseUrl}/ap/oa`,
    spConsentUrl: `${baseUrl}/apps/authorize/consent`,
    adsHosts: regional(baseUrl),
    spHosts: regional(baseUrl),
  };
  const schema = new SchemaChecker();
  const amazon = createAmazon({
    fetch: schema.wrap((input, init) => fetch(input, init)),
    clientId: DEMO_CLIENT.clientId,
    clientSecret: DEMO_CLIENT.clientSecret,
    endpoints,
    retry: { baseDelayMs: 100, maxDelayMs: 2_000 },
    timeoutMs: 10_000,
    ...options.client,
  });
  return {
    sandbox,
    baseUrl,
    endpoints,
    amazon,
    schema,
    adsRefreshToken: sandbox.control.issueRefreshToken({ sellerId: SELLER_ID, api: "ads" }),
    spRefreshToken: sandbox.control.issueRefreshToken({ sellerId: SELLER_ID, api: "sp" }),
    close: () => sandbox.app.close(),
  };
}

export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/** Plays the user on a sandbox consent page: submits the form with the first seller, returns the redirect. */
export async function approveConsent(consentUrl: string, sellerId = SELLER_ID): Promise<URL> {
  const page = await fetch(consentUrl);
  if (page.status !== 200)
    throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error("no consent form");
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(decodeEntities(m[1] ?? ""), decodeEntities(m[2] ?? ""));
  }
  form.set("seller_id", sellerId);
  form.set("decision", "allow");
  const res = await fetch(new URL(decodeEntities(action), consentUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`consent submit answered ${res.status}`);
  return new URL(location);
}

function decodeEntities(s: string): string {
  return s.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
}

/**
 * Every JSON answer a test receives must match Amazon's models (apart from the listed deviations),
 * checked after each test on that test's own answers: no test needs another to have run first.
 */
export function checkAnswersAgainstModels(harness: () => Harness): void {
  let before = 0;
  beforeEach(() => {
    before = harness().schema.violations.length;
  });
  afterEach(() => {
    expect(unexpectedViolations(harness().schema.violations.slice(before))).toEqual([]);
  });
}
