import type { XmlElement } from './parse-xml.ts';
import { readColor, type ColorValue, type SchemeResolver } from './read-color.ts';
import { NO_TEXT_DEFAULTS, type TextDefaults } from './text-style-chain.ts';
import { child, childrenNamed } from './xml-query.ts';

/** What the audit reads from one `p:txBody` / `a:txBody`. */
export interface TextBodyInfo {
  /** Non-blank paragraphs joined with '\n'; a line break (`a:br`) inside a paragraph is also '\n'. */
  text: string;
  /** Largest explicit run size in points among runs with visible characters, null when none is explicit. */
  maxSizePt: number | null;
  /**
   * Smallest run size in points after `a:normAutofit@fontScale`, the run's own `sz` or else the
   * one it inherits (see {@link TextDefaults}); null when no run has either.
   */
  minEffectiveSizePt: number | null;
  /** Colours of the runs with visible characters: the run's own `a:solidFill`, else the inherited one. */
  runColors: ColorValue[];
  /** Why some visible run cannot be seen even though it has a size (no fill, transparent), else null. */
  invisibleRun: string | null;
}

/**
 * Reads a text body the way python-pptx's `text_frame.text` does (paragraph text = `a:r`,
 * `a:fld` and `a:br` children in order), except that blank paragraphs are dropped and a line
 * break is '\n' rather than '\v'. Also collects the run sizes and colours the text flags need.
 */
export function readTextBody(
  txBody: XmlElement | undefined,
  scheme: SchemeResolver,
  defaults: TextDefaults = NO_TEXT_DEFAULTS,
): TextBodyInfo {
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
    const pPr = child(p, 'a:pPr');
    const inherited = defaults(Number(pPr?.attrs.lvl ?? 0) + 1);
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
      const explicit = sz !== null && Number.isFinite(sz) ? sz : null;
      if (explicit !== null)
        info.maxSizePt = info.maxSizePt === null ? explicit : Math.max(info.maxSizePt, explicit);
      const size = explicit ?? inherited.sizePt;
      if (size !== null) {
        const eff = size * (Number.isFinite(fontScale) && fontScale > 0 ? fontScale : 1);
        info.minEffectiveSizePt =
          info.minEffectiveSizePt === null ? eff : Math.min(info.minEffectiveSizePt, eff);
      }
      const solid = child(rPr, 'a:solidFill');
      const own = child(rPr, 'a:noFill') ? 'none' : solid ? readColor(solid, scheme) : null;
      // Only a run that sets no fill of its own (solid, gradient, pattern) inherits one.
      const ownsFill = own !== null || child(rPr, 'a:gradFill') || child(rPr, 'a:pattFill');
      const fill = ownsFill ? own : inherited.fill;
      if (fill === 'none')
        info.invisibleRun ??=
          own === 'none' ? 'a run has no fill (a:noFill)' : 'a run inherits no fill (a:noFill)';
      const color = fill === 'none' ? null : fill;
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
