import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { LIGHT_TEXT_COLOURS, theme } from './theme';

/**
 * The pairs of text and background colours the theme gives, measured with WCAG 2's formula: each reads at 4.5:1 at
 * least (AA for normal text). The browser tier checks the pairs as drawn, with axe; this says which colour of the
 * theme to change when one falls short.
 */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

const colours = { ...DEFAULT_THEME.colors, ...theme.colors } as Record<string, readonly string[]>;
/** A value of the resolver: a colour, or `var(--mantine-color-<name>-<shade>)`. */
const resolve = (value: string) => {
  const shade = value.match(/^var\(--mantine-color-(\w+)-(\d)\)$/);
  return shade ? colours[shade[1]][Number(shade[2])] : value;
};
const text = (name: keyof typeof LIGHT_TEXT_COLOURS) => resolve(LIGHT_TEXT_COLOURS[name]);
const white = '#ffffff';
const [gray0, gray1] = colours.gray;
const teal = colours.teal;
const primary = teal[theme.primaryShade as number];

describe('theme colours (light scheme)', () => {
  const pairs: [string, string, string][] = [
    ['white on a filled primary button', white, primary],
    ['white on a filled primary button under the pointer', white, teal[(theme.primaryShade as number) + 1]],
    ['a link on white', primary, white],
    ['a link on gray-0', primary, gray0],
    ['a link on gray-1', primary, gray1],
    ['teal light variant', teal[9], teal[1]],
    ['teal light variant under the pointer', teal[9], teal[2]],
    ['dimmed on white', text('--mantine-color-dimmed'), white],
    ['dimmed on gray-0', text('--mantine-color-dimmed'), gray0],
    ['dimmed on gray-1', text('--mantine-color-dimmed'), gray1],
    ['dimmed on the active menu item', text('--mantine-color-dimmed'), teal[1]],
    ['placeholder on white', text('--mantine-color-placeholder'), white],
    ['error on white', text('--mantine-color-error'), white],
    ['white on a filled red button', white, text('--mantine-color-red-filled')],
    ['white on a filled red button under the pointer', white, text('--mantine-color-red-filled-hover')],
    ...(['red', 'green', 'yellow', 'orange'] as const).flatMap((name): [string, string, string][] => [
      [`${name} light variant`, text(`--mantine-color-${name}-light-color`), colours[name][1]],
      [
        `${name} light variant under the pointer`,
        text(`--mantine-color-${name}-light-color`),
        colours[name][2],
      ],
    ]),
  ];

  it.each(pairs)('%s reads at 4.5:1 at least', (_, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });
});
