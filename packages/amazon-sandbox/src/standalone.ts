/**
 * Standalone sandbox: `npm start -w @starport/amazon-sandbox` (port from SANDBOX_PORT, default
 * 4010). The Starport server runs this file as its child process with AMAZON_SANDBOX on.
 */
import { createSandbox } from "./app.ts";
import { DEMO_CLIENT } from "./auth.ts";

const port = Number(process.env.SANDBOX_PORT ?? 4010);
const host = process.env.SANDBOX_HOST ?? "127.0.0.1";
// Without SANDBOX_BASE_URL, download URLs follow the Host header each request arrived with.
const baseUrl = process.env.SANDBOX_BASE_URL;
const seed = Number(process.env.SANDBOX_SEED ?? 42);
// SANDBOX_STATE_DIR keeps the refresh tokens it issued across restarts (Starport: DATA_DIR).
const stateDir = process.env.SANDBOX_STATE_DIR || undefined;
const sandbox = createSandbox({
  seed,
  ...(baseUrl ? { baseUrl } : {}),
  ...(stateDir ? { stateDir } : {}),
});
if (process.env.SANDBOX_DEMO !== "0") {
  const r = sandbox.control.seedDemoAccount({ days: Number(process.env.SANDBOX_DEMO_DAYS ?? 90) });
  console.log(
    `[amazon-sandbox] demo account: ${r.campaigns} campaigns, ${r.keywords + r.targets} keywords/targets, ${r.days} days in ${r.elapsedMs} ms`,
  );
}
// Started by the Starport server as its child: end with the parent, even when it was killed.
if (process.env.SANDBOX_EXIT_WITH_PARENT === "1") {
  process.stdin.on("close", () => process.exit(0));
  process.stdin.resume();
}
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    sandbox.app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
const address = await sandbox.app.listen({ port, host });
console.log(`[amazon-sandbox] listening on ${baseUrl ?? address} (today ${sandbox.clock.today()})`);
console.log(`[amazon-sandbox] LwA client_id=${DEMO_CLIENT.clientId}`);
console.log(`[amazon-sandbox] LwA client_secret=${DEMO_CLIENT.clientSecret}`);
console.log(`[amazon-sandbox] SP-API application_id=${DEMO_CLIENT.applicationId}`);
