import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { expectHydrated, type StarportProcess, startStarport } from "./helpers.ts";
import { STATE } from "./session.ts";

test.describe("new build detection", () => {
  test.use({ storageState: STATE.demo });

  test("the build writes builds/latest.json and builds/meta/{buildId}.json", async ({
    request,
  }) => {
    const latest = await request.get("/builds/latest.json");
    expect(latest.status()).toBe(200);
    const { id, timestamp } = (await latest.json()) as { id: string; timestamp: number };
    expect(id).toMatch(/\S+/);
    expect(timestamp).toBeGreaterThan(0);
    const meta = await request.get(`/builds/meta/${id}.json`);
    expect(meta.status()).toBe(200);
    expect(await meta.json()).toEqual({ id, timestamp });
  });

  test("polls latest.json every 60 minutes and offers a reload when a new build is out", async ({
    page,
  }) => {
    await page.clock.install();
    let polls = 0;
    await page.route("**/builds/latest.json", async (route) => {
      polls++;
      await route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() } });
    });
    await page.route("**/builds/meta/a-newer-build.json", (route) =>
      route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() } }),
    );
    // Any page of the app shell watches for builds; the profile page is a light one.
    await page.goto("/en/profile");
    await expectHydrated(page);
    await page.clock.runFor(59 * 60 * 1000);
    expect(polls).toBe(0);
    await expect(page.locator('[data-toast="new-build"]')).toHaveCount(0);
    await page.clock.runFor(60 * 1000);
    const toast = page.locator('[data-toast="new-build"]');
    await expect(toast).toContainText("A new version of Starport is available");
    expect(polls).toBe(1);
    // The reload is a new document: a mark on the old window is gone. The navigation's response
    // is awaited through a promise started before the click (the `load` event also waits for
    // every image and style, which under load took longer than the test).
    await page.evaluate(() => {
      (window as { beforeReload?: boolean }).beforeReload = true;
    });
    const reloaded = page.waitForResponse(
      (response) =>
        response.request().isNavigationRequest() &&
        new URL(response.url()).pathname === "/en/profile",
    );
    await page.getByTestId("reload-app").click();
    expect((await reloaded).status()).toBe(200);
    await expect
      .poll(() =>
        page
          .evaluate(() => (window as { beforeReload?: boolean }).beforeReload ?? "new document")
          .catch(() => "navigating"),
      )
      .toBe("new document");
    await expectHydrated(page);
    await expect(page).toHaveURL(/\/en\/profile$/);
  });

  test("with no DSN configured nothing is sent to an error-reporting service", async ({ page }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith("http://127.0.0.1")) foreign.push(request.url());
    });
    await page.goto("/en/__diagnostics/error");
    await expectHydrated(page);
    await page.goto("/en/profile");
    await expectHydrated(page);
    // The error reaches the page's handlers (where an SDK would report it), then nothing left.
    const uncaught = page.waitForEvent("pageerror");
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error("uncaught on purpose");
      }),
    );
    expect((await uncaught).message).toContain("uncaught on purpose");
    expect(foreign).toEqual([]);
  });
});

test.describe("with a Sentry DSN configured", () => {
  let server: StarportProcess | undefined;
  let base = "";
  // A local stand-in for Sentry's ingest, receiving what the server process sends.
  const serverEnvelopes: string[] = [];
  const ingest = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      serverEnvelopes.push(
        (request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString(),
      );
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  let dsnHost = "";

  test.beforeAll(async () => {
    await new Promise<void>((done) => ingest.listen(0, "127.0.0.1", done));
    dsnHost = `127.0.0.1:${(ingest.address() as AddressInfo).port}`;
    server = await startStarport({
      SEED_DEMO: "false",
      DIAGNOSTIC_ROUTES: "true",
      // Sentry sends envelopes to {host}/api/{project}/envelope/: the browser's are intercepted
      // by the page, the server's reach the local ingest above.
      SENTRY_DSN: `http://publickey@${dsnHost}/42`,
    });
    base = server.base;
  });

  test.afterAll(async () => {
    await server?.stop();
    ingest.close();
  });

  test("an unhandled error is reported through the Sentry SDK", async ({ page }) => {
    const envelopes: string[] = [];
    await page.route(`http://${dsnHost}/**`, async (route) => {
      envelopes.push(route.request().postData() ?? "");
      await route.fulfill({ status: 200, body: "{}" });
    });
    await page.goto(`${base}/en/__diagnostics/error`);
    await expectHydrated(page);
    await expect(page.getByTestId("error-status")).toHaveText("500");
    await expect.poll(() => envelopes.join("\n")).toContain('"type":"event"');
    expect(envelopes.join("\n")).toContain("sentry.javascript.react");
  });

  test("an unhandled server error is reported through the Sentry Node SDK", async () => {
    const response = await fetch(`${base}/en/__diagnostics/error`);
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("Deliberate loader failure");
    await expect
      .poll(() => serverEnvelopes.join("\n"), { timeout: 15_000 })
      .toContain("Deliberate loader failure (diagnostics)");
    const event = serverEnvelopes.find((e) => e.includes("Deliberate loader failure"))!;
    expect(event).toContain("sentry.javascript.node");
    expect(event).toContain('"path":"/en/__diagnostics/error"');
  });
});
