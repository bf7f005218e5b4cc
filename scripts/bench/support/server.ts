import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createThrowawayDatabase, type ThrowawayDatabase } from "@starport/db/testing";

/**
 * A Starport server as `npm start` runs it (scripts/starport.sh serve: production build, demo
 * data, the Amazon sandbox) for the benchmark scripts that measure a whole server (soak, mixed
 * load, XLSX import memory): on a throw-away database of the PostgreSQL named by `adminUrl` (the
 * embedded one without it), in a temporary data folder, both removed by `stop()`.
 */
export interface BenchServer {
  base: string;
  /** The server process (a new one after `restart()`). */
  process: ChildProcess;
  /** The server's temporary data folder (removed by `stop()`). */
  dataDir: string;
  /** The throw-away database's URL (null on the embedded database). */
  databaseUrl: string | null;
  /** Resolves when /api/health answers; throws when the server exits or takes over 4 minutes. */
  ready: () => Promise<void>;
  /** A bearer token of the demo seller. */
  demoToken: () => Promise<string>;
  /** GET `path` of the API with `token`; throws on an error status. */
  read: <T>(path: string, token: string) => Promise<T>;
  /**
   * The cookies of a signed-in seller for a browser context, on both of the server's hosts (it
   * may send a visitor to its canonical host, PUBLIC_URL: localhost).
   */
  sessionCookies: (
    token: string,
    sellerProfile: string,
  ) => { name: string; value: string; url: string }[];
  /** Waits (up to 4 minutes) for the demo seller's first sync; returns their seller profile's id. */
  demoDataReady: (token: string) => Promise<string>;
  /** The server's RSS now (bytes). */
  rss: () => number;
  /** Its memory after a full GC, from the probe (only with `probe: true`). */
  memoryAfterGc: () => Promise<NodeJS.MemoryUsage>;
  /** Stops the server (SIGTERM) and starts it again on the same data; `ready()` waits for it. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

export const ROOT = resolve(import.meta.dirname, "../../..");

/** A process's resident memory in bytes (0 once it is gone). */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

export async function startBenchServer(options: {
  name: string;
  port: number;
  adminUrl?: string | undefined;
  /** Loads support/memory-probe.ts with --expose-gc: `memoryAfterGc()` works. */
  probe?: boolean;
  /** Extra NODE_OPTIONS (e.g. --cpu-prof). */
  nodeOptions?: string;
}): Promise<BenchServer> {
  const base = `http://127.0.0.1:${options.port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `starport-${options.name}-`));
  const throwaway: ThrowawayDatabase | undefined = options.adminUrl
    ? await createThrowawayDatabase(options.adminUrl, `starport_${options.name.replace(/-/g, "_")}`)
    : undefined;
  const { DATABASE_URL: _adminUrl, ...environment } = process.env;
  const start = () =>
    spawn("bash", ["scripts/starport.sh", "serve"], {
      cwd: ROOT,
      env: {
        ...environment,
        NODE_OPTIONS: [
          options.probe
            ? `--expose-gc --import=${join(ROOT, "scripts/bench/support/memory-probe.ts")}`
            : "",
          options.nodeOptions ?? "",
          environment.NODE_OPTIONS ?? "",
        ].join(" "),
        NODE_ENV: "production",
        PORT: String(options.port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_DEMO: "true",
        AMAZON_SANDBOX: "true",
        AMAZON_SANDBOX_PORT: String(options.port + 1000),
        CONVERSION_RATES_URL: "",
        LOG_LEVEL: "warn",
        ...(throwaway
          ? {
              DATABASE_URL: throwaway.url,
              JWT_SECRET: "s".repeat(40),
              TOKEN_ENCRYPTION_KEY: "t".repeat(40),
            }
          : {}),
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
  let server = start();
  let exited = new Promise<number | null>((done) => server.on("exit", done));
  const stopProcess = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await exited;
    }
  };

  const read = async <T>(path: string, token: string): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const handle: BenchServer = {
    base,
    process: server,
    dataDir,
    databaseUrl: throwaway?.url ?? null,
    async ready() {
      const deadline = Date.now() + 240_000;
      for (;;) {
        if (server.exitCode !== null || Date.now() > deadline)
          throw new Error("server did not start");
        try {
          if ((await fetch(`${base}/api/health`)).ok) return;
        } catch {
          // Not yet.
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    },
    async demoToken() {
      const login = await fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "demo@starport.dev", password: "starport-demo" }),
      });
      if (!login.ok) throw new Error(`demo login failed: ${login.status}`);
      return ((await login.json()) as { token: string }).token;
    },
    read,
    sessionCookies: (token, sellerProfile) =>
      [
        { name: "token", value: token },
        { name: "sellerProfile", value: sellerProfile },
      ].flatMap((c) =>
        [base, base.replace("127.0.0.1", "localhost")].map((url) => ({ ...c, url })),
      ),
    async demoDataReady(token) {
      for (const started = Date.now(); ; ) {
        const runs = await read<{ "hydra:member": { status: string }[] }>(
          "/api/sync_runs?kind=initial&itemsPerPage=1",
          token,
        );
        if (runs["hydra:member"][0]?.status === "succeeded") break;
        if (Date.now() - started > 240_000) throw new Error("the first sync did not finish");
        await new Promise((r) => setTimeout(r, 1000));
      }
      const sellerProfiles = await read<{ "hydra:member": { id: string }[] }>(
        "/api/seller_profiles",
        token,
      );
      return sellerProfiles["hydra:member"][0]?.id as string;
    },
    rss: () => rssOf(server.pid as number),
    memoryAfterGc: () =>
      new Promise<NodeJS.MemoryUsage>((done) => {
        const onMessage = (message: { memory?: NodeJS.MemoryUsage }) => {
          if (!message.memory) return;
          server.off("message", onMessage);
          done(message.memory);
        };
        server.on("message", onMessage);
        server.send("memory");
      }),
    async restart() {
      await stopProcess();
      server = start();
      exited = new Promise<number | null>((done) => server.on("exit", done));
      handle.process = server;
    },
    async stop() {
      await stopProcess();
      await throwaway?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
