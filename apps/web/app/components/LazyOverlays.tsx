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
  const code = afterPage(load);
  return function LazyOverlay(props: P) {
    const Overlay = useAfterPage(code);
    const [mounted, setMounted] = useState(false);
    useEffect(() => {
      if (Overlay) setMounted(true);
    }, [Overlay]);
    return Overlay ? <Overlay {...props} opened={mounted && props.opened} /> : null;
  };
}

/**
 * A part of the page that shows nothing at first paint, such as a closed drawer with what it
 * holds (the changes tray's, a row's history): its code is fetched once the page has hydrated,
 * and until it is there the part renders nothing, as it did closed (issue 23, first-load JS).
 */
export function lazyAfterPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  const code = afterPage(load);
  return Object.assign(
    function LazyPart(props: P) {
      const Part = useAfterPage(code);
      return Part ? <Part {...props} /> : null;
    },
    {
      /** Fetches the code now, for a part that mounts later (a tooltip's content on hover). */
      preload: () => void code.fetch(),
    },
  );
}

interface AfterPage<P> {
  loaded: ComponentType<P> | null;
  fetch: () => Promise<ComponentType<P>>;
}

/** A component's code, fetched once, after the first component using it has mounted. */
function afterPage<P>(load: () => Promise<ComponentType<P>>): AfterPage<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const code: AfterPage<P> = {
    loaded: null,
    fetch: () => {
      pending ??= load().then((component) => {
        code.loaded = component;
        return component;
      });
      return pending;
    },
  };
  return code;
}

/** The component once its code is here (null before: on the server and at hydration). */
function useAfterPage<P>(code: AfterPage<P>): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(() => code.loaded);
  useEffect(() => {
    if (component) return;
    let current = true;
    void code.fetch().then((next) => current && setComponent(() => next));
    return () => {
      current = false;
    };
  }, [code, component]);
  return component;
}

const overlays = () => import("./OverlaysModule.ts");
export const Modal = lazyOverlay<ModalProps>(() => overlays().then((m) => m.Modal));
export const Drawer = lazyOverlay<DrawerProps>(() => overlays().then((m) => m.Drawer));
