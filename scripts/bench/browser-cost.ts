// What a page costs the browser: wall time to network-idle and CPU seconds of all Chromium
// processes (renderer, GPU, browser) for a fresh load of each screen, as the browser tests load
// them (a new context, empty cache), median of N. The per-page figures behind issue 23 and the
// browser tests' pace on the 2-core machine.
// Usage: node scripts/bench/browser-cost.ts <baseURL of a server with demo data> [loads]
import { readdirSync, readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const loads = Number(process.argv[3] ?? 3);

/** CPU clock ticks (1/100 s) of every Chromium process now running. */
function chromiumTicks(): number {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(chrom")) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const login = await fetch(`${base}/api/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "demo@starport.dev", password: "starport-demo" }),
});
const { token } = (await login.json()) as { token: string };
const profiles = await fetch(`${base}/api/seller_profiles`, {
  headers: { authorization: `Bearer ${token}` },
});
const profileId = ((await profiles.json()) as { "hydra:member": { id: string }[] })[
  "hydra:member"
][0]?.id as string;

const pages = [
  "/login",
  "/",
  "/hangar/campaigns",
  `/hangar/campaigns/${profileId}/DE`,
  "/product/list",
];
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
console.log(`page${" ".repeat(52)}wall s   chromium cpu s   (median of ${loads} fresh loads)`);
for (const path of pages) {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ baseURL: base });
    await context.addCookies([
      { name: "token", value: token, url: base },
      { name: "sellerProfile", value: profileId, url: base },
    ]);
    const page = await context.newPage();
    const ticks = chromiumTicks();
    const start = performance.now();
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    walls.push((performance.now() - start) / 1000);
    cpus.push((chromiumTicks() - ticks) / 100);
    await context.close();
  }
  console.log(
    `${path.padEnd(56)}${median(walls).toFixed(2).padStart(6)}   ${median(cpus).toFixed(2).padStart(14)}`,
  );
}
await browser.close();
