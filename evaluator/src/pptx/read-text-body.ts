import type { XmlElement } from './parse-xml.ts';
import { readColor, type ColorValue, type SchemeResolver } from './read-color.ts';
import { child, childrenNamed } from './xml-query.ts';

/** What the audit reads from one `p:txBody` / `a:txBody`. */
export interface TextBodyInfo {
  /** Non-blank paragraphs joined with '\n'; a line break (`a:br`) inside a paragraph is also '\n'. */
  text: string;
  /** Largest explicit run size in points among runs with visible characters, null when none is explicit. */
  maxSizePt: number | null;
  /** Smallest explicit run size in points after `a:normAutofit@fontScale`, null when none is explicit. */
  minEffectiveSizePt: number | null;
  /** Colours set on the runs with visible characters (explicit `a:solidFill` only). */
  runColors: ColorValue[];
  /** Why some visible run cannot be seen even though it has a size (no fill, transparent), else null. */
  invisibleRun: string | null;
}

/**
 * Reads a text body the way python-pptx's `text_frame.text` does (paragraph text = `a:r`,
 * `a:fld` and `a:br` children in order), except that blank paragraphs are dropped and a line
 * break is '\n' rather than '\v'. Also collects the run sizes and colours the text flags need.
 */
export function readTextBody(txBody: XmlElement | undefined, scheme: SchemeResolver): TextBodyInfo {
  const info: TextBodyInfo = {
    text: '',
    maxSizePt: null,
    minEffectiveSizePt: null,
    runColors: [],
    invisibleRun: null,
  };
  if (!txBody) return info;
  const autofit = child(child(txBody, 'a:bodyPr'), 'a:normAutofit');
  const fontScale =
    autofit?.attrs.fontScale !== undefined ? Number(autofit.attrs.fontScale) / 100000 : 1;
  const paragraphs: string[] = [];
  for (const p of childrenNamed(txBody, 'a:p')) {
    let text = '';
    for (const run of p.children) {
      if (run.name === 'a:br') {
        text += '\n';
        continue;
      }
      if (run.name !== 'a:r' && run.name !== 'a:fld') continue;
      const t = child(run, 'a:t')?.text ?? '';
      text += t;
      if (t.trim() === '') continue;
      const rPr = child(run, 'a:rPr');
      const sz = rPr?.attrs.sz !== undefined ? Number(rPr.attrs.sz) / 100 : null;
      if (sz !== null && Number.isFinite(sz)) {
        info.maxSizePt = info.maxSizePt === null ? sz : Math.max(info.maxSizePt, sz);
        const eff = sz * (Number.isFinite(fontScale) && fontScale > 0 ? fontScale : 1);
        info.minEffectiveSizePt =
          info.minEffectiveSizePt === null ? eff : Math.min(info.minEffectiveSizePt, eff);
      }
      if (rPr && child(rPr, 'a:noFill')) info.invisibleRun ??= 'a run has no fill (a:noFill)';
      const solid = child(rPr, 'a:solidFill');
      const color = solid ? readColor(solid, scheme) : null;
      if (color) {
        info.runColors.push(color);
        if (color.alpha < 0.05)
          info.invisibleRun ??= `a run is ${Math.round(color.alpha * 100)}% opaque`;
      }
    }
    if (text.trim() !== '') paragraphs.push(text);
  }
  info.text = paragraphs.join('\n');
  return info;
}
