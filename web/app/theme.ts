import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type NotificationProps,
} from '@mantine/core';
import { i18n } from '../lib/i18n';

/**
 * The app's Mantine theme. Every text colour it gives reads at WCAG AA (4.5:1 at least) on the backgrounds it
 * stands on; the browser tier checks each screen with axe (docs/testing.md). Figures are WCAG 2 contrast ratios.
 *
 * Teal keeps Mantine's light shades (0–6: backgrounds, tints) and gets darker shades 7–9 of the same hue, since
 * Mantine's read too pale: white on its #12b886 is 2.55:1, its #087f5b on the light variant's mint 4.33:1.
 * - 7 #087856, the primary shade (filled buttons, anchors, links, focus ring): white on it 5.48:1; as text on white
 *   5.48:1, on gray-0 5.20:1, on gray-1 4.93:1, on the green of a success alert 4.78:1.
 * - 8 #076e4f, a filled button under the pointer: white on it 6.26:1.
 * - 9 #066045, the light variant's text (active menu item, badges, light buttons) on its mint teal-1 6.56:1,
 *   on teal-2 (under the pointer) 5.78:1.
 */
const teal: MantineColorsTuple = [
  ...(DEFAULT_THEME.colors.teal.slice(0, 7) as [string, string, string, string, string, string, string]),
  '#087856',
  '#076e4f',
  '#066045',
];

/**
 * Text colours that Mantine takes from its palettes and that read below 4.5:1 there, set here (light scheme):
 * - dimmed text (hints, counts, secondary lines): #616970 instead of gray-6 #868e96 (3.32:1 on white): 5.58:1 on
 *   white, 5.29:1 on gray-0, 5.02:1 on gray-1, 4.83:1 on the mint of the active menu item;
 * - placeholders (a file input's, drawn as text): #6b737b instead of gray-5 #adb5bd (2.07:1): 4.81:1 on white;
 * - errors (field messages, invalid fields' text): red-9 #c92a2a instead of red-6 #fa5252 (3.28:1): 5.46:1;
 * - filled red buttons (delete, leave without saving) and `c="red"` text: red-9, white on it 5.46:1 (6.69:1 under
 *   the pointer on #b02525);
 * - the light variant's text (badges, alerts' titles) of red #b02525, green #216b30, yellow #9f5200 and orange
 *   #a9380c, on their shade 1: 5.53, 5.70, 5.11 and 5.42:1 (Mantine's shade 9: 4.51, 3.81, 2.69 and 3.62:1); on
 *   their shade 2 (under the pointer) 4.61, 5.08, 4.81 and 4.80:1.
 */
export const LIGHT_TEXT_COLOURS = {
  '--mantine-color-dimmed': '#616970',
  '--mantine-color-placeholder': '#6b737b',
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
  '--mantine-color-red-filled-hover': '#b02525',
  '--mantine-color-red-light-color': '#b02525',
  '--mantine-color-green-light-color': '#216b30',
  '--mantine-color-yellow-light-color': '#9f5200',
  '--mantine-color-orange-light-color': '#a9380c',
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: LIGHT_TEXT_COLOURS,
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 7,
  colors: { teal },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // No transition (modals, menus, drawers, popovers, notifications) for someone whose system asks for less motion, as
  // the charts and the wizard already do; the browser tier runs so (tests/support/e2e.ts).
  respectReducedMotion: true,
  components: {
    // The cross of a notice is a button with an icon only: it needs a name, in the reader's language (read at each
    // render, so a notice shown after a change of language has the new one).
    Notification: {
      defaultProps: () => ({ closeButtonProps: { 'aria-label': i18n.t('common.close') } }),
      // Under a title, Mantine greys the text with gray-6 (3.32:1 on white) rather than the dimmed colour.
      styles: (_theme: unknown, props: NotificationProps) => ({
        description: props.title ? { color: 'var(--mantine-color-dimmed)' } : {},
      }),
    },
    // An open menu focuses its first item (the WAI-ARIA menu pattern) rather than an empty focusable placeholder,
    // which a menu may not hold (axe: aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});
