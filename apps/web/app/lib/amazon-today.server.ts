import type { RouterContextProvider } from "react-router";
import { serverContext } from "#server-context";

/** Amazon's today where it keeps its own (the local sandbox), else null (the UTC date). */
export function amazonToday(context: Readonly<RouterContextProvider>): Promise<string | null> {
  return (context.get(serverContext).amazonToday?.() ?? Promise.resolve(null)).catch(() => null);
}
