import type { ColorValue } from '../pptx/read-color.ts';

/**
 * Below this WCAG contrast ratio text cannot be told from what it lies on (white on white is 1,
 * white on a pale blue box #DAE8FC about 1.26; the lightest grey labels real figures use,
 * #BFBFBF on white, about 1.8).
 */
export const MIN_TEXT_CONTRAST = 1.3;

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 = identical, 21 = black on white). */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * True when text of colour `text` on `under` is drawn invisible: the same colour key, or both
 * resolved and under {@link MIN_TEXT_CONTRAST}.
 */
export function indistinct(text: ColorValue, under: ColorValue): boolean {
  if (text.key !== null && text.key === under.key) return true;
  return (
    text.hex !== null &&
    under.hex !== null &&
    contrastRatio(text.hex, under.hex) < MIN_TEXT_CONTRAST
  );
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
