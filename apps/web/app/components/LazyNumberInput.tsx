import { Loader, type NumberInputProps } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";

const load = () => import("./NumberInputModule.ts");
type Props = NumberInputProps<number> & { "data-testid"?: string };
// Mantine's NumberInput is generic (number or bigint); Hangar's inputs hold numbers.
const LazyInput = lazy(load) as unknown as ComponentType<Props>;

/**
 * Mantine's NumberInput (with react-number-format) for inputs that appear only on a click
 * (Hangar's inline editor, bulk dialogs, the tray, metric filters): not in the page's first-load
 * JavaScript (issue 23). preloadNumberInput() fetches it after hydration, so it is there by the
 * time someone clicks.
 */
export function NumberInput(props: Props) {
  return (
    <Suspense fallback={<Loader size="xs" />}>
      <LazyInput {...props} />
    </Suspense>
  );
}

export function preloadNumberInput(): void {
  void load();
}
