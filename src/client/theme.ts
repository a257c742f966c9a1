/**
 * Mantine theme: the club's teal, tier colours (spec part 1 §2: Gold yellow, Silver gray,
 * Turquoise teal), in shades that meet WCAG 2.1 AA (issue 11 point 2):
 *
 * - Teal: the palette is Mantine's (the club's #12b886 stays at shade 6 for decoration), with
 *   shades 8 and 9 one step darker: filled buttons, teal text, links and the focus ring use
 *   shade 8 `#087f5b` (5.0:1 with white), light badges shade 9 `#066649` on `#c3fae8` (6.0:1).
 * - Every colour's filled variant is its shade 8 (red 4.5:1, blue 5.0:1 with white), with
 *   `autoContrast` choosing dark text on light fills (Gold yellow, Silver gray); where Mantine's
 *   shades 8 or 9 miss 4.5:1 (orange, green, cyan, yellow and lime light badges) they are darker.
 * - Links are underlined, so they are told from the text around them by more than colour.
 * - Secondary ("dimmed") text is gray 7 `#495057` (8.2:1 on white) instead of gray 6 (3.3:1).
 * - Field errors are red 9 `#c52929` (5.6:1 on white) instead of red 6 (3.3:1).
 * - Every field isolates the direction of what is typed in it (`unicode-bidi: plaintext`).
 *
 * `useAppTheme` adds what needs words: accessible names for every dialog's, drawer's and toast's
 * close button, and a password show/hide toggle reachable with the keyboard.
 */
import { useLingui } from "@lingui/react/macro";
import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type DrawerProps,
  type InputStylesNames,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type ModalProps,
  type NotificationProps,
  type PasswordInputProps,
} from "@mantine/core";
import { useMemo } from "react";
import type { Tier } from "../common/constants";

/** Mantine's palette `name` with the shades in `changes` replaced. */
function palette(name: string, changes: Record<number, string>): MantineColorsTuple {
  return DEFAULT_THEME.colors[name]?.map((shade, i) => changes[i] ?? shade) as unknown as MantineColorsTuple;
}

/**
 * Darker shades 8 (filled, with white text) and 9 (text of light badges, on shade 1) where
 * Mantine's miss 4.5:1; every other shade is Mantine's.
 */
const colors = {
  teal: palette("teal", { 8: "#087f5b", 9: "#066649" }),
  red: palette("red", { 9: "#c52929" }),
  cyan: palette("cyan", { 8: "#0c8093" }),
  green: palette("green", { 8: "#278539", 9: "#267937" }),
  lime: palette("lime", { 9: "#4b790b" }),
  yellow: palette("yellow", { 9: "#a65600" }),
  orange: palette("orange", { 8: "#c84d0a", 9: "#bb3e0d" }),
};

export const theme = createTheme({
  primaryColor: "teal",
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  colors,
  defaultRadius: "md",
  fontFamily:
    "Vazirmatn, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', Tahoma, sans-serif",
  headings: { fontWeight: "700" },
  components: {
    // A link is told from the text around it by more than its colour (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: "always" } }),
    // Each line of a field takes its direction from its own first letter, so "12 Export Street,
    // Tehran" keeps its order on a Persian page and Persian keeps its own on an English one;
    // an empty field still follows the page (issue #13 §4).
    // A plain object, not `Input.extend(…)`, which would pull the Input family into the landing
    // page's entry chunk (see useAppTheme below).
    Input: { styles: { input: { unicodeBidi: "plaintext" } } } satisfies {
      styles: Partial<Record<InputStylesNames, object>>;
    },
  },
});

/** Secondary text dark enough to read (see the module comment). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    // Field errors: Mantine's red 6 (#fa5252) is 3.3:1 on white; red 9 (#c52929) is 5.6:1.
    "--mantine-color-error": "var(--mantine-color-red-9)",
    // Yellow and lime text on white: their filled shade is too light (dark text goes on it).
    "--mantine-color-yellow-text": "var(--mantine-color-yellow-9)",
    "--mantine-color-lime-text": "var(--mantine-color-lime-9)",
  },
  dark: {},
});

/** The theme with the accessible names of the shared controls, in the current language. */
export function useAppTheme(): MantineThemeOverride {
  const { t, i18n } = useLingui();
  const close = t`Close`;
  const showPassword = t`Show password`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words change with the locale.
  return useMemo(
    () => ({
      ...theme,
      components: {
        ...theme.components,
        // Plain objects, not `Modal.extend(…)`: `extend` only types its argument, and referring to
        // the components would put Modal, Drawer, Notification and PasswordInput (with
        // floating-ui and react-remove-scroll, about 30 KB Brotli) into the landing page's entry
        // chunk, although only lazily loaded dialogs and pages use them (ADR 7).
        Modal: { defaultProps: { closeButtonProps: { "aria-label": close } } satisfies Partial<ModalProps> },
        Drawer: { defaultProps: { closeButtonProps: { "aria-label": close } } satisfies Partial<DrawerProps> },
        Notification: {
          defaultProps: { closeButtonProps: { "aria-label": close } } satisfies Partial<NotificationProps>,
          // Mantine greys a titled toast's text with gray 6 (3.3:1 on white): the dimmed shade instead.
          styles: { description: { color: "var(--mantine-color-dimmed)" } },
        },
        PasswordInput: {
          defaultProps: {
            visibilityToggleFocusable: true,
            visibilityToggleButtonProps: { "aria-label": showPassword },
          } satisfies Partial<PasswordInputProps>,
        },
      },
    }),
    [i18n.locale, close, showPassword],
  );
}

/** Badge colours of the tiers: Gold yellow and Silver gray with dark text, Turquoise teal. */
export const TIER_COLORS: Record<Tier, string> = { gold: "yellow.5", silver: "gray.4", turquoise: "teal" };
