import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '@figboard/evaluator/audit';
import type { AuditRecord, Counts } from '@figboard/evaluator/schemas';

// The calibration decks and python-pptx's own reading of them (oracle-audit.jsonl), copied into
// the repo from the shared calibration set (see test/fixtures/README.md).
const ROOT = resolve(import.meta.dirname, '../fixtures/calibration');
const oracle = new Map(
  readFileSync(join(ROOT, 'oracle-audit.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown> & { file: string })
    .map((o) => [o.file, o]),
);
const decks = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(ROOT, d.name, 'variants')).map((v) => `${d.name}/variants/${v}`))
  .sort();
const COUNT_KEYS = new Set<keyof Counts>([
  'connectors',
  'connectorsAttached',
  'lineShapes',
  'freeforms',
  'groups',
  'pictures',
  'textBoxes',
  'textShapes',
  'shapes',
  'tables',
  'charts',
  'otherFrames',
]);

describe('audit vs python-pptx on the calibration decks', () => {
  it('has an oracle line for every deck and a deck for every oracle line', () => {
    expect(decks.length).toBe(54);
    expect([...oracle.keys()].sort()).toEqual(decks);
  });

  it.each(decks)('%s', async (deck) => {
    const expected = oracle.get(deck)!;
    const record: AuditRecord = await auditFile(join(ROOT, deck), { name: deck });
    let compared = 0;
    for (const [key, value] of Object.entries(expected)) {
      if (key === 'file') continue;
      compared++;
      if (key === 'slides') expect(record.slides, key).toBe(value);
      else if (key === 'texts')
        expect([...record.texts].sort(), key).toEqual([...(value as string[])].sort());
      else if (key === 'largestPictureCoverage')
        expect(
          Math.abs(record.largestPictureCoverage - (value as number)),
          key,
        ).toBeLessThanOrEqual(0.01);
      else if (COUNT_KEYS.has(key as keyof Counts))
        expect(record.counts[key as keyof Counts], key).toBe(value);
      else throw new Error(`oracle field ${key} is not compared; add it here`);
    }
    expect(compared).toBeGreaterThanOrEqual(11);

    // What the rest of the pipeline relies on for each kind of variant.
    const variant = deck.split('/').pop()!.replace('.pptx', '');
    expect(record.gate.passed, variant).toBe(variant !== 'twoslides');
    if (variant === 'twoslides') expect(record.gate.reason).toBe('multiple-slides');
    expect(record.cap, variant).toBe(variant === 'raster' ? 50 : 100);
    const codes = new Set(record.flags.map((f) => f.code));
    if (variant === 'injection')
      expect([...codes].sort()).toEqual([
        'text-instruction-like',
        'text-near-invisible',
        'text-off-canvas',
      ]);
    else expect([...codes], variant).toEqual([]);
  });
});
