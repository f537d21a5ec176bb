import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditPptx } from '@figboard/evaluator/audit';
import { figureGraphFromTruth } from '@figboard/evaluator/figure-graph';
import { Truth } from '@figboard/evaluator/schemas';
import { ADVERSARIAL_VARIANTS, buildAdversarialDeck } from './adversarial-decks.ts';

const FIG = join(import.meta.dirname, '../fixtures/calibration/fig01-002');

describe('adversarial reconstructions', () => {
  it('are valid one-slide decks, byte-identical for the same graph, image and seed', async () => {
    const truth = Truth.parse(JSON.parse(await readFile(join(FIG, 'truth.json'), 'utf8')));
    const image = await readFile(join(FIG, 'source.png'));
    const graph = figureGraphFromTruth(truth);
    for (const v of ADVERSARIAL_VARIANTS) {
      const a = await buildAdversarialDeck(v, graph, image);
      expect(
        Buffer.from(await buildAdversarialDeck(v, graph, image)).equals(Buffer.from(a)),
        v,
      ).toBe(true);
      const audit = await auditPptx(`${v}.pptx`, a, { objects: true });
      expect(audit.gate, v).toEqual({ passed: true, reason: null, detail: null });
    }
    // The seed only moves the scattered labels.
    const s1 = await buildAdversarialDeck('scattered', graph, image, 1);
    const s2 = await buildAdversarialDeck('scattered', graph, image, 2);
    expect(Buffer.from(s1).equals(Buffer.from(s2))).toBe(false);
  });

  it('draw what their names say (read back through the audit)', async () => {
    const truth = Truth.parse(JSON.parse(await readFile(join(FIG, 'truth.json'), 'utf8')));
    const image = await readFile(join(FIG, 'source.png'));
    const counts = async (v: (typeof ADVERSARIAL_VARIANTS)[number]) =>
      (await auditPptx('d.pptx', await buildAdversarialDeck(v, figureGraphFromTruth(truth), image)))
        .counts;
    const n = truth.nodes.length;
    const e = truth.edges.length;
    expect(await counts('faithful')).toMatchObject({
      connectors: e,
      connectorsAttached: e,
      pictures: 0,
    });
    expect(await counts('no-arrows')).toMatchObject({ connectors: 0 });
    expect(await counts('loose-arrows')).toMatchObject({ connectors: 0, lineShapes: e });
    expect(await counts('duplicated')).toMatchObject({ connectors: 2 * e });
    expect(await counts('every-pair')).toMatchObject({ connectors: n * (n - 1) });
    expect(await counts('picture-text')).toMatchObject({ pictures: 1, textBoxes: n });
    expect(await counts('labels-only')).toMatchObject({ textBoxes: n, connectors: e });
  });
});
