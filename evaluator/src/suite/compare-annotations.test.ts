import { describe, expect, it } from 'vitest';
import type { Truth } from '../schemas/task.schema.ts';
import { compareAnnotations } from './compare-annotations.ts';

const base: Truth = {
  id: 't',
  width: 400,
  height: 200,
  nodes: [
    { id: 'enc', text: 'Encoder', bbox: [10, 10, 100, 50] },
    { id: 'dec', text: 'Decoder', bbox: [200, 10, 100, 50] },
    { id: 'head', text: 'Head', bbox: [200, 120, 100, 50] },
    { id: 'cap', text: 'pre-training', kind: 'label', bbox: [10, 120, 100, 20] },
  ],
  edges: [
    { from: 'enc', to: 'dec' },
    { from: 'dec', to: 'head', bidirectional: true },
    { from: 'enc', to: 'cap', directed: false },
    { from: 'panel', to: 'head' },
  ],
  groups: [{ id: 'panel', text: 'Stage 1', bbox: [0, 0, 320, 70], members: ['enc', 'dec'] }],
};

describe('compareAnnotations', () => {
  it('is 1 everywhere for the same graph under other ids and slightly different boxes', () => {
    const b: Truth = {
      ...base,
      nodes: base.nodes.map((n) => ({
        ...n,
        id: `x${n.id}`,
        bbox: [n.bbox[0] + 3, n.bbox[1] + 2, n.bbox[2] - 4, n.bbox[3]] as [
          number,
          number,
          number,
          number,
        ],
      })),
      // Double-headed and undirected relations match written either way round.
      edges: [
        { from: 'xenc', to: 'xdec' },
        { from: 'xhead', to: 'xdec', bidirectional: true },
        { from: 'xcap', to: 'xenc', directed: false },
        { from: 'p', to: 'xhead' },
      ],
      groups: [{ id: 'p', text: 'stage 1', bbox: [2, 0, 318, 72], members: ['xenc', 'xdec'] }],
    };
    const r = compareAnnotations(base, b);
    expect([r.modules.f1, r.labels.f1, r.relations.f1]).toEqual([1, 1, 1]);
  });

  it('counts a reversed arrow, a missed box and a misread label against agreement', () => {
    const b: Truth = {
      ...base,
      nodes: [base.nodes[0]!, { ...base.nodes[1]!, text: 'Transformer' }, base.nodes[3]!],
      edges: [
        { from: 'dec', to: 'enc' },
        { from: 'enc', to: 'cap', directed: false },
      ],
    };
    const r = compareAnnotations(base, b);
    expect(r.modules).toEqual({ a: 3, b: 2, matched: 2, f1: 0.8 });
    expect(r.labels.matched).toBe(3); // Encoder, pre-training, Stage 1
    expect(r.relations).toEqual({ a: 4, b: 2, matched: 1, f1: 1 / 3 });
  });
});
