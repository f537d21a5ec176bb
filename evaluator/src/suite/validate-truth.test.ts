import { describe, expect, it } from 'vitest';
import { validateTruth } from './validate-truth.ts';

const target = { taskId: 't', width: 400, height: 200, file: 't/truth.json' };
const base = {
  id: 't',
  width: 400,
  height: 200,
  nodes: [
    { id: 'outer', text: 'Encoder', bbox: [10, 10, 200, 150] },
    { id: 'inner', text: 'Attention', bbox: [20, 40, 80, 40], parent: 'outer' },
    { id: 'out', text: 'Head', bbox: [300, 60, 60, 40] },
  ],
  edges: [] as Record<string, unknown>[],
  groups: [{ id: 'panel', text: 'Stage 1', bbox: [5, 5, 210, 160], members: ['outer', 'inner'] }],
};

describe('validateTruth (truth format: containers, both-way arrows, nested modules)', () => {
  it('accepts a relation at a whole group, a double-headed arrow and a nested module', () => {
    const r = validateTruth(
      {
        ...base,
        edges: [
          { from: 'panel', to: 'out' },
          { from: 'inner', to: 'out', bidirectional: true },
        ],
      },
      target,
    );
    expect(r.problems).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.truth?.edges[1]?.bidirectional).toBe(true);
  });

  it('names every broken rule: unknown end, both-ways-yet-undirected, unknown and looping parents', () => {
    const r = validateTruth(
      {
        ...base,
        nodes: [
          { id: 'a', text: 'A', bbox: [10, 10, 50, 50], parent: 'b' },
          { id: 'b', text: 'B', bbox: [10, 10, 60, 60], parent: 'a' },
          { id: 'c', text: 'C', bbox: [100, 10, 50, 50], parent: 'nobody' },
          { id: 'l', text: 'note', kind: 'label', bbox: [200, 10, 50, 50] },
          { id: 'd', text: 'D', bbox: [300, 10, 20, 20], parent: 'l' },
        ],
        groups: [],
        edges: [
          { from: 'a', to: 'ghost' },
          { from: 'a', to: 'c', bidirectional: true, directed: false },
        ],
      },
      target,
    );
    expect(r.truth).toBeNull();
    expect(r.problems.map((p) => p.slice(0, p.indexOf(']') + 1))).toEqual([
      '[truth-parent-cycle]',
      '[truth-parent-cycle]',
      '[truth-parent-unknown]',
      '[truth-parent-not-module]',
      '[truth-edge-unknown-node]',
      '[truth-edge-bidirectional-undirected]',
    ]);
    expect(r.warnings).toEqual([
      '[truth-parent-not-around] task "t": node "b" is not inside the box of its parent "a"',
      '[truth-parent-not-around] task "t": node "d" is not inside the box of its parent "l"',
    ]);
  });

  it('reports a schema problem with its path and a wrong size against the image', () => {
    expect(validateTruth({ ...base, nodes: 3 }, target).problems).toEqual([
      '[truth-json-schema] nodes: Invalid input: expected array, received number',
    ]);
    expect(validateTruth({ ...base, width: 401 }, target).problems).toEqual([
      '[truth-size-mismatch] expected 400×200, got 401×200',
    ]);
  });
});
