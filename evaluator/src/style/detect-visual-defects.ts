import type { Defect } from '../schemas/style-record.schema.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';
import type { FigureElementKind, FigureSummary } from '../schemas/style-task.schema.ts';
import { round } from '../util/round.ts';
import { colorDistance } from './ciede2000.ts';
import type { Introspection, IntrospectedText, PixelBox } from './introspection.schema.ts';
import { detectTextOverMarks } from './detect-text-over-marks.ts';
import { summarizeFigure } from './summarize-figure.ts';

/** Thresholds of the deterministic detectors, in one place so a report can state them. */
export const VISION_RULES = {
  /** Two text boxes overlap when they share at least this many square pixels … */
  overlapMinArea: 4,
  /** … and the overlap is major when it covers at least this share of the smaller text. */
  overlapMajorShare: 0.15,
  /** A text box may stick out of the canvas by this many pixels before it counts as clipped. */
  clipSlackPx: 1,
  /** Mean best-match CIEDE2000 between the palettes above which the palette is a minor / major mismatch. */
  paletteMinorDeltaE: 10,
  paletteMajorDeltaE: 20,
} as const;

const ELEMENT_NAMES: Record<FigureElementKind, string> = {
  legend: 'legend is',
  colorbar: 'colorbar is',
  errorbars: 'error bars are',
  band: 'shaded band is',
  refline: 'reference line is',
  'twin-axes': 'twin axis is',
  'inset-axes': 'inset axes are',
};

/**
 * The deterministic vision channel: finds the rendered defects of a candidate figure, each with a
 * pixel box in the candidate's PNG (and, when it compares with the reference, the box there):
 * overlapping texts, texts drawn across data marks (read from the rendered PNG), texts clipped by
 * or outside the canvas, signature elements of the reference missing, a changed chart type, and a
 * palette far from the reference's.
 */
export function detectVisualDefects(
  reference: FigureSummary,
  candidate: Introspection,
  png: Buffer | null,
): Defect[] {
  const summary = summarizeFigure(candidate);
  const backgrounds = [
    candidate.figure.facecolor,
    ...candidate.axes.map((a) => a.facecolor),
  ].filter((c): c is string => c !== null);
  const defects: Defect[] = [
    ...detectTextOverlaps(candidate.texts, candidate.figure.dpi),
    ...(png
      ? detectTextOverMarks(
          candidate.texts,
          png,
          summary.axes.flatMap((a) => a.palette),
          backgrounds,
        )
      : []),
    ...detectClippedTexts(candidate.texts, summary.canvas),
    ...detectMissingElements(reference, summary),
    ...detectChartTypeChanges(reference, summary),
    ...detectPaletteMismatch(reference, summary),
  ];
  const kindOrder = [
    'chart-type-changed',
    'data-missing',
    'missing-element',
    'palette-mismatch',
    'text-overlap',
    'text-clipped',
    'text-off-canvas',
    'llm',
  ];
  return defects.sort(
    (a, b) =>
      kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) ||
      (a.box?.[1] ?? -1) - (b.box?.[1] ?? -1) ||
      (a.box?.[0] ?? -1) - (b.box?.[0] ?? -1) ||
      compareCodeUnits(a.detail, b.detail),
  );
}

