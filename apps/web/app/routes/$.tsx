import { notFound } from "../lib/not-found.ts";
import type { Route } from "./+types/$";

/** Every path no route matches: 404 "Page not found" (spec §2). */
export async function loader({ request }: Route.LoaderArgs) {
  throw notFound("unknown-route", new URL(request.url));
}

export default function NotFound() {
  return null;
}
