/**
 * The web role for the multi-process test: the same runServer as `node apps/web/server.ts`
 * (config, runtime, API, job sending, signals, listen) without the server-rendered web app.
 * Why: the test is about jobs, which the API enqueues; SSR plays no part in it, and `npm test`
 * runs Vitest before it builds the web app, so a fresh clone has no build to serve yet.
 */
import { runServer } from "../../server.ts";

await runServer({ ssr: false });
