import { describe, expect, it } from 'vitest';
import { readSlideGraph } from './read-slide-graph.ts';
import { createFrame } from './slide-geometry.ts';
import { auditOf, group, relation, shape, SLIDE } from './slide-fixtures.testkit.ts';

const frame = createFrame(SLIDE, { width: 1000, height: 500 });
const A = shape('2', 'Encoder', 100, 200);
const B = shape('3', 'Decoder', 600, 200);
// A's right edge is x=260, B's left edge x=600, both at y=230.
const edgesOf = (...objects: Parameters<typeof auditOf>[0]) =>
  readSlideGraph(auditOf([A, B, ...objects]), frame).edges.map((e) => ({
    from: e.from,
    to: e.to,
    directed: e.directed,
    attached: e.attached,
  }));

describe('readSlideGraph: direction of relations', () => {
  it('a:tailEnd decorates the END point: drawn A→B with tailEnd reads A→B', () => {
    expect(
      edgesOf(
        relation(
          '4',
          'connector',
          [260, 230],
          [600, 230],
          { tail: 'triangle' },
          { start: '2', end: '3' },
        ),
      ),
    ).toEqual([{ from: '2', to: '3', directed: true, attached: true }]);
  });

  it('a:headEnd decorates the START point: drawn A→B with headEnd reads B→A', () => {
    expect(
      edgesOf(
        relation(
          '4',
          'connector',
          [260, 230],
          [600, 230],
          { head: 'triangle' },
          { start: '2', end: '3' },
        ),
      ),
    ).toEqual([{ from: '3', to: '2', directed: true, attached: true }]);
  });

  it('drawn from B to A (flipped) with tailEnd reads B→A', () => {
    expect(
      edgesOf(
        relation(
          '4',
          'connector',
          [600, 230],
          [260, 230],
          { tail: 'stealth' },
          { start: '3', end: '2' },
        ),
      ),
    ).toEqual([{ from: '3', to: '2', directed: true, attached: true }]);
  });

  it('arrowheads at both ends or none (or type="none") decide no direction', () => {
    expect(
      edgesOf(
        relation(
          '4',
          'connector',
          [260, 230],
          [600, 230],
          { head: 'triangle', tail: 'triangle' },
          { start: '2', end: '3' },
        ),
      )[0]!.directed,
    ).toBe(false);
    expect(
      edgesOf(relation('4', 'connector', [260, 230], [600, 230], {}, { start: '2', end: '3' }))[0]!
        .directed,
    ).toBe(false);
    expect(
      edgesOf(
        relation(
          '4',
          'connector',
          [260, 230],
          [600, 230],
          { head: 'none', tail: 'none' },
          { start: '2', end: '3' },
        ),
      )[0]!.directed,
    ).toBe(false);
  });

  it('glue counts only where the drawing agrees; loose lines and freeforms snap to the nearest shape', () => {
    // Glued B then A, drawn from B's edge to A's: the glue decides the ends.
    expect(
      edgesOf(
        relation(
          '4',
          'connector',
          [600, 230],
          [262, 230],
          { tail: 'triangle' },
          { start: '3', end: '2' },
        ),
      ),
    ).toEqual([{ from: '3', to: '2', directed: true, attached: true }]);
    // The glue names B then A but the line is drawn from A to B: what a reader sees is A → B,
    // and a connector whose glue contradicts its drawing is not a glued (editable) relation.
    expect(
      edgesOf(
        relation(
          '4',
          'connector',
          [260, 230],
          [600, 230],
          { tail: 'triangle' },
          { start: '3', end: '2' },
        ),
      ),
    ).toEqual([{ from: '2', to: '3', directed: true, attached: false }]);
    expect(edgesOf(relation('4', 'line', [262, 231], [598, 229], { tail: 'triangle' }))).toEqual([
      { from: '2', to: '3', directed: true, attached: false },
    ]);
    expect(edgesOf(relation('4', 'freeform', [598, 229], [262, 231], { tail: 'arrow' }))).toEqual([
      { from: '3', to: '2', directed: true, attached: false },
    ]);
    // An end far from every shape resolves to nothing.
    expect(edgesOf(relation('4', 'line', [262, 231], [430, 450], { tail: 'triangle' }))).toEqual([
      { from: '2', to: null, directed: true, attached: false },
    ]);
  });

  it('a connector whose glue names a missing shape is not attached and falls back to snapping', () => {
    const c = relation('4', 'connector', [260, 230], [600, 230], { tail: 'triangle' });
    c.startConnection = { id: '99', idx: 0, exists: false };
    c.endConnection = { id: '3', idx: 1, exists: true };
    expect(edgesOf(c)).toEqual([{ from: '2', to: '3', directed: true, attached: false }]);
  });
});

