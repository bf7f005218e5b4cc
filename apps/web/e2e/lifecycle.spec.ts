import { expect, test } from "@playwright/test";
import { startStarport } from "./helpers.ts";

test("a bad configuration stops the server at start with a message naming the variable", async () => {
  const server = await startStarport(
    { PORT: "not-a-port", LOG_LEVEL: "loud" },
    { waitForHealth: false },
  );
  try {
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain("Invalid configuration");
    expect(server.output()).toContain("PORT");
    expect(server.output()).toContain("LOG_LEVEL");
  } finally {
    await server.stop();
  }
});

test("SIGTERM shuts the server down gracefully", async () => {
  // PUBLIC_URL left unset: the default is printed.
  const server = await startStarport({ LOG_LEVEL: "info", PUBLIC_URL: undefined });
  try {
    expect(server.output()).toContain(`Starport is running at http://localhost:${server.port}`);
    // Requests carry a request id, also echoed in the logs.
    const response = await fetch(`${server.base}/api/health`, {
      headers: { "x-request-id": "probe-123" },
    });
    expect(response.headers.get("x-request-id")).toBe("probe-123");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"signal":"SIGTERM"');
    expect(server.output()).toContain('"reqId":"probe-123"');
  } finally {
    await server.stop();
  }
});