function quote(t: IntrospectedText): string {
  const s = t.text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 39)}…` : s);
}

function area(b: PixelBox): number {
  return Math.max(0, b[2]) * Math.max(0, b[3]);
}

function intersect(a: PixelBox, b: PixelBox): PixelBox | null {
  const x0 = Math.max(a[0], b[0]);
  const y0 = Math.max(a[1], b[1]);
  const x1 = Math.min(a[0] + a[2], b[0] + b[2]);
  const y1 = Math.min(a[1] + a[3], b[1] + b[3]);
  return x1 > x0 && y1 > y0 ? [x0, y0, x1 - x0, y1 - y0] : null;
}

function union(boxes: PixelBox[]): PixelBox {
  const x0 = Math.min(...boxes.map((b) => b[0]));
  const y0 = Math.min(...boxes.map((b) => b[1]));
  const x1 = Math.max(...boxes.map((b) => b[0] + b[2]));
  const y1 = Math.max(...boxes.map((b) => b[1] + b[3]));
  return tidy([x0, y0, x1 - x0, y1 - y0]);
}

function tidy(b: PixelBox): PixelBox {
  return [round(b[0], 1), round(b[1], 1), round(b[2], 1), round(b[3], 1)];
}

type Point = [number, number];

/**
 * The drawn rectangle of a rotated text as a polygon in PNG pixels, or null for an upright text
 * (its box is already exact). The box is the axis-aligned hull of the rotated rectangle, centred
 * on it; the rectangle's own width w and height h follow from W = w·|cos| + h·|sin| and
 * H = w·|sin| + h·|cos|, and near 45° (where those two equations coincide) h is the font's
 * line height in pixels.
 */
function rotatedOutline(t: IntrospectedText, box: PixelBox, dpi: number): Point[] | null {
  const deg = (((t.rotation ?? 0) % 180) + 180) % 180;
  if (Math.min(deg % 90, 90 - (deg % 90)) < 1) return null;
  const th = (deg * Math.PI) / 180;
  const c = Math.abs(Math.cos(th));
  const s = Math.abs(Math.sin(th));
  const [W, H] = [box[2], box[3]];
  const det = c * c - s * s;
  let w: number;
  let h: number;
  if (Math.abs(det) > 0.2) {
    w = (W * c - H * s) / det;
    h = (H * c - W * s) / det;
  } else {
    h = ((t.fontsize ?? 10) * dpi) / 72;
    w = (Math.max(W, H) - h * Math.min(c, s)) / Math.max(c, s);
  }
  w = Math.max(1, Math.min(w, W + H));
  h = Math.max(1, Math.min(h, W + H));
  const cx = box[0] + W / 2;
  const cy = box[1] + H / 2;
  // PNG y grows downwards: a counter-clockwise text rotation is a clockwise one on screen.
  const ux: Point = [Math.cos(th), -Math.sin(th)];
  const uy: Point = [Math.sin(th), Math.cos(th)];
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([a, b]) => [
    cx + (a! * w * ux[0] + b! * h * uy[0]) / 2,
    cy + (a! * w * ux[1] + b! * h * uy[1]) / 2,
  ]);
}

function polygonArea(p: Point[]): number {
  let sum = 0;
  for (let i = 0; i < p.length; i++) {
    const [x0, y0] = p[i]!;
    const [x1, y1] = p[(i + 1) % p.length]!;
    sum += x0 * y1 - x1 * y0;
  }
  return Math.abs(sum) / 2;
}

/** Intersection of two convex polygons (Sutherland–Hodgman). */
function clipConvex(subject: Point[], clip: Point[]): Point[] {
  const orient = Math.sign(
    clip.reduce((s, [x0, y0], i) => {
      const [x1, y1] = clip[(i + 1) % clip.length]!;
      return s + x0 * y1 - x1 * y0;
    }, 0),
  );
  let out = subject;
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const a = clip[i]!;
    const b = clip[(i + 1) % clip.length]!;
    const inside = (p: Point) =>
      orient * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) >= 0;
    const cross = (p: Point, q: Point): Point => {
      const d1 = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
      const d2 = (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0]);
      const k = d1 / (d1 - d2);
      return [p[0] + k * (q[0] - p[0]), p[1] + k * (q[1] - p[1])];
    };
    const input = out;
    out = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j]!;
      const q = input[(j + 1) % input.length]!;
      if (inside(q)) {
        if (!inside(p)) out.push(cross(p, q));
        out.push(q);
      } else if (inside(p)) out.push(cross(p, q));
    }
  }
  return out;
}

function boxOutline(b: PixelBox): Point[] {
  return [
    [b[0], b[1]],
    [b[0] + b[2], b[1]],
    [b[0] + b[2], b[1] + b[3]],
    [b[0], b[1] + b[3]],
  ];
}

/**
 * Overlapping texts, grouped into clusters (one defect per group of texts that collide). Rotated
 * texts are compared by their drawn rectangles, not their axis-aligned boxes: slanted tick labels
 * side by side have overlapping boxes while their letters never meet. `dpi` sizes a 45° text.
 */
export function detectTextOverlaps(texts: readonly IntrospectedText[], dpi = 100): Defect[] {
  const items = texts
    .map((t, i) => ({ t, i, box: t.box }))
    .filter(
      (x): x is { t: IntrospectedText; i: number; box: PixelBox } =>
        x.box !== null && area(x.box) > 0,
    )
    .sort((a, b) => a.box[0] - b.box[0] || a.i - b.i);
  const parent = items.map((_, k) => k);
  const find = (k: number): number => (parent[k] === k ? k : (parent[k] = find(parent[k]!)));
  const major = new Set<number>();
  const involved = new Set<number>();
  for (let a = 0; a < items.length; a++) {
    const A = items[a]!;
    for (let b = a + 1; b < items.length; b++) {
      const B = items[b]!;
      if (B.box[0] >= A.box[0] + A.box[2]) break; // sorted by x: no later box can overlap A
      const hit = intersect(A.box, B.box);
      if (!hit || area(hit) < VISION_RULES.overlapMinArea) continue;
      let share = area(hit) / Math.min(area(A.box), area(B.box));
      const ra0 = rotatedOutline(A.t, A.box, dpi);
      const rb0 = rotatedOutline(B.t, B.box, dpi);
      if (ra0 || rb0) {
        const pa = ra0 ?? boxOutline(A.box);
        const pb = rb0 ?? boxOutline(B.box);
        const shared = polygonArea(clipConvex(pa, pb));
        if (shared < VISION_RULES.overlapMinArea) continue;
        share = shared / Math.min(polygonArea(pa), polygonArea(pb));
      }
      const ra = find(a);
      const rb = find(b);
      parent[ra] = rb;
      involved.add(a).add(b);
      if (share >= VISION_RULES.overlapMajorShare) major.add(a).add(b);
    }
  }
  const groups = new Map<number, number[]>();
  for (const k of involved) {
    const root = find(k);
    groups.set(root, [...(groups.get(root) ?? []), k]);
  }
  const out: Defect[] = [];
  for (const members of groups.values()) {
    members.sort((x, y) => items[x]!.i - items[y]!.i);
    const names = members.slice(0, 4).map((k) => `${items[k]!.t.role} ${quote(items[k]!.t)}`);
    const more = members.length > 4 ? ` and ${members.length - 4} more` : '';
    out.push({
      kind: 'text-overlap',
      severity: members.some((k) => major.has(k)) ? 'major' : 'minor',
      box: union(members.map((k) => items[k]!.box)),
      detail: `${members.length} texts overlap: ${names.join(', ')}${more}`,
    });
  }
  return out;
}

/** Texts cut by the canvas edge or drawn entirely outside it, one defect per role and panel. */
export function detectClippedTexts(
  texts: readonly IntrospectedText[],
  canvas: { width: number; height: number },
): Defect[] {
  const W = canvas.width;
  const H = canvas.height;
  const slack = VISION_RULES.clipSlackPx;
  const groups = new Map<
    string,
    { kind: 'text-clipped' | 'text-off-canvas'; texts: IntrospectedText[]; boxes: PixelBox[] }
  >();
  for (const t of texts) {
    const b = t.box;
    if (!b || area(b) === 0) continue;
    const visible = intersect(b, [0, 0, W, H]);
    let kind: 'text-clipped' | 'text-off-canvas';
    let box: PixelBox;
    if (!visible) {
      kind = 'text-off-canvas';
      // Evidence box: the canvas strip nearest to where the text went.
      const x = Math.min(Math.max(b[0], 0), W - 1);
      const y = Math.min(Math.max(b[1], 0), H - 1);
      box = [
        x,
        y,
        Math.max(1, Math.min(b[0] + b[2], W) - x),
        Math.max(1, Math.min(b[1] + b[3], H) - y),
      ];
    } else if (
      b[0] < -slack ||
      b[1] < -slack ||
      b[0] + b[2] > W + slack ||
      b[1] + b[3] > H + slack
    ) {
      kind = 'text-clipped';
      box = visible;
    } else continue;
    const key = `${kind}|${t.role}|${t.axes ?? '-'}`;
    const g = groups.get(key) ?? { kind, texts: [], boxes: [] };
    g.texts.push(t);
    g.boxes.push(box);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => {
    const first = g.texts[0]!;
    const what =
      g.texts.length === 1
        ? `${first.role} ${quote(first)}`
        : `${g.texts.length} ${first.role} texts (first ${quote(first)})`;
    return {
      kind: g.kind,
      severity: 'major' as const,
      box: union(g.boxes),
      detail:
        g.kind === 'text-off-canvas'
          ? `${what} ${g.texts.length === 1 ? 'lies' : 'lie'} entirely outside the ${W}x${H} canvas`
          : `${what} ${g.texts.length === 1 ? 'is' : 'are'} cut off by the edge of the ${W}x${H} canvas`,
    };
  });
}

/** Scales a box from the reference canvas to the candidate canvas (where the element would be). */
function scaleBox(
  b: PixelBox | null,
  from: { width: number; height: number },
  to: { width: number; height: number },
): PixelBox | null {
  if (!b || from.width === 0 || from.height === 0) return null;
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return tidy([b[0] * sx, b[1] * sy, b[2] * sx, b[3] * sy]);
}

function detectMissingElements(reference: FigureSummary, candidate: FigureSummary): Defect[] {
  const have = new Set(candidate.elements.map((e) => e.kind));
  return reference.elements
    .filter((e) => !have.has(e.kind))
    .map((e) => ({
      kind: 'missing-element' as const,
      severity: 'major' as const,
      box: scaleBox(e.box, reference.canvas, candidate.canvas) ?? [
        0,
        0,
        candidate.canvas.width,
        candidate.canvas.height,
      ],
      referenceBox: e.box,
      detail: `the reference's ${ELEMENT_NAMES[e.kind]} missing`,
    }));
}

