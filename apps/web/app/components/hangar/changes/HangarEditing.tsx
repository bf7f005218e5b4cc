import type { ReactNode } from "react";
import { ChangesProvider } from "./ChangesContext.tsx";
import { HistoryDrawer } from "./HistoryDrawer.tsx";

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
