import {
  type CSSVariablesResolver,
  convertCssVariables,
  createTheme,
  defaultCssVariablesResolver,
  type MantineTheme,
  type MenuProps,
} from "@mantine/core";

export const mantineTheme = createTheme({
  primaryColor: "indigo",
  // indigo.6 on white (and white on it) is 4.3:1; shade 7 reaches WCAG AA's 4.5:1 for text.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  components: {
    // The placeholder that takes focus on open is a focusable non-item inside role="menu"
    // (axe: aria-required-children); without it the first item takes focus. What Menu.extend
    // returns, without importing Menu (and Popover, floating-ui) into every page's first load.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
  },
});

/**
 * Mantine's variables with dimmed and placeholder text that keep 4.5:1 on the body in both
 * schemes (a FileInput renders its placeholder as text, which axe checks like any other).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-7)",
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-placeholder": "var(--mantine-color-dark-1)",
  },
});

/** Attribute of the application frame (top bar, sidebar), which is dark in both schemes. */
export const FRAME_ATTRIBUTE = "data-app-frame";

/**
 * The dark scheme's variables scoped to the frame: inside `[data-app-frame]` marked
 * `data-mantine-color-scheme="dark"`, Mantine components render dark while the page stays light.
 */
export function darkFrameCss(theme: MantineTheme): string {
  const defaults = defaultCssVariablesResolver(theme);
  const custom = cssVariablesResolver(theme);
  const variables = convertCssVariables(
    {
      variables: {},
      light: {},
      dark: {
        // Shared variables that point at scheme variables resolve where they are declared
        // (:root, light); declared again here they point at the frame's dark ones.
        ...Object.fromEntries(
          Object.entries(defaults.variables).filter(([name]) =>
            name.startsWith("--mantine-primary-color-"),
          ),
        ),
        ...defaults.dark,
        ...custom.dark,
        "--mantine-color-body": "var(--mantine-color-dark-8)",
        "--app-shell-border-color": "var(--mantine-color-dark-5)",
      },
    },
    `[${FRAME_ATTRIBUTE}]`,
  );
  // The page's text colour is inherited from <body>, where it resolved to the light scheme's.
  return `${variables}\n[${FRAME_ATTRIBUTE}]{color:var(--mantine-color-text)}`;
}
