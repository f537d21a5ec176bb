import type { XmlElement } from './parse-xml.ts';
import { type ColorValue, readColor, readSolidFill } from './read-color.ts';
import { PptxReadError } from './pptx-read-error.ts';
import type { SlideParts } from './slide-parts.ts';
import { child, path } from './xml-query.ts';

/** The run properties a paragraph level inherits when its runs say nothing. */
export interface LevelDefaults {
  /** Font size in points, null when no style in the chain sets one. */
  sizePt: number | null;
  /** Text fill: a solid colour, 'none' (`a:noFill`), or null when no style sets one. */
  fill: ColorValue | 'none' | null;
}

/** Inherited run properties by paragraph level (1–9, `a:pPr@lvl` + 1). */
export type TextDefaults = (level: number) => LevelDefaults;

/** A chain that sets nothing (table cells, tests): only explicit run properties count. */
export const NO_TEXT_DEFAULTS: TextDefaults = () => ({ sizePt: null, fill: null });

/**
 * Where a shape's runs take their size and colour from when `a:rPr` is silent, nearest first:
 * the shape's own `a:lstStyle`, its style's font colour (`p:style/a:fontRef`), then — for a
 * placeholder — the layout's and the master's matching placeholder `a:lstStyle` and the master's
 * title or body style, and for any other shape the master's `p:otherStyle`. LibreOffice draws
 * runs with these inherited properties, so a label at 1 pt or in white through a list style is
 * as hidden as one written so on the run; reading only explicit `a:rPr` credited it.
 */
export function textStyleChain(
  parts: SlideParts,
  txBody: XmlElement | undefined,
  style: XmlElement | undefined,
  ph: XmlElement | undefined,
): TextDefaults {
  const styles: (XmlElement | undefined)[] = [child(txBody, 'a:lstStyle')];
  const fontColour = readColor(child(style, 'a:fontRef'), parts.scheme);
  const inherited = (): (XmlElement | undefined)[] => {
    const master = safe(() => parts.master());
    const txStyles = path(master ?? undefined, 'p:txStyles');
    if (!ph) return [child(txStyles, 'p:otherStyle')];
    const type = ph.attrs.type ?? 'obj';
    const idx = ph.attrs.idx ?? '0';
    const layoutPh = findPlaceholder(
      safe(() => parts.layout()),
      type,
      idx,
    );
    const masterType = type === 'ctrTitle' || type === 'title' ? 'title' : type;
    const masterPh =
      findPlaceholder(master, masterType, null) ??
      (masterType === 'title' ? undefined : findPlaceholder(master, 'body', null));
    return [
      path(layoutPh, 'p:txBody', 'a:lstStyle'),
      path(masterPh, 'p:txBody', 'a:lstStyle'),
      child(txStyles, masterType === 'title' ? 'p:titleStyle' : 'p:bodyStyle'),
    ];
  };
  let rest: (XmlElement | undefined)[] | undefined;
  const cache = new Map<number, LevelDefaults>();
  return (level) => {
    const lvl = Math.min(9, Math.max(1, Math.trunc(level) || 1));
    const hit = cache.get(lvl);
    if (hit) return hit;
    const own = readLevel(styles, lvl, parts);
    let out: LevelDefaults = {
      sizePt: own.sizePt,
      fill: own.fill ?? fontColour,
    };
    if (out.sizePt === null || out.fill === null) {
      rest ??= inherited();
      const far = readLevel(rest, lvl, parts);
      out = { sizePt: out.sizePt ?? far.sizePt, fill: out.fill ?? far.fill };
    }
    cache.set(lvl, out);
    return out;
  };
}

/** The first size and the first fill the styles set for this level (`a:lvlNpPr/a:defRPr`). */
function readLevel(
  styles: readonly (XmlElement | undefined)[],
  lvl: number,
  parts: SlideParts,
): LevelDefaults {
  let sizePt: number | null = null;
  let fill: LevelDefaults['fill'] = null;
  for (const s of styles) {
    const defRPr = path(s, `a:lvl${lvl}pPr`, 'a:defRPr');
    if (!defRPr) continue;
    if (sizePt === null && defRPr.attrs.sz !== undefined) {
      const sz = Number(defRPr.attrs.sz) / 100;
      if (Number.isFinite(sz)) sizePt = sz;
    }
    fill ??= readSolidFill(defRPr, parts.scheme);
    if (sizePt !== null && fill !== null) break;
  }
  return { sizePt, fill };
}

function findPlaceholder(
  root: XmlElement | null,
  type: string,
  idx: string | null,
): XmlElement | undefined {
  const spTree = path(root ?? undefined, 'p:cSld', 'p:spTree');
  const shapes = (spTree?.children ?? []).filter((el) => el.name === 'p:sp');
  const phOf = (el: XmlElement) => path(el, 'p:nvSpPr', 'p:nvPr', 'p:ph');
  const typeOf = (el: XmlElement) => phOf(el)?.attrs.type ?? 'obj';
  return (
    (idx === null
      ? undefined
      : (shapes.find((el) => phOf(el)?.attrs.idx === idx && typeOf(el) === type) ??
        shapes.find((el) => phOf(el) !== undefined && (phOf(el)!.attrs.idx ?? '0') === idx))) ??
    shapes.find((el) => phOf(el) !== undefined && typeOf(el) === type)
  );
}

/** An inherited part that cannot be read styles nothing (the slide's own reading reports it). */
function safe(read: () => XmlElement | null): XmlElement | null {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof PptxReadError)) throw err;
    return null;
  }
}
