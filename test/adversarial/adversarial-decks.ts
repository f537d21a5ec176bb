import {
  buildDeck,
  cxn,
  type FrameSpec,
  IMAGE_REL,
  lineXml,
  pic,
  sp,
} from '@figboard/evaluator/testkit';
import type { FigureGraph } from '@figboard/evaluator/schemas';
import { createRng, type Rng } from '@figboard/evaluator/stats';

/**
 * Reconstructions of a figure that try to game the metric judge, built from the figure's graph
 * (hand truth, or a graph of confidence-carrying elements) and its source image. Each is a
 * valid one-slide deck that LibreOffice renders; the same graph, image and seed give the same
 * bytes. `faithful` is the honest reconstruction the others are measured against.
 */
export const ADVERSARIAL_VARIANTS = [
  /** Rounded boxes with their labels, connectors glued at both ends, arrowheads as in the figure. */
  'faithful',
  /** As faithful, every arrow pointing the other way. */
  'reversed',
  /** The boxes and labels, no relation at all. */
  'no-arrows',
  /** The labels as text boxes at random places, and a few random unattached lines. */
  'scattered',
  /** The figure as one picture (aspect kept), a transparent text box over every label. */
  'picture-text',
  /** The figure cut into 6 × 6 picture tiles (each under a tenth of the slide), bordered text boxes over the modules, glued connectors. */
  'tiled-picture',
  /** Text boxes at the modules' places (no shapes), connectors glued to the text boxes. */
  'labels-only',
  /** Boxes, and arrows as unattached line shapes in the right places (the specialized workflows' way). */
  'loose-arrows',
  /** Every box twice (the copy offset), every relation drawn both ways. */
  'duplicated',
  /** Text boxes with a thin border hugging the text, standing in for the modules; glued connectors. */
  'bordered-textboxes',
  /** Boxes with glued, correctly directed connectors that do not show: no line, or 1 EMU long. */
  'invisible-connectors',
  /** The figure as a picture on the slide; the faithful shapes and connectors parked off the canvas. */
  'off-canvas',
  /** The faithful reconstruction with the figure pasted on top, hiding it. */
  'picture-over-shapes',
  /** Boxes with glued connectors carrying arrowheads at both ends (no direction committed). */
  'double-headed',
  /** Boxes with a glued arrow in both directions between every pair of modules. */
  'every-pair',
] as const;
export type AdversarialVariant = (typeof ADVERSARIAL_VARIANTS)[number];

/** Slide size of every generated deck: 16:9, 13.333 × 7.5 in. */
const ADVERSARIAL_SLIDE = { cx: 12_192_000, cy: 6_858_000 };

type Px = [number, number, number, number];
interface Placement {
  /** Source pixels → EMU, aspect kept, centred (what the judge's frame assumes). */
  box(b: Px): FrameSpec;
  point(p: [number, number]): [number, number];
  /** The whole figure's frame on the slide. */
  figure: FrameSpec;
  scale: number;
}

function placement(graph: FigureGraph): Placement {
  const { cx, cy } = ADVERSARIAL_SLIDE;
  const scale = Math.min(cx / graph.width, cy / graph.height);
  const ox = (cx - graph.width * scale) / 2;
  const oy = (cy - graph.height * scale) / 2;
  const r = Math.round;
  return {
    box: (b) => ({
      x: r(ox + b[0] * scale),
      y: r(oy + b[1] * scale),
      cx: r(b[2] * scale),
      cy: r(b[3] * scale),
    }),
    point: (p) => [r(ox + p[0] * scale), r(oy + p[1] * scale)],
    figure: { x: r(ox), y: r(oy), cx: r(graph.width * scale), cy: r(graph.height * scale) },
    scale,
  };
}

