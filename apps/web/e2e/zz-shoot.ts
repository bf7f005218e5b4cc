// Screenshots of a running Starport (the demo), as the seller sees it: node shoot.ts <base> <out-prefix> <path>...
import { chromium, request as pwRequest } from "@playwright/test";
import { firstProfileId, loginViaApi, sessionCookies } from "./session.ts";

const [base, prefix, ...paths] = process.argv.slice(2);
const api = await pwRequest.newContext({ baseURL: base });
const token = await loginViaApi(api, "demo@starport.dev", "starport-demo");
const profile = await firstProfileId(api, token);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await context.addCookies(sessionCookies(base!, token, profile));
const page = await context.newPage();
let n = 0;
for (const path of paths) {
  await page.goto(`${base}${path}`);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${prefix}-${++n}.png`, fullPage: true });
  console.log(`${prefix}-${n}.png`, path);
}
await browser.close();
