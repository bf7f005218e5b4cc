/**
 * What Mantine's AppShell header, footer and aside take from react-remove-scroll: the two class
 * names that keep fixed bars clear of the scrollbar while a dialog locks scrolling. The client
 * build hands AppShell this instead of the library (vite.config.ts appShellClassNamesOnly): the
 * library's scroll lock itself (about 4 KiB gzip) arrives with the dialogs that use it, not with
 * every framed page (issue 23). test/remove-scroll-class-names.test.ts holds it to the library.
 */
export const RemoveScroll = {
  classNames: {
    fullWidth: "width-before-scroll-bar",
    zeroRight: "right-scroll-bar-position",
  },
} as const;
