import { Notifications } from "@mantine/notifications";
import { TOAST_LIFETIME_MS } from "../lib/entry-toasts.ts";

/**
 * Mantine's toast container, a module of its own so that root.tsx can load it after the page
 * (with its transitions, drag handling and scroll-bar lock: first-load JS, issue 23). A toast shown
 * before it arrives waits in the notifications store.
 */
export default function Toasts() {
  // layout="stacked": the default layout would mark the toast roots data-layout="default", the attribute our page layouts are identified by.
  return <Notifications position="top-right" autoClose={TOAST_LIFETIME_MS} layout="stacked" />;
}
