import { createSandbox, DEMO_CLIENT } from "@starport/amazon-sandbox";
import type { Config } from "@starport/config";
import type { FastifyBaseLogger } from "fastify";

export interface RunningSandbox {
  url: string;
  clientId: string;
  close(): Promise<void>;
}

/**
 * The local Amazon the demo talks to: same endpoints as Amazon's, its own port, a demo seller
 * with 90 simulated days. Pointing the Amazon URLs at real hosts is the only production change.
 */
export async function startAmazonSandbox(
  config: Config,
  log: FastifyBaseLogger,
): Promise<RunningSandbox> {
  const url = `http://localhost:${config.amazonSandbox.port}`;
  const sandbox = createSandbox({ seed: 42, baseUrl: url });
  const demo = sandbox.control.seedDemoAccount({ days: config.amazonSandbox.demoDays });
  log.info(
    {
      campaigns: demo.campaigns,
      targets: demo.keywords + demo.targets,
      days: demo.days,
      ms: demo.elapsedMs,
    },
    "amazon sandbox demo account simulated",
  );
  await sandbox.app.listen({ port: config.amazonSandbox.port, host: "127.0.0.1" });
  return { url, clientId: DEMO_CLIENT.clientId, close: () => sandbox.app.close() };
}
