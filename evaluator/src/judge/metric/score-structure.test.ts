import { describe, expect, it } from 'vitest';
import type { FigureGraph } from '../../schemas/figure-graph.schema.ts';
import { matchNodes } from './match-nodes.ts';
import { readSlideGraph } from './read-slide-graph.ts';
import { type ReferenceFigure, referenceFromGraph } from './reference-figure.ts';
import { scoreStructure } from './score-structure.ts';
import { createFrame } from './slide-geometry.ts';
import { auditOf, relation, SLIDE, shape } from './slide-fixtures.testkit.ts';

// A 1000×500 px figure: A → B → C in a row (boxes 160×60 at x = 100, 420, 740; y = 200).
const X = { A: 100, B: 420, C: 740 } as const;
const NAME = { A: 'Image Encoder', B: 'Fusion Module', C: 'Classifier' } as const;
const graph = (o: { conf?: number; directed?: boolean } = {}): FigureGraph => ({
  id: 'g',
  width: 1000,
  height: 500,
  nodes: (['A', 'B', 'C'] as const).map((t) => ({
    id: t,
    text: NAME[t],
    bbox: [X[t], 200, 160, 60],
    kind: 'module' as const,
    confidence: o.conf ?? 1,
  })),
  edges: [
    { from: 'A', to: 'B', directed: o.directed ?? true, confidence: o.conf ?? 1 },
    { from: 'B', to: 'C', directed: o.directed ?? true, confidence: o.conf ?? 1 },
  ],
  groups: [],
  extractor: { name: 'test', version: '1' },
});
const frame = createFrame(SLIDE, { width: 1000, height: 500 });
const boxes = () =>
  (['A', 'B', 'C'] as const).map((t, i) => shape(String(i + 2), NAME[t], X[t], 200));
const id = { A: '2', B: '3', C: '4' } as const;
let next = 10;
/** A glued arrow between two modules, drawn from its tail to its head. */
const arrow = (
  a: keyof typeof X,
  b: keyof typeof X,
  arrows: { head?: string; tail?: string } = { tail: 'triangle' },
) => {
  const right = X[a] < X[b];
  return relation(
    String(next++),
    'connector',
    [right ? X[a] + 160 : X[a], 230],
    [right ? X[b] : X[b] + 160, 230],
    arrows,
    { start: id[a], end: id[b] },
  );
};
const S = (
  objects: Parameters<typeof auditOf>[0],
  ref: ReferenceFigure = referenceFromGraph(graph()),
) => {
  const g = readSlideGraph(auditOf(objects), frame);
  return scoreStructure(ref, g, matchNodes(ref, g, frame));
};