/** Connection sites of `rect`/`roundRect`: 0 top, 1 left, 2 bottom, 3 right. */
function siteToward(from: FrameSpec, to: FrameSpec): { idx: number; at: [number, number] } {
  const fx = from.x + from.cx / 2;
  const fy = from.y + from.cy / 2;
  const dx = to.x + to.cx / 2 - fx;
  const dy = to.y + to.cy / 2 - fy;
  // Compare the direction with the box's own aspect, so a wide box exits left/right more often.
  if (Math.abs(dx) * from.cy >= Math.abs(dy) * from.cx)
    return dx >= 0 ? { idx: 3, at: [from.x + from.cx, fy] } : { idx: 1, at: [from.x, fy] };
  return dy >= 0 ? { idx: 2, at: [fx, from.y + from.cy] } : { idx: 0, at: [fx, from.y] };
}

/** The frame of a straight line from a to b (flips carry the direction, as PowerPoint writes it). */
function lineFrame(a: [number, number], b: [number, number]): FrameSpec {
  return {
    x: Math.min(a[0], b[0]),
    y: Math.min(a[1], b[1]),
    cx: Math.abs(b[0] - a[0]),
    cy: Math.abs(b[1] - a[1]),
    flipH: b[0] < a[0],
    flipV: b[1] < a[1],
  };
}

function hex(fill: string | undefined, fallback: string): string {
  return fill && /^#?[0-9a-fA-F]{6}$/.test(fill) ? fill.replace('#', '').toUpperCase() : fallback;
}

/** Font size (pt) for a label in a box of this height (EMU): about a third of the box. */
function fontFor(boxCy: number): number {
  return Math.max(8, Math.min(18, Math.round((boxCy / 12_700) * 0.3)));
}

/** Width (EMU) a label of this size needs on one line, roughly (0.55 em per character). */
function textWidth(text: string, pt: number): number {
  return Math.round(text.length * pt * 0.55 * 12_700 + 182_880);
}

interface Drawing {
  shapes: string[];
  nextId: number;
  rels: string[];
  parts: Record<string, Uint8Array>;
  contentTypes: string[];
}

const SHAPE_LINE = lineXml({ w: 12_700, color: '333333' });

/** What the faithful reconstruction draws, with knobs the variants turn. */
interface NativeOptions {
  /** Shift every object by this much (EMU), e.g. off the canvas. */
  offset?: [number, number];
  edges?:
    | 'forward'
    | 'reversed'
    | 'none'
    | 'both-ways'
    | 'double-headed'
    | 'invisible'
    | 'loose'
    | 'every-pair';
  /** How modules are drawn: boxes, borderless text boxes, or text boxes with a tight border. */
  modules?: 'boxes' | 'text-boxes' | 'bordered-text-boxes';
  duplicate?: boolean;
}

