import type { Tooltip as MantineTooltip } from "@mantine/core";
import { type ReactElement, type ReactNode, useEffect, useState } from "react";

type TooltipComponent = typeof MantineTooltip;

let loaded: TooltipComponent | null = null;
const load = () =>
  import("./TooltipModule.ts").then((module) => {
    loaded = module.default;
    return loaded;
  });

/**
 * A Tooltip that arrives after the page: the standalone pages (login, registration) have no other
 * floating element, and Mantine's Tooltip brings floating-ui (about 20 KiB gzip of first-load JS,
 * issue 23). Until it is there the child renders alone, as Tooltip itself renders it server-side.
 */
export function DeferredTooltip({ label, children }: { label: ReactNode; children: ReactElement }) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => loaded);
  useEffect(() => {
    if (Tooltip) return;
    let current = true;
    void load().then((component) => current && setTooltip(() => component));
    return () => {
      current = false;
    };
  }, [Tooltip]);
  return Tooltip ? <Tooltip label={label}>{children}</Tooltip> : children;
}