describe('scoreStructure: relations', () => {
  it('right way round: full; no direction or both ways: half the direction part; the wrong way only: no direction, and the wrong drawing counts as invented', () => {
    expect(S([...boxes(), arrow('A', 'B'), arrow('B', 'C')]).evidence.edges!.score).toBe(1);
    const hedged = S([
      ...boxes(),
      arrow('A', 'B', { head: 'triangle', tail: 'triangle' }),
      arrow('B', 'C'),
      arrow('C', 'B'),
    ]);
    expect(hedged.evidence.edges).toMatchObject({
      presence: 1,
      direction: 0.5,
      undirected: ['"Image Encoder" → "Fusion Module"', '"Fusion Module" → "Classifier"'],
    });
    const reversed = S([...boxes(), arrow('B', 'A'), arrow('C', 'B')]);
    // A reversed arrow also asserts a relation the figure lacks: presence counts it as invented.
    expect(reversed.evidence.edges).toMatchObject({
      presence: 0.5,
      direction: 0,
      reversed: ['"Image Encoder" → "Fusion Module"', '"Fusion Module" → "Classifier"'],
      extra: [],
    });
    // relations = 0.2 · presence + 0.8 · direction: the pairs are there, every arrow points wrong.
    expect(hedged.evidence.edges!.score).toBeCloseTo(0.6, 6);
    expect(reversed.evidence.edges!.score).toBeCloseTo(0.1, 6);
    expect(S(boxes()).evidence.edges!.score).toBe(0);
  });

  it('invented relations and lines that end at no module cost precision', () => {
    const extra = S([...boxes(), arrow('A', 'B'), arrow('B', 'C'), arrow('A', 'C')]);
    expect(extra.evidence.edges).toMatchObject({ extra: ['"Image Encoder" → "Classifier"'] });
    // Both arrows point right, but a third of what is drawn is invented: direction × precision.
    expect(extra.evidence.edges!.presence).toBeCloseTo(2 / 3, 6);
    expect(extra.evidence.edges!.direction).toBeCloseTo(2 / 3, 6);
    const loose = S([
      ...boxes(),
      arrow('A', 'B'),
      arrow('B', 'C'),
      relation('20', 'line', [100, 400], [900, 450], { tail: 'triangle' }),
    ]);
    expect(loose.evidence.edges).toMatchObject({ loose: 1 });
    expect(loose.evidence.edges!.presence).toBeCloseTo(2 / 3, 6);
    // Every pair both ways: each true relation is hedged, the rest invented.
    const all = S([
      ...boxes(),
      ...(['A', 'B', 'C'] as const).flatMap((a) =>
        (['A', 'B', 'C'] as const).filter((b) => b !== a).map((b) => arrow(a, b)),
      ),
    ]);
    expect(all.evidence.edges).toMatchObject({ presence: 0.5, direction: 0.25 });
  });

  it('where the reference is unsure, credit and penalty both shrink with its confidence — a faithful slide still earns full marks, a reversed one no direction', () => {
    const unsure = referenceFromGraph(graph({ conf: 0.4 }));
    expect(S([...boxes(), arrow('A', 'B'), arrow('B', 'C')], unsure).fraction).toBe(1);
    expect(S([...boxes(), arrow('B', 'A'), arrow('C', 'B')], unsure).evidence.edges).toMatchObject({
      direction: 0,
    });
    // One certain relation reversed costs more than one unsure one.
    const mixed = (c: number): FigureGraph => {
      const g = graph();
      g.edges[0]!.confidence = c;
      return g;
    };
    const wrongFirst = [...boxes(), arrow('B', 'A'), arrow('B', 'C')];
    expect(S(wrongFirst, referenceFromGraph(mixed(0.2))).evidence.edges!.score).toBeGreaterThan(
      S(wrongFirst, referenceFromGraph(mixed(1))).evidence.edges!.score + 0.2,
    );
  });

  it('a relation the reference saw without an arrowhead is matched by a drawing in either direction', () => {
    const undirected = referenceFromGraph(graph({ directed: false }));
    expect(
      S([...boxes(), arrow('B', 'A'), arrow('C', 'B')], undirected).evidence.edges!.score,
    ).toBe(1);
  });

  it('relations touching a bare text box where the figure has a module are neither credited nor charged', () => {
    const labels = boxes().map((o) => ({
      ...o,
      kind: 'textBox' as const,
      filled: false,
      lineWidth: null,
    }));
    const s = S([...labels, arrow('A', 'B'), arrow('B', 'C')]);
    expect(s.evidence.nodes).toMatchObject({
      score: 0,
      notModules: ['"Image Encoder"', '"Fusion Module"', '"Classifier"'],
    });
    expect(s.evidence.edges).toMatchObject({ score: 0, matched: [], extra: [] });
  });

  it('a label the extractor split in two is one node for relations: the slide box stands for both parts', () => {
    const g = graph({ conf: 0.8 });
    g.nodes[1] = {
      id: 'B1',
      text: 'Fusion',
      bbox: [420, 215, 70, 30],
      kind: 'label',
      confidence: 0.5,
    };
    g.nodes.push({
      id: 'B2',
      text: 'Module',
      bbox: [500, 215, 40, 30],
      kind: 'label',
      confidence: 0.5,
    });
    g.edges = [
      { from: 'A', to: 'B1', directed: true, confidence: 0.8 },
      { from: 'B2', to: 'C', directed: true, confidence: 0.8 },
    ];
    const s = S([...boxes(), arrow('A', 'B'), arrow('B', 'C')], referenceFromGraph(g));
    expect(s.evidence.edges!.score).toBe(1);
    expect(s.evidence.nodes.score).toBe(1);
  });
});

