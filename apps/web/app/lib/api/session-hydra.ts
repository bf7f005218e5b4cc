/** The Hydra client bound to the session: per request on the server, one per tab in the browser. */
import type { RouterContextProvider } from "react-router";
import { serverApi } from "../../session/server-session.ts";
import { browserApi } from "../../session/store.ts";
import { createHydraClient, type HydraClient } from "./hydra.ts";

/** For loaders and actions: in-process, the request's Bearer token, a 401 signs out. */
export function serverHydra(
  context: Readonly<RouterContextProvider>,
  request: Request,
): HydraClient {
  return createHydraClient(serverApi(context, request));
}

let browserClient: HydraClient | null = null;

/** For the browser: same-origin fetch with the session's token; its cache lives as long as the tab. */
export function browserHydra(): HydraClient {
  browserClient ??= createHydraClient(browserApi());
  return browserClient;
}
