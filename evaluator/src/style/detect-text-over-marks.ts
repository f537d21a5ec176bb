import { PNG } from 'pngjs';
import type { Defect } from '../schemas/style-record.schema.ts';
import { round } from '../util/round.ts';
import { ciede2000, hexToLab, rgbToLab, type Lab } from './ciede2000.ts';
import type { IntrospectedText, PixelBox } from './introspection.schema.ts';

/** Thresholds of the text-over-marks detector. */
export const TEXT_OVER_MARKS_RULES = {
  /** A pixel belongs to a data mark when it is within this CIEDE2000 of a series colour. */
  markDeltaE: 6,
  /** Series colours this close to the text's own colour or to a background are not told apart. */
  textDeltaE: 15,
  backgroundDeltaE: 5,
  /** Share of a text box covered by mark pixels from which it is a minor / major defect. */
  minorShare: 0.03,
  majorShare: 0.15,
  /** Text boxes smaller than this (px²) are ignored. */
  minArea: 20,
  /**
   * A text whose box is at least this share one mark colour, with at least `inkShare` of its
   * pixels in the text's own colour drawn on top, sits on that mark as its background (a value
   * label inside a bar, a percentage on a wedge): readable by design, not crossed by a layer.
   */
  backgroundShare: 0.5,
  inkShare: 0.04,
  inkDeltaE: 12,
} as const;

/**
 * Finds texts drawn across data marks (FigMirror's "a plotted layer crosses through readable
 * text") in the rendered PNG: the share of each text box's pixels that have the colour of a data
 * series. A text on an opaque label box, or in a colour the series share, is not counted; nor is
 * a text drawn on top of one mark that fills most of its box (the mark is its background).
 * One defect per text role and panel, with the union of the affected text boxes.
 */
export function detectTextOverMarks(
  texts: readonly IntrospectedText[],
  pngBytes: Buffer,
  palette: readonly string[],
  backgrounds: readonly string[],
): Defect[] {
  const marks = [...new Set(palette)]
    .filter((c) => /^#[0-9a-f]{6}$/.test(c))
    .map((c) => ({ hex: c, lab: hexToLab(c) }));
  if (marks.length === 0) return [];
  const backgroundHexes = backgrounds.filter((c) => /^#[0-9a-f]{6}$/.test(c));
  const bgs = backgroundHexes.map(hexToLab);
  const png = PNG.sync.read(pngBytes);
  const { width: W, height: H, data } = png;
  const groups = new Map<string, { texts: IntrospectedText[]; boxes: PixelBox[]; share: number }>();
  for (const t of texts) {
    if (!t.box || !t.color || t.color === 'none') continue;
    const x0 = Math.max(0, Math.floor(t.box[0]));
    const y0 = Math.max(0, Math.floor(t.box[1]));
    const x1 = Math.min(W, Math.ceil(t.box[0] + t.box[2]));
    const y1 = Math.min(H, Math.ceil(t.box[1] + t.box[3]));
    const total = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
    if (total < TEXT_OVER_MARKS_RULES.minArea) continue;
    const textLab = hexToLab(t.color);
    const blends = /^#[0-9a-f]{6}$/.test(t.color) ? antialiasBlends(t.color, backgroundHexes) : [];
    const relevant: Lab[] = marks
      .filter((m) => ciede2000(m.lab, textLab) > TEXT_OVER_MARKS_RULES.textDeltaE)
      .filter((m) =>
        bgs.every((bg) => ciede2000(m.lab, bg) > TEXT_OVER_MARKS_RULES.backgroundDeltaE),
      )
      // A mark colour that is a mix of the text's colour and a background (a grey series beside
      // black text on white) is what the text's own anti-aliased edges look like.
      .filter((m) =>
        blends.every((b) => ciede2000(m.lab, b) > TEXT_OVER_MARKS_RULES.backgroundDeltaE),
      )
      .map((m) => m.lab);
    if (relevant.length === 0) continue;
    // Per pixel colour: which relevant mark it belongs to (-1 none), or -2 for the text's ink.
    const cache = new Map<number, number>();
    const perMark = new Array<number>(relevant.length).fill(0);
    let hits = 0;
    let ink = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = (y * W + x) * 4;
        if (data[i + 3]! < 128) continue;
        const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
        let which = cache.get(key);
        if (which === undefined) {
          const lab = rgbToLab(data[i]!, data[i + 1]!, data[i + 2]!);
          which = relevant.findIndex((m) => ciede2000(lab, m) < TEXT_OVER_MARKS_RULES.markDeltaE);
          if (which < 0 && ciede2000(lab, textLab) < TEXT_OVER_MARKS_RULES.inkDeltaE) which = -2;
          cache.set(key, which);
        }
        if (which >= 0) {
          hits++;
          perMark[which]!++;
        } else if (which === -2) ink++;
      }
    }
    const share = hits / total;
    if (share < TEXT_OVER_MARKS_RULES.minorShare) continue;
    if (
      Math.max(...perMark) / total >= TEXT_OVER_MARKS_RULES.backgroundShare &&
      ink / total >= TEXT_OVER_MARKS_RULES.inkShare
    )
      continue;
    const key = `${t.role}|${t.axes ?? '-'}`;
    const g = groups.get(key) ?? { texts: [], boxes: [], share: 0 };
    g.texts.push(t);
    g.boxes.push([x0, y0, x1 - x0, y1 - y0]);
    g.share = Math.max(g.share, share);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => {
    const first = g.texts[0]!;
    const label = JSON.stringify(first.text.replace(/\s+/g, ' ').trim().slice(0, 40));
    const what =
      g.texts.length === 1
        ? `${first.role} ${label}`
        : `${g.texts.length} ${first.role} texts (first ${label})`;
    const x0 = Math.min(...g.boxes.map((b) => b[0]));
    const y0 = Math.min(...g.boxes.map((b) => b[1]));
    const x1 = Math.max(...g.boxes.map((b) => b[0] + b[2]));
    const y1 = Math.max(...g.boxes.map((b) => b[1] + b[3]));
    return {
      kind: 'text-overlap' as const,
      severity:
        g.share >= TEXT_OVER_MARKS_RULES.majorShare ? ('major' as const) : ('minor' as const),
      box: [x0, y0, x1 - x0, y1 - y0] as PixelBox,
      detail: `${what} drawn across data marks (up to ${round(g.share * 100, 0)}% of the text box)`,
    };
  });
}

/** Colours between a text colour and each background, in 5% steps (anti-aliased glyph edges). */
function antialiasBlends(text: string, backgrounds: readonly string[]): Lab[] {
  const rgb = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  const t = rgb(text);
  const out: Lab[] = [];
  for (const bg of backgrounds) {
    const b = rgb(bg);
    for (let k = 1; k < 20; k++) {
      const w = k / 20;
      const [r, g, bl] = t.map((v, i) => Math.round(w * v + (1 - w) * b[i]!));
      out.push(rgbToLab(r!, g!, bl!));
    }
  }
  return out;
}
