// The target of DeferredTooltip's dynamic import: Tooltip alone, not @mantine/core's index.
export { Tooltip as default } from "@mantine/core";
