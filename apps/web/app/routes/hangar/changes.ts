/**
 * /hangar/changes (and /en/hangar/changes): the Hangar's writes to Amazon through changes
 * (issue 10). A resource route: its action stages, bulk-edits, pushes, undoes and retries; its
 * loader reads the tray, a pushed batch's per-row results and an entity's history.
 */
import { changesAction, changesLoader } from "../../components/hangar/changes/changes.server.ts";
import type { Route } from "./+types/changes";

export async function loader({ request, context }: Route.LoaderArgs) {
  return changesLoader(context, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return changesAction(context, request);
}
