import { resolve } from "node:path";
import type { Plugin } from "vite";

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll only for two class names
 * (RemoveScroll.classNames); in the browser they get app/lib/remove-scroll-class-names.ts instead,
 * so the scroll lock's code (4.1 KiB gzip) leaves every framed page's first load and comes with
 * the dialogs and drawers (Mantine's ModalBase), which still import the library itself.
 */
export function appShellClassNamesOnly(): Plugin {
  const classNames = resolve(import.meta.dirname, "app/lib/remove-scroll-class-names.ts");
  const appShell = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;
  return {
    name: "starport-app-shell-class-names-only",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "react-remove-scroll" && importer && appShell.test(importer))
        return classNames;
      return null;
    },
  };
}
