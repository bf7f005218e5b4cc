import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { RemoveScroll as Library } from "react-remove-scroll";
import { describe, expect, it } from "vitest";
import { RemoveScroll } from "../app/lib/remove-scroll-class-names.ts";
import { appShellClassNamesOnly } from "../app-shell-class-names.ts";

/**
 * The browser build gives Mantine's AppShell two class names instead of react-remove-scroll
 * (issue 23, first-load JS): they must stay the library's, or the header shifts under an open
 * dialog; and only AppShell may get them, the dialogs need the real scroll lock.
 */
describe("AppShell's react-remove-scroll class names", () => {
  it("are the library's", () => {
    expect(RemoveScroll.classNames).toEqual(Library.classNames);
  });

  const require = createRequire(import.meta.url);
  const components = join(dirname(require.resolve("@mantine/core")), "..", "esm", "components");
  const plugin = appShellClassNamesOnly();
  const resolveId = plugin.resolveId as (source: string, importer?: string) => string | null;
  const resolve = (source: string, importer: string) =>
    resolveId.call({}, source, join(components, importer));

  it("replace the library for AppShell's header, footer and aside only", () => {
    for (const part of ["AppShellHeader", "AppShellFooter", "AppShellAside"]) {
      expect(resolve("react-remove-scroll", `AppShell/${part}/${part}.mjs`)).toMatch(
        /app[\\/]lib[\\/]remove-scroll-class-names\.ts$/,
      );
    }
    expect(resolve("react-remove-scroll", "ModalBase/ModalBase.mjs")).toBeNull();
    expect(resolve("clsx", "AppShell/AppShellHeader/AppShellHeader.mjs")).toBeNull();
  });
});
