import { type ReactNode, Suspense, useEffect, useState } from "react";

/**
 * Renders `children` (typically a `React.lazy` component) only in the browser once the page has
 * hydrated, with `fallback` (a skeleton) on the server and until its code has arrived. Heavy,
 * non-essential widgets (charts, calendars) so load after the tables instead of with them.
 */
export function AfterHydration({
  fallback,
  children,
}: {
  fallback: ReactNode;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