function drawNative(graph: FigureGraph, at: Placement, d: Drawing, o: NativeOptions = {}): void {
  const [dx, dy] = o.offset ?? [0, 0];
  const shift = (f: FrameSpec): FrameSpec => ({ ...f, x: f.x + dx, y: f.y + dy });
  // 1. Group containers first (drawn under the modules): a dashed frame and its caption. The
  //    frame is what a relation at the whole group is glued to.
  const frames = new Map<string, { f: FrameSpec; id: number }>();
  for (const g of graph.groups) {
    const f = shift(at.box(g.bbox));
    const frameId = d.nextId++;
    frames.set(g.id, { f, id: frameId });
    d.shapes.push(
      sp({
        id: frameId,
        name: `Group ${g.id}`,
        frame: f,
        fill: 'none',
        line: lineXml({ color: '555555', dash: 'dash' }),
      }),
    );
    if (g.text.trim() !== '') {
      const pt = 11;
      d.shapes.push(
        sp({
          id: d.nextId++,
          txBox: true,
          frame: { x: f.x + 45_720, y: f.y + 22_860, cx: textWidth(g.text, pt), cy: 246_888 },
          fill: 'none',
          text: g.text,
          sz: pt,
          textColor: '000000',
          bodyPr: '<a:bodyPr wrap="none" lIns="0" tIns="0" rIns="0" bIns="0"/>',
        }),
      );
    }
  }
  // 2. Modules (and free labels), remembering each one's frame and shape id for the connectors.
  //    A module holding others (their `parent`) is drawn under them, its label at the top.
  const copies = o.duplicate ? 2 : 1;
  const depth = nestingDepths(graph);
  const outer = new Set(graph.nodes.flatMap((n) => (n.parent ? [n.parent] : [])));
  const inOrder = [...graph.nodes].sort((a, b) => depth.get(a.id)! - depth.get(b.id)!);
  for (let copy = 0; copy < copies; copy++) {
    for (const n of inOrder) {
      const box = shift(at.box(n.bbox));
      const f =
        copy === 0
          ? box
          : { ...box, x: box.x + Math.round(box.cx * 0.3), y: box.y + Math.round(box.cy * 0.3) };
      const pt = fontFor(f.cy);
      const id = d.nextId++;
      if (n.kind === 'label' || o.modules === 'text-boxes' || o.modules === 'bordered-text-boxes') {
        const w = Math.min(f.cx, textWidth(n.text, pt));
        const h = Math.min(f.cy, Math.round(pt * 12_700 * 1.6));
        const tight = {
          x: f.x + Math.round((f.cx - w) / 2),
          y: f.y + Math.round((f.cy - h) / 2),
          cx: w,
          cy: h,
        };
        d.shapes.push(
          sp({
            id,
            txBox: true,
            frame: tight,
            fill: 'none',
            ...(o.modules === 'bordered-text-boxes' && n.kind !== 'label'
              ? { line: lineXml({ w: 9_525, color: '333333' }) }
              : {}),
            text: n.text,
            sz: pt,
            textColor: '000000',
            align: 'ctr',
            bodyPr: '<a:bodyPr wrap="none" anchor="ctr"/>',
          }),
        );
        if (copy === 0) frames.set(n.id, { f: tight, id });
      } else {
        d.shapes.push(
          sp({
            id,
            name: `Module ${n.id}`,
            frame: f,
            prst: 'roundRect',
            fill: hex(n.fill, 'DAE8FC'),
            line: SHAPE_LINE,
            text: n.text,
            sz: pt,
            textColor: '000000',
            align: 'ctr',
            bodyPr: outer.has(n.id) ? '<a:bodyPr anchor="t"/>' : '<a:bodyPr anchor="ctr"/>',
          }),
        );
        if (copy === 0) frames.set(n.id, { f, id });
      }
    }
  }
  // 3. Relations.
  const mode = o.edges ?? 'forward';
  if (mode === 'none') return;
  // A relation the graph leaves undirected (no arrowhead in the figure) is drawn without one.
  const pairs: {
    from: string;
    to: string;
    plain?: boolean;
    both?: boolean;
    color?: string | undefined;
  }[] = [];
  if (mode === 'every-pair') {
    for (const a of graph.nodes)
      for (const b of graph.nodes) if (a.id !== b.id) pairs.push({ from: a.id, to: b.id });
  } else {
    for (const e of graph.edges) {
      const plain = !e.directed;
      // A double-headed arrow stays double-headed whichever way it is drawn.
      const both = e.bidirectional === true;
      if (mode === 'reversed') pairs.push({ from: e.to, to: e.from, plain, both });
      else pairs.push({ from: e.from, to: e.to, plain, both });
      if (mode === 'both-ways') pairs.push({ from: e.to, to: e.from, plain, both });
    }
  }
  for (const [k, p] of pairs.slice(0, 400).entries()) {
    const a = frames.get(p.from);
    const b = frames.get(p.to);
    if (!a || !b) continue;
    const s = siteToward(a.f, b.f);
    const t = siteToward(b.f, a.f);
    const head = mode === 'double-headed' || p.both ? 'triangle' : undefined;
    if (mode === 'loose') {
      d.shapes.push(
        sp({
          id: d.nextId++,
          name: `Arrow ${k}`,
          frame: lineFrame(s.at, t.at),
          prst: 'line',
          line: lineXml({ w: 19_050, color: '555555', ...(p.plain ? {} : { tail: 'triangle' }) }),
        }),
      );
      continue;
    }
    let frame = lineFrame(s.at, t.at);
    let line: string | undefined;
    if (mode === 'invisible') {
      // Half draw nothing (no line fill), half are a 1-EMU stub at the start: the glue says A → B.
      if (k % 2 === 0) line = lineXml({ color: 'none', tail: 'triangle' });
      else frame = lineFrame(s.at, [s.at[0] + 1, s.at[1]]);
    }
    d.shapes.push(
      cxn({
        id: d.nextId++,
        frame,
        st: [a.id, s.idx],
        end: [b.id, t.idx],
        ...(head ? { head } : {}),
        ...(p.plain ? {} : { tail: 'triangle' }),
        ...(line ? { line } : {}),
      }),
    );
  }
}