describe('readSlideGraph: modules and containers', () => {
  it('folds a text box laid on a textless shape into one module', () => {
    const box = shape('5', '', 100, 350);
    const label = shape('6', 'Planner', 110, 360, 140, 40, 'textBox');
    const g = readSlideGraph(auditOf([A, box, label]), frame);
    expect(g.nodes.map((n) => [n.id, n.text, n.shapeBound, n.objectIds])).toEqual([
      ['2', 'Encoder', true, ['2']],
      ['5', 'Planner', true, ['5', '6']],
    ]);
  });

  it('a lone text box is a module but not shape-bound', () => {
    const g = readSlideGraph(auditOf([shape('6', 'Note', 110, 360, 140, 40, 'textBox')]), frame);
    expect(g.nodes.map((n) => n.shapeBound)).toEqual([false]);
  });

  it('a large shape around modules is a container, and a p:grpSp contains its descendants', () => {
    const frameShape = shape('7', 'Stage 1', 50, 150, 800, 200);
    const grp = group('8', 80, 180, 720, 120);
    const A2 = { ...A, parentId: '8' };
    const B2 = { ...B, parentId: '8' };
    const g = readSlideGraph(auditOf([frameShape, grp, A2, B2]), frame);
    // The container shape is a node too (a connector may be glued to it), after the others.
    expect(g.nodes.map((n) => [n.id, n.container ?? false])).toEqual([
      ['2', false],
      ['3', false],
      ['7', true],
    ]);
    expect(g.containers).toEqual([
      expect.objectContaining({ id: '7', kind: 'shape', members: ['2', '3'], text: 'Stage 1' }),
      expect.objectContaining({ id: '8', kind: 'group', members: ['2', '3'] }),
    ]);
  });

  it('a connector glued to a container relates the container; a loose end on its frame snaps to it, one inside to what is drawn there', () => {
    const outer = shape('7', 'Image Encoder', 50, 150, 500, 200);
    const head = shape('9', 'Head', 800, 220);
    const glued = relation(
      '10',
      'connector',
      [550, 250],
      [800, 250],
      { tail: 'triangle' },
      { start: '7', end: '9' },
    );
    const onFrame = relation('11', 'line', [550, 260], [800, 260], { tail: 'triangle' });
    // Ends 10 px to the right of Encoder (A ends at x=260), well inside the container.
    const inside = relation('12', 'line', [270, 230], [800, 240], { tail: 'triangle' });
    const g = readSlideGraph(
      auditOf([outer, A, shape('3', 'Decoder', 300, 200), head, glued, onFrame, inside]),
      frame,
    );
    expect(g.edges.map((e) => [e.objectId, e.from, e.to])).toEqual([
      ['10', '7', '9'],
      ['11', '7', '9'],
      ['12', '2', '9'],
    ]);
  });

  it('arrowheads at both ends: no direction, marked as drawn both ways', () => {
    const g = readSlideGraph(
      auditOf([
        A,
        B,
        relation(
          '4',
          'connector',
          [260, 230],
          [600, 230],
          { head: 'triangle', tail: 'triangle' },
          { start: '2', end: '3' },
        ),
      ]),
      frame,
    );
    expect(g.edges.map((e) => [e.from, e.to, e.directed, e.bothHeads ?? false])).toEqual([
      ['2', '3', false, true],
    ]);
  });

  it('text flagged off-canvas or near-invisible is marked hidden', () => {
    const g = readSlideGraph(
      auditOf([A], { flags: [{ code: 'text-near-invisible', target: '2', detail: '1 pt' }] }),
      frame,
    );
    expect([...g.hiddenTextIds]).toEqual(['2']);
  });
});

