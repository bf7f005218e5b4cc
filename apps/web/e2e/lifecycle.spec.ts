import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";

const SERVER = resolve(import.meta.dirname, "../server.ts");

function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let output = "";
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  return { child, output: () => output, exited };
}

test("a bad configuration stops the server at start with a message naming the variable", async () => {
  const server = startServer({ PORT: "not-a-port", LOG_LEVEL: "loud" });
  expect(await server.exited).toBe(78);
  expect(server.output()).toContain("Invalid configuration");
  expect(server.output()).toContain("PORT");
  expect(server.output()).toContain("LOG_LEVEL");
});

test("SIGTERM shuts the server down gracefully", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "starport-lifecycle-"));
  const port = 3000 + Math.floor(Math.random() * 900) + 4100;
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir, HOST: "127.0.0.1" });
  try {
    await expect
      .poll(
        async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status,
        {
          timeout: 60_000,
        },
      )
      .toBe(200);
    expect(server.output()).toContain(`Starport is running at http://localhost:${port}`);
    // Requests carry a request id, also echoed in the logs.
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      headers: { "x-request-id": "probe-123" },
    });
    expect(response.headers.get("x-request-id")).toBe("probe-123");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"signal":"SIGTERM"');
    expect(server.output()).toContain('"reqId":"probe-123"');
  } finally {
    server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
