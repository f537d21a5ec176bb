import type { XmlElement } from './parse-xml.ts';
import { child } from './xml-query.ts';

/** Resolves theme colour names (`accent1`, `tx1`, …) to `#rrggbb`; null when unknown. */
export type SchemeResolver = (name: string) => string | null;

/** A fill or text colour as the audit sees it. */
export interface ColorValue {
  /** `#rrggbb` when resolvable, else null. */
  hex: string | null;
  /**
   * Identity for "is this the same colour": the hex when known, else `scheme:<name>` — two
   * unresolved references to the same theme slot are the same colour whatever the theme says.
   */
  key: string | null;
  /** Opacity 0–1 (`a:alpha`), 1 when not given. */
  alpha: number;
}

const PRESET: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  lime: '#00ff00',
  blue: '#0000ff',
  yellow: '#ffff00',
  cyan: '#00ffff',
  magenta: '#ff00ff',
  gray: '#808080',
  grey: '#808080',
  orange: '#ffa500',
  purple: '#800080',
};

const COLOR_ELEMENTS = new Set([
  'a:srgbClr',
  'a:schemeClr',
  'a:sysClr',
  'a:prstClr',
  'a:scrgbClr',
  'a:hslClr',
]);

/** Reads the colour element (`a:srgbClr`, `a:schemeClr`, …) that is a child of `parent` (e.g. an `a:solidFill`). */
export function readColor(
  parent: XmlElement | undefined,
  scheme: SchemeResolver,
): ColorValue | null {
  const el = parent?.children.find((c) => COLOR_ELEMENTS.has(c.name));
  if (!el) return null;
  let hex: string | null = null;
  let key: string | null = null;
  switch (el.name) {
    case 'a:srgbClr':
      hex = normHex(el.attrs.val);
      break;
    case 'a:sysClr':
      hex =
        normHex(el.attrs.lastClr) ??
        (el.attrs.val === 'window' ? '#ffffff' : el.attrs.val === 'windowText' ? '#000000' : null);
      break;
    case 'a:prstClr':
      hex = PRESET[el.attrs.val ?? ''] ?? null;
      break;
    case 'a:scrgbClr': {
      const pct = (v: string | undefined) =>
        Math.round((Math.min(100000, Math.max(0, Number(v ?? 0))) / 100000) * 255);
      hex = toHex([pct(el.attrs.r), pct(el.attrs.g), pct(el.attrs.b)]);
      break;
    }
    case 'a:schemeClr': {
      const name = el.attrs.val ?? '';
      hex = name === 'phClr' ? null : scheme(name);
      key = `scheme:${name}`;
      break;
    }
    default:
      break;
  }
  let alpha = 1;
  if (hex !== null) hex = applyModifiers(hex, el);
  const a = child(el, 'a:alpha');
  if (a) alpha = Math.min(1, Math.max(0, Number(a.attrs.val ?? 100000) / 100000));
  const hasModifiers = el.children.some((c) => c.name !== 'a:alpha');
  // With modifiers an unresolved scheme reference no longer names one colour.
  if (hex !== null) key = hex;
  else if (hasModifiers) key = null;
  return { hex, key, alpha: Number.isFinite(alpha) ? alpha : 1 };
}

/**
 * The solid colour of a fill-properties element's fill (`a:solidFill`), 'none' for `a:noFill`,
 * null when there is no solid fill (gradient, pattern, picture, or nothing said).
 */
export function readSolidFill(
  props: XmlElement | undefined,
  scheme: SchemeResolver,
): ColorValue | 'none' | null {
  if (!props) return null;
  if (child(props, 'a:noFill')) return 'none';
  const solid = child(props, 'a:solidFill');
  return solid ? readColor(solid, scheme) : null;
}

function applyModifiers(hex: string, el: XmlElement): string {
  let [r, g, b] = fromHex(hex);
  for (const m of el.children) {
    const v = Number(m.attrs.val ?? NaN) / 100000;
    if (!Number.isFinite(v)) continue;
    if (m.name === 'a:lumMod' || m.name === 'a:lumOff') {
      const [h, s, l] = rgbToHsl(r, g, b);
      const nl = m.name === 'a:lumMod' ? l * v : l + v;
      [r, g, b] = hslToRgb(h, s, Math.min(1, Math.max(0, nl)));
    } else if (m.name === 'a:shade') {
      [r, g, b] = [r * v, g * v, b * v];
    } else if (m.name === 'a:tint') {
      [r, g, b] = [r + (255 - r) * (1 - v), g + (255 - g) * (1 - v), b + (255 - b) * (1 - v)];
    }
  }
  return toHex([r, g, b]);
}

function normHex(v: string | undefined): string | null {
  return v !== undefined && /^[0-9a-fA-F]{6}$/.test(v) ? `#${v.toLowerCase()}` : null;
}
function fromHex(hex: string): [number, number, number] {
  return [
    parseInt(hex.slice(1, 3), 16),
    parseInt(hex.slice(3, 5), 16),
    parseInt(hex.slice(5, 7), 16),
  ];
}
function toHex(rgb: number[]): string {
  return `#${rgb
    .map((x) =>
      Math.round(Math.min(255, Math.max(0, x)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
function rgbToHsl(r: number, g: number, b: number): [number, number, number] {
  const R = r / 255;
  const G = g / 255;
  const B = b / 255;
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h / 6, s, l];
}
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const hue = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [hue(h + 1 / 3) * 255, hue(h) * 255, hue(h - 1 / 3) * 255];
}