/** How deep each node sits in the `parent` chain (0 = not inside another module). */
function nestingDepths(graph: FigureGraph): Map<string, number> {
  const parent = new Map(graph.nodes.map((n) => [n.id, n.parent] as const));
  const out = new Map<string, number>();
  for (const n of graph.nodes) {
    let k = 0;
    for (let at = n.parent; at !== undefined && k < graph.nodes.length; at = parent.get(at)) k++;
    out.set(n.id, k);
  }
  return out;
}

function drawPicture(at: Placement, d: Drawing, png: Uint8Array, tiles = 1): void {
  // Each tile shows its own crop of the image, so the mosaic looks like the figure.
  const f = at.figure;
  const cut = (k: number) => Math.round((k * 100_000) / tiles);
  for (let i = 0; i < tiles * tiles; i++) {
    const c = i % tiles;
    const r = Math.floor(i / tiles);
    const x0 = f.x + Math.round((c * f.cx) / tiles);
    const y0 = f.y + Math.round((r * f.cy) / tiles);
    const x1 = f.x + Math.round(((c + 1) * f.cx) / tiles);
    const y1 = f.y + Math.round(((r + 1) * f.cy) / tiles);
    d.shapes.push(
      pic({
        id: d.nextId++,
        frame: { x: x0, y: y0, cx: x1 - x0, cy: y1 - y0 },
        embed: 'rId2',
        ...(tiles > 1
          ? { crop: { l: cut(c), t: cut(r), r: 100_000 - cut(c + 1), b: 100_000 - cut(r + 1) } }
          : {}),
      }),
    );
  }
  const jpeg = png[0] === 0xff && png[1] === 0xd8;
  const name = jpeg ? 'image1.jpeg' : 'image1.png';
  d.parts[`ppt/media/${name}`] = png;
  d.rels.push(jpeg ? IMAGE_REL.replace('image1.png', name) : IMAGE_REL);
  if (jpeg) d.contentTypes.push('<Default Extension="jpeg" ContentType="image/jpeg"/>');
}

/** Transparent text boxes over each label (what a gamer lays on a pasted figure). */
function drawLabelsOver(graph: FigureGraph, at: Placement, d: Drawing): void {
  for (const n of graph.nodes) {
    const f = at.box(n.bbox);
    d.shapes.push(
      sp({
        id: d.nextId++,
        txBox: true,
        frame: f,
        fill: 'none',
        text: n.text,
        sz: fontFor(f.cy),
        textColor: '000000',
        align: 'ctr',
        bodyPr: '<a:bodyPr anchor="ctr"/>',
      }),
    );
  }
}

