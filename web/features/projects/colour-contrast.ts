/**
 * J3: how readable a text colour is on a background, by the WCAG 2 contrast ratio (from 1:1, the same colour, to
 * 21:1, black on white). Below 4.5:1 normal text is hard to read: the colours tab warns, it does not refuse.
 */
export const MIN_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{6})$/i;

export const isHexColour = (value: string) => HEX.test(value.trim());

/** The relative luminance of an sRGB colour `#rrggbb` (0 for black, 1 for white). */
export function relativeLuminance(hex: string): number {
  const match = HEX.exec(hex.trim());
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1], 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, in either order: (lighter + 0.05) / (darker + 0.05). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** True when both are colours and their contrast is below what normal text needs. */
export function isPoorContrast(text: string, background: string): boolean {
  if (!isHexColour(text) || !isHexColour(background)) return false;
  return contrastRatio(text, background) < MIN_CONTRAST;
}
