import type { ReactNode } from "react";
import { lazyAfterPage } from "../../LazyOverlays.tsx";
import { ChangesProvider } from "./ChangesContext.tsx";

/** A row's change history: a drawer, closed at first paint, whose code arrives after the page. */
const HistoryDrawer = lazyAfterPage(() =>
  import("./HistoryDrawer.tsx").then((module) => module.default),
);

/**
 * Makes a Hangar screen editable: its tables edit inline and in bulk, the header shows the
 * tray, rows open their history. `currency` is the marketplace's (changes carry its amounts).
 */
export function HangarEditing({
  sellerProfileId,
  advertisingProfileId,
  currency,
  children,
}: {
  sellerProfileId: string;
  advertisingProfileId: string;
  currency: string;
  children: ReactNode;
}) {
  return (
    <ChangesProvider
      sellerProfileId={sellerProfileId}
      advertisingProfileId={advertisingProfileId}
      currency={currency}
    >
      {children}
      <HistoryDrawer />
    </ChangesProvider>
  );
}
