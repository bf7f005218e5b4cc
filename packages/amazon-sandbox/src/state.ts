/** Mutable sandbox state shared by all routes (the world can be replaced by the control surface). */
import type { AuthStore } from "./auth.ts";
import type { FaultInjector } from "./http.ts";
import type { World } from "./world.ts";

export interface StoredFile {
  data: Buffer;
  expiresAt: number;
  contentType: string;
}

/** How long an expired download stays known (answering 403 "expired" rather than 404). */
const EXPIRED_FILE_GRACE_MS = 3600_000;

/**
 * Report and document downloads. Amazon's download URLs expire, and so do these: files long past
 * their expiry are dropped whenever a new one is stored, so a sandbox serving syncs all day does
 * not keep every report it ever generated in memory.
 */
export class FileStore extends Map<string, StoredFile> {
  readonly now: () => number;

  constructor(now: () => number) {
    super();
    this.now = now;
  }

  override set(key: string, file: StoredFile): this {
    const cutoff = this.now() - EXPIRED_FILE_GRACE_MS;
    for (const [stored, { expiresAt }] of this) if (expiresAt < cutoff) this.delete(stored);
    return super.set(key, file);
  }
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
  /**
   * Entities whose updates Amazon rejects (control `POST /__sandbox/rejections`): Amazon id →
   * the code and message of the 207 error item. Tests use it to exercise a partly failing batch.
   */
  rejections: Map<string, Rejection>;
}

export interface Rejection {
  code: string;
  message: string;
}
