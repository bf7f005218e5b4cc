// The target of LazyOverlays' dynamic import: Modal and Drawer alone, not @mantine/core's index.
export { Drawer, Modal } from "@mantine/core";