describe('scoreStructure: modules', () => {
  it('duplicated boxes are invented modules and cost; a far-off module keeps its relations but loses module credit', () => {
    const dup = S([
      ...boxes(),
      shape('30', 'Image Encoder', 100, 380),
      arrow('A', 'B'),
      arrow('B', 'C'),
    ]);
    expect(dup.evidence.nodes).toMatchObject({ invented: ['"Image Encoder"'] });
    expect(dup.evidence.nodes.score).toBeCloseTo(3 / 3.5, 6);
    // A and C swapped places, relations still glued to the right boxes.
    const swapped = [
      shape('2', 'Image Encoder', 740, 200),
      shape('3', 'Fusion Module', 420, 200),
      shape('4', 'Classifier', 100, 200),
    ];
    const s = S([
      ...swapped,
      relation(
        '10',
        'connector',
        [740, 230],
        [580, 230],
        { tail: 'triangle' },
        { start: '2', end: '3' },
      ),
      relation(
        '11',
        'connector',
        [420, 230],
        [260, 230],
        { tail: 'triangle' },
        { start: '3', end: '4' },
      ),
    ]);
    expect(s.evidence.edges!.score).toBe(1);
    expect(s.evidence.nodes).toMatchObject({ misplaced: ['"Image Encoder"', '"Classifier"'] });
    expect(s.evidence.nodes.score).toBeCloseTo(1 / 3, 6);
  });

  it("a box a fraction of the figure's module size is not that module", () => {
    const tiny = (['A', 'B', 'C'] as const).map((t, i) =>
      shape(String(i + 2), NAME[t], X[t] + 60, 220, 40, 20),
    );
    expect(S(tiny).evidence.nodes.score).toBe(0);
  });

  it('the same layout drawn larger and off-centre is not displaced', () => {
    // Every coordinate scaled by 1.1 about the figure's centre and shifted 30 px right.
    const at = (x: number, y: number, w: number, h: number) =>
      [500 + (x - 500) * 1.1 + 30, 250 + (y - 250) * 1.1, w * 1.1, h * 1.1] as const;
    const bigger = (['A', 'B', 'C'] as const).map((t, i) =>
      shape(String(i + 2), NAME[t], ...at(X[t], 200, 160, 60)),
    );
    expect(S(bigger).evidence.nodes.score).toBe(1);
  });
});

describe('scoreStructure: double-headed relations and relations at containers', () => {
  const both = (): FigureGraph => ({
    ...graph(),
    edges: [
      { from: 'A', to: 'B', directed: true, bidirectional: true, confidence: 1 },
      { from: 'B', to: 'C', directed: true, confidence: 1 },
    ],
  });
  it('a double-headed figure arrow: a double-headed connector or an arrow each way is full credit, one way half', () => {
    const ref = referenceFromGraph(both());
    const full = S(
      [...boxes(), arrow('A', 'B', { head: 'triangle', tail: 'triangle' }), arrow('B', 'C')],
      ref,
    );
    expect(full.evidence.edges).toMatchObject({
      score: 1,
      matched: ['"Image Encoder" ↔ "Fusion Module"', '"Fusion Module" → "Classifier"'],
    });
    expect(
      S([...boxes(), arrow('A', 'B'), arrow('B', 'A'), arrow('B', 'C')], ref).evidence.edges!.score,
    ).toBe(1);
    const oneWay = S([...boxes(), arrow('B', 'A'), arrow('B', 'C')], ref);
    expect(oneWay.evidence.edges).toMatchObject({
      presence: 1,
      direction: 0.75,
      undirected: ['"Image Encoder" ↔ "Fusion Module"'],
      reversed: [],
      extra: [],
    });
  });

  it('an arrow at a whole panel is matched through the slide container that stands for the group', () => {
    // A and B inside panel P (x 80..600); the figure's arrow goes from the panel to C.
    const ref = referenceFromGraph({
      ...graph(),
      edges: [{ from: 'P', to: 'C', directed: true, confidence: 1 }],
      groups: [
        { id: 'P', text: 'Stage 1', bbox: [80, 180, 520, 100], members: ['A', 'B'], confidence: 1 },
      ],
    });
    const panel = shape('20', '', 80, 180, 520, 100);
    const fromPanel = relation(
      '21',
      'connector',
      [600, 230],
      [740, 230],
      { tail: 'triangle' },
      { start: '20', end: '4' },
    );
    const good = S([panel, ...boxes(), fromPanel], ref);
    expect(good.evidence.edges).toMatchObject({ score: 1, matched: ['"Stage 1" → "Classifier"'] });
    // The same arrow from the member B instead of the panel relates B: not the figure's relation.
    const fromMember = S([panel, ...boxes(), arrow('B', 'C')], ref);
    expect(fromMember.evidence.edges!.matched).toEqual([]);
    expect(fromMember.evidence.edges!.missing).toEqual(['"Stage 1" → "Classifier"']);
  });
});