function drawScattered(graph: FigureGraph, d: Drawing, rng: Rng): void {
  const { cx, cy } = ADVERSARIAL_SLIDE;
  const texts = [...graph.nodes.map((n) => n.text), ...graph.groups.map((g) => g.text)].filter(
    (t) => t.trim() !== '',
  );
  for (const text of texts) {
    const pt = 14;
    const w = textWidth(text, pt);
    const h = 369_332;
    d.shapes.push(
      sp({
        id: d.nextId++,
        txBox: true,
        frame: {
          x: Math.round(rng.next() * (cx - w)),
          y: Math.round(rng.next() * (cy - h)),
          cx: w,
          cy: h,
        },
        fill: 'none',
        text,
        sz: pt,
        textColor: '000000',
        bodyPr: '<a:bodyPr wrap="none"/>',
      }),
    );
  }
  const lines = Math.max(3, graph.edges.length);
  for (let i = 0; i < lines; i++) {
    const a: [number, number] = [Math.round(rng.next() * cx), Math.round(rng.next() * cy)];
    const b: [number, number] = [Math.round(rng.next() * cx), Math.round(rng.next() * cy)];
    d.shapes.push(
      sp({
        id: d.nextId++,
        name: `Line ${i}`,
        frame: lineFrame(a, b),
        prst: 'line',
        line: lineXml({ w: 19_050, color: '555555', ...(i % 2 === 0 ? { tail: 'triangle' } : {}) }),
      }),
    );
  }
}

/**
 * Builds one variant's deck from a figure graph and the figure's image bytes (PNG or JPEG).
 * `seed` decides the random placements of `scattered`; everything else is fixed by the graph.
 */
export async function buildAdversarialDeck(
  variant: AdversarialVariant,
  graph: FigureGraph,
  image: Uint8Array,
  seed = 20_260_721,
): Promise<Uint8Array> {
  const at = placement(graph);
  const d: Drawing = { shapes: [], nextId: 2, rels: [], parts: {}, contentTypes: [] };
  switch (variant) {
    case 'faithful':
      drawNative(graph, at, d);
      break;
    case 'reversed':
      drawNative(graph, at, d, { edges: 'reversed' });
      break;
    case 'no-arrows':
      drawNative(graph, at, d, { edges: 'none' });
      break;
    case 'scattered':
      drawScattered(graph, d, createRng(seed));
      break;
    case 'picture-text':
      drawPicture(at, d, image);
      drawLabelsOver(graph, at, d);
      break;
    case 'tiled-picture':
      drawPicture(at, d, image, 6);
      drawNative({ ...graph, groups: [] }, at, d, { modules: 'bordered-text-boxes' });
      break;
    case 'labels-only':
      drawNative({ ...graph, groups: [] }, at, d, { modules: 'text-boxes' });
      break;
    case 'loose-arrows':
      drawNative(graph, at, d, { edges: 'loose' });
      break;
    case 'duplicated':
      drawNative(graph, at, d, { duplicate: true, edges: 'both-ways' });
      break;
    case 'bordered-textboxes':
      drawNative(graph, at, d, { modules: 'bordered-text-boxes' });
      break;
    case 'invisible-connectors':
      drawNative(graph, at, d, { edges: 'invisible' });
      break;
    case 'off-canvas':
      drawPicture(at, d, image);
      drawNative(graph, at, d, { offset: [ADVERSARIAL_SLIDE.cx + 914_400, 0] });
      break;
    case 'picture-over-shapes':
      drawNative(graph, at, d);
      drawPicture(at, d, image);
      break;
    case 'double-headed':
      drawNative(graph, at, d, { edges: 'double-headed' });
      break;
    case 'every-pair':
      drawNative(graph, at, d, { edges: 'every-pair' });
      break;
  }
  return buildDeck({
    slides: [d.shapes.join('')],
    slideSize: ADVERSARIAL_SLIDE,
    slideRels: d.rels,
    extraParts: d.parts,
    contentTypes: d.contentTypes,
  });
}
