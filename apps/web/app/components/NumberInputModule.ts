// The target of LazyNumberInput's dynamic import: NumberInput alone, not @mantine/core's index.
export { NumberInput as default } from "@mantine/core";
