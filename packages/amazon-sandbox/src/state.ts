/** Mutable sandbox state shared by all routes (the world can be replaced by the control surface). */
import type { AuthStore } from "./auth.ts";
import type { FaultInjector } from "./http.ts";
import type { World } from "./world.ts";

export interface StoredFile {
  data: Buffer;
  expiresAt: number;
  contentType: string;
}

export interface SandboxState {
  world: World;
  auth: AuthStore;
  faults: FaultInjector;
  /**
   * Explicit public URL of the sandbox (report download URLs). When undefined, URLs are built from the
   * incoming request's protocol and Host header, so a sandbox on an ephemeral port needs no patching.
   */
  baseUrl: string | undefined;
  now: () => number;
  /** GET polls before a report completes (the first poll moves it to PROCESSING). */
  reportPollsUntilReady: number;
  files: Map<string, StoredFile>;
  /** Called when the world is replaced (report stores clear themselves). */
  resetHooks: (() => void)[];
}
