import type { DrawerProps, ModalProps } from "@mantine/core";
import { type ComponentType, useEffect, useState } from "react";

/**
 * An overlay (dialog, drawer) whose code arrives after the page: closed, Mantine's Modal and
 * Drawer render nothing (and, in a portal, nothing on the server even when open), but with them
 * came their focus trap, scroll lock and transitions, about 10 KiB gzip of the campaign page's
 * first-load JS (issue 23). The code is fetched once the page has hydrated. The overlay first
 * mounts closed, so that opening it afterwards remembers the focused element to return to, as
 * when it was there from the start.
 */
export function lazyOverlay<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchOnce = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  return function LazyOverlay(props: P) {
    const [Overlay, setOverlay] = useState<ComponentType<P> | null>(() => loaded);
    const [mounted, setMounted] = useState(false);
    useEffect(() => {
      if (Overlay) {
        setMounted(true);
        return;
      }
      let current = true;
      void fetchOnce().then((component) => current && setOverlay(() => component));
      return () => {
        current = false;
      };
    }, [Overlay]);
    return Overlay ? <Overlay {...props} opened={mounted && props.opened} /> : null;
  };
}

const overlays = () => import("./OverlaysModule.ts");
export const Modal = lazyOverlay<ModalProps>(() => overlays().then((m) => m.Modal));
export const Drawer = lazyOverlay<DrawerProps>(() => overlays().then((m) => m.Drawer));