function detectChartTypeChanges(reference: FigureSummary, candidate: FigureSummary): Defect[] {
  const out: Defect[] = [];
  const whole: PixelBox = [0, 0, candidate.canvas.width, candidate.canvas.height];
  if (reference.axes.some((a) => a.chartTypes.length > 0) && candidate.axes.length === 0) {
    return [
      {
        kind: 'chart-type-changed',
        severity: 'critical',
        box: whole,
        referenceBox: null,
        detail: 'the candidate draws no plot panel at all',
      },
    ];
  }
  const n = Math.min(reference.axes.length, candidate.axes.length);
  for (let k = 0; k < n; k++) {
    const R = reference.axes[k]!;
    const C = candidate.axes[k]!;
    if (R.chartTypes.length === 0) continue;
    const panel = reference.axes.length > 1 ? `panel ${k + 1}: ` : '';
    const lost = R.chartTypes.filter((t) => !C.chartTypes.includes(t));
    if (lost.length === 0) continue;
    const kept = R.chartTypes.length - lost.length;
    const got = C.chartTypes.length ? C.chartTypes.join(' + ') : 'no data marks';
    out.push({
      kind: 'chart-type-changed',
      severity: kept === 0 ? 'critical' : 'major',
      box: C.box ?? whole,
      referenceBox: R.box,
      detail:
        kept === 0
          ? `${panel}chart type changed: the reference draws ${R.chartTypes.join(' + ')}, the candidate draws ${got}`
          : `${panel}the reference's ${lost.join(' + ')} layer is missing (candidate draws ${got})`,
    });
  }
  return out;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function detectPaletteMismatch(reference: FigureSummary, candidate: FigureSummary): Defect[] {
  // The palette, then the colormap: each list of ΔE00 distances with how its defect reads.
  const comparisons: { dists: number[]; detail: (meanDeltaE: number) => string }[] = [];
  const refColors = unique(reference.axes.flatMap((a) => a.palette)).slice(0, 12);
  const candColors = unique(candidate.axes.flatMap((a) => a.palette)).slice(0, 24);
  const boxesOf = (s: FigureSummary) =>
    s.axes.map((a) => a.seriesBox ?? a.box).filter((b): b is PixelBox => b !== null);
  const candBoxes = boxesOf(candidate);
  const refBoxes = boxesOf(reference);
  const candBox = candBoxes.length
    ? union(candBoxes)
    : ([0, 0, candidate.canvas.width, candidate.canvas.height] as PixelBox);
  const refBox = refBoxes.length ? union(refBoxes) : null;
  // Series the candidate draws (a colour used twice counts twice: two series in one colour do not
  // excuse the reference's second colour).
  const candSeries = candidate.axes.reduce((n, a) => n + a.palette.length, 0);
  if (refColors.length > 0 && candColors.length > 0) {
    // Each reference colour (as many as the candidate has series) against its closest candidate colour.
    const compared = refColors.slice(0, Math.max(1, Math.min(refColors.length, candSeries)));
    comparisons.push({
      dists: compared.map((rc) => Math.min(...candColors.map((cc) => colorDistance(rc, cc)))),
      detail: (mean) =>
        `palette far from the reference: mean ΔE00 ${round(mean, 1)} (reference ${compared.join(' ')}; candidate ${candColors.slice(0, compared.length + 2).join(' ')})`,
    });
  }
  const refMap = reference.axes.flatMap((a) => a.colormaps)[0];
  const candMap = candidate.axes.flatMap((a) => a.colormaps)[0];
  if (
    refMap &&
    candMap &&
    refMap.samples.length > 0 &&
    candMap.samples.length === refMap.samples.length
  ) {
    comparisons.push({
      dists: refMap.samples.map((c, i) => colorDistance(c, candMap.samples[i]!)),
      detail: (mean) =>
        `colormap ${candMap.name} differs from the reference's ${refMap.name} (mean ΔE00 ${round(mean, 1)})`,
    });
  }
  return comparisons.flatMap((c) => paletteDefects(c.dists, candBox, refBox, c.detail));
}

/**
 * A palette defect when the mean ΔE00 of `dists` passes the minor threshold (none below it):
 * minor past the minor threshold, major past the major one.
 */
function paletteDefects(
  dists: readonly number[],
  box: PixelBox,
  referenceBox: PixelBox | null,
  detail: (meanDeltaE: number) => string,
): Defect[] {
  const mean = dists.reduce((s, x) => s + x, 0) / dists.length;
  // (a NaN mean, like one below the threshold, is no defect)
  if (!(mean > VISION_RULES.paletteMinorDeltaE)) return [];
  return [
    {
      kind: 'palette-mismatch',
      severity: mean > VISION_RULES.paletteMajorDeltaE ? 'major' : 'minor',
      box,
      referenceBox,
      detail: detail(mean),
    },
  ];
}
