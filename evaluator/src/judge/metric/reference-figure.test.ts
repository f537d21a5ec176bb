import { describe, expect, it } from 'vitest';
import type { FigureGraph } from '../../schemas/figure-graph.schema.ts';
import { referenceFromGraph, referenceFromTruth } from './reference-figure.ts';

describe('reference figures from a graph', () => {
  it('truth is its graph at confidence 1: every node a module, every edge directed', () => {
    const ref = referenceFromTruth({
      id: 't',
      width: 100,
      height: 50,
      nodes: [
        { id: 'a', text: 'A', bbox: [0, 0, 10, 10] },
        { id: 'b', text: 'B', bbox: [50, 0, 10, 10] },
      ],
      edges: [
        { from: 'a', to: 'b' },
        { from: 'a', to: 'zz' },
        { from: 'b', to: 'b' },
      ],
      groups: [{ id: 'g', text: 'Stage', members: ['a', 'b', 'zz'] }],
    });
    expect(ref.origin).toBe('truth');
    expect(ref.nodes.map((n) => [n.kind, n.confidence])).toEqual([
      ['module', 1],
      ['module', 1],
    ]);
    // Edges to unknown nodes and self-loops cannot be matched and are dropped.
    expect(ref.edges).toEqual([{ from: 'a', to: 'b', directed: true, confidence: 1 }]);
    // A group without a box gets the box round its members; unknown members are dropped.
    expect(ref.groups).toEqual([
      {
        id: 'g',
        text: 'Stage',
        members: ['a', 'b'],
        box: { x: 0, y: 0, w: 60, h: 10 },
        confidence: 1,
      },
    ]);
    expect(ref.texts).toEqual(['A', 'B', 'Stage']);
  });

  it('an extracted graph keeps kinds, directions and confidences; elements of confidence 0 say nothing', () => {
    const graph: FigureGraph = {
      id: 'x',
      width: 100,
      height: 50,
      nodes: [
        { id: 'a', text: 'A', bbox: [0, 0, 10, 10], kind: 'module', confidence: 0.9 },
        { id: 'b', text: 'caption', bbox: [50, 0, 10, 10], kind: 'label', confidence: 0.6 },
        { id: 'c', text: 'noise', bbox: [80, 0, 5, 5], kind: 'label', confidence: 0 },
      ],
      edges: [
        { from: 'a', to: 'b', directed: false, confidence: 0.7 },
        { from: 'a', to: 'c', directed: true, confidence: 0.9 },
        { from: 'b', to: 'a', directed: true, confidence: 0 },
      ],
      groups: [],
      extractor: { name: 'x', version: '1' },
    };
    const ref = referenceFromGraph(graph);
    expect(ref.origin).toBe('graph');
    expect(ref.nodes.map((n) => [n.id, n.kind, n.confidence])).toEqual([
      ['a', 'module', 0.9],
      ['b', 'label', 0.6],
    ]);
    expect(ref.edges).toEqual([{ from: 'a', to: 'b', directed: false, confidence: 0.7 }]);
    expect(ref.texts).toEqual(['A', 'caption']);
  });
});