describe('readSlideGraph: only what a reader sees counts', () => {
  const glued = (extra: Partial<ReturnType<typeof relation>> = {}) => ({
    ...relation(
      '4',
      'connector',
      [260, 230],
      [600, 230],
      { tail: 'triangle' },
      { start: '2', end: '3' },
    ),
    ...extra,
  });
  const read = (
    objects: Parameters<typeof auditOf>[0],
    overrides: Parameters<typeof auditOf>[1] = {},
  ) => readSlideGraph(auditOf(objects, overrides), frame);

  it('a relation without a stroke that shows — none, under ¼ pt, white — or shorter than 1 % of the slide is not drawn', () => {
    for (const hidden of [
      { lineWidth: null },
      { lineWidth: 1 },
      { lineWidth: 12_700, lineColor: '#ffffff' },
    ]) {
      const g = read([A, B, glued(hidden)]);
      expect(g.edges, JSON.stringify(hidden)).toEqual([]);
      expect(g.excluded.invisible).toEqual(['4']);
    }
    // A 1-EMU stub glued to both shapes: the glue claims a relation the drawing does not show.
    const stub = relation(
      '4',
      'connector',
      [260, 230],
      [260.0001, 230],
      { tail: 'triangle' },
      { start: '2', end: '3' },
    );
    expect(read([A, B, stub]).edges).toEqual([]);
    expect(read([A, B, glued({ lineWidth: 12_700, lineColor: '#333333' })]).edges).toHaveLength(1);
  });

  it('a module is a drawn box: a text box counts only with a visible border or fill, a shape only when something of it shows', () => {
    const bare = {
      ...shape('6', 'Note', 110, 360, 140, 40, 'textBox'),
      filled: false,
      lineWidth: null,
    };
    const bordered = { ...bare, id: '7', lineWidth: 9525, lineColor: '#333333' };
    const ghost = { ...shape('8', 'Ghost', 600, 360), filled: false, lineWidth: null };
    const white = {
      ...shape('9', 'White', 800, 360),
      filled: true,
      fill: '#fefefe',
      lineWidth: null,
    };
    const g = read([bare, bordered, ghost, white]);
    expect(g.nodes.map((n) => [n.text, n.shapeBound])).toEqual([
      ['Note', false],
      ['Note', true],
      ['Ghost', false],
      ['White', false],
    ]);
  });

  it('objects mostly off the canvas, and objects lying on a large picture, are left out and listed', () => {
    const off = shape('6', 'Hidden', 1100, 200);
    const onPicture = shape('7', 'Traced', 420, 380);
    const picBox = { x: 0, y: 3_000_000, w: 12_192_000, h: 3_000_000 };
    const g = read([A, off, onPicture], { pictureBoxes: [{ id: '9', box: picBox }] });
    expect(g.nodes.map((n) => n.id)).toEqual(['2']);
    expect(g.excluded).toMatchObject({ offCanvas: ['6'], onPicture: ['7'] });
    // A small picture (an icon) does not take the module lying on it.
    const icon = { x: 5_000_000, y: 4_600_000, w: 600_000, h: 300_000 };
    expect(read([onPicture], { pictureBoxes: [{ id: '9', box: icon }] }).nodes).toHaveLength(1);
  });

  it('a block arrow is a relation pointing where its shape points after flips and rotation', () => {
    const arrow = (extra: Partial<ReturnType<typeof shape>>) => ({
      ...shape('5', '', 280, 215, 300, 30),
      geometry: 'rightArrow',
      ...extra,
    });
    const dir = (extra: Partial<ReturnType<typeof shape>>) =>
      read([A, B, arrow(extra)]).edges.map((e) => [e.from, e.to, e.directed]);
    expect(dir({})).toEqual([['2', '3', true]]);
    expect(dir({ flipH: true })).toEqual([['3', '2', true]]);
    expect(dir({ rotation: 180 })).toEqual([['3', '2', true]]);
    expect(dir({ geometry: 'leftRightArrow' })).toEqual([['2', '3', false]]);
    expect(read([A, B, arrow({})]).nodes.map((n) => n.id)).toEqual(['2', '3']);
  });
});

describe('readSlideGraph: arrowheads drawn as their own shapes', () => {
  it('a plain line takes its direction from a small triangle drawn at one end', () => {
    const line = relation('4', 'line', [262, 230], [596, 230], {});
    const head = { ...shape('5', '', 588, 224, 12, 12), geometry: 'triangle', rotation: 90 };
    const g = readSlideGraph(auditOf([A, B, line, head]), frame);
    expect(g.edges.map((e) => [e.from, e.to, e.directed])).toEqual([['2', '3', true]]);
    expect(g.nodes.map((n) => n.id)).toEqual(['2', '3']);
  });
});
