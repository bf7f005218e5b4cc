import { useEffect, useState } from "react";

/**
 * Marks a part of the page that streams after the shell (inside `<Suspense>`) until React has
 * hydrated it: the root's `data-hydrated` says the shell is live, and a streamed part hydrates
 * on its own, later. Tests and monitoring wait for no `[data-hydrating]` to remain.
 */
export function HydrationMark() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? null : <span data-hydrating hidden />;
}
