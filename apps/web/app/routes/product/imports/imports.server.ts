/** The product import screen's read: the seller profile's default marketplace and its import history. */
import { type RouterContextProvider, redirect } from "react-router";
import { serverHydra } from "../../../lib/api/session-hydra.ts";
import { localizePath, splitLocale } from "../../../route-table.ts";
import { sessionContext } from "../../../session/server-session.ts";
import type { ImportItem } from "./types.ts";

export async function loadImportsPage(context: Readonly<RouterContextProvider>, request: Request) {
  const profile = context.get(sessionContext).profile;
  if (!profile) {
    throw redirect(
      localizePath("/profile-selection", splitLocale(new URL(request.url).pathname).locale),
    );
  }
  const history = await serverHydra(context, request).collection<ImportItem>(
    "/api/product_imports",
    { sellerProfile: profile["@id"] },
  );
  return {
    profileIri: profile["@id"],
    defaultMarketplace: profile.settings?.defaultMarketplace ?? "DE",
    history: history.members,
  };
}
