import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '@figboard/evaluator/audit';
import type { AuditRecord, Counts } from '@figboard/evaluator/schemas';
import { BROKEN_DECKS, DELIBERATE_DIFFERENCES } from './corpus-differences.ts';

// Real decks by other authors (test/fixtures/corpus/MANIFEST.tsv) against an independent
// reference reading written in Python's standard library with python-pptx's semantics
// (test/fixtures/corpus/oracle-audit.py, output committed as oracle-audit.jsonl).
const ROOT = resolve(import.meta.dirname, '../fixtures/corpus');

interface OracleLine {
  file: string;
  error?: string;
  slides?: number;
  counts?: Counts;
  texts?: string[];
  tableCellTexts?: string[];
  largestPictureCoverage?: number;
  pictureAreaRatio?: number;
}
const oracle: OracleLine[] = readFileSync(join(ROOT, 'oracle-audit.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as OracleLine);

/** The fields on which audit and reference disagree (texts as multisets, coverage within 0.01). */
function differences(o: OracleLine, r: AuditRecord): string[] {
  const out: string[] = [];
  if (o.slides !== r.slides) out.push('slides');
  if (o.counts)
    for (const [k, v] of Object.entries(o.counts))
      if (r.counts[k as keyof Counts] !== v) out.push(k);
  const expectedTexts = [...(o.texts ?? []), ...(o.tableCellTexts ?? [])].sort();
  if (JSON.stringify(expectedTexts) !== JSON.stringify([...r.texts].sort())) out.push('texts');
  if (
    o.largestPictureCoverage !== undefined &&
    Math.abs(o.largestPictureCoverage - r.largestPictureCoverage) > 0.01
  )
    out.push('largestPictureCoverage');
  if (o.pictureAreaRatio !== undefined && Math.abs(o.pictureAreaRatio - r.pictureAreaRatio) > 0.01)
    out.push('pictureAreaRatio');
  return out;
}

describe('audit vs the python-pptx reference on real decks', () => {
  it('covers every deck of the corpus', () => {
    expect(oracle.map((o) => o.file).sort()).toEqual(
      readdirSync(join(ROOT, 'pptx'))
        .map((f) => `pptx/${f}`)
        .sort(),
    );
    expect(oracle.length).toBe(102);
  });

  const readable = oracle.filter((o) => !o.error);
  it.each(readable.map((o) => [o.file, o] as const))('%s', async (file, o) => {
    const started = performance.now();
    const record = await auditFile(join(ROOT, file), { name: file });
    expect(performance.now() - started).toBeLessThan(5000);
    const allowed = DELIBERATE_DIFFERENCES[file];
    expect(differences(o, record)).toEqual(allowed?.fields ?? []);
    // Decks the reference reads as one slide pass the reader gate unless a listed reason says otherwise.
    if (o.slides === 1)
      expect(record.gate, file).toEqual({ passed: true, reason: null, detail: null });
    if (o.slides === 0) expect(record.gate.reason).toBe('no-slide');
    if ((o.slides ?? 0) > 1) expect(record.gate.reason).toBe('multiple-slides');
  });

  it.each(oracle.filter((o) => o.error).map((o) => [o.file] as const))(
    'refuses the broken deck %s with a specific reason',
    async (file) => {
      const expected = BROKEN_DECKS[file];
      expect(
        expected,
        `${file} is broken for the reference but not listed in BROKEN_DECKS`,
      ).toBeDefined();
      const record = await auditFile(join(ROOT, file), { name: file });
      expect(record.gate.passed).toBe(false);
      expect(record.gate.reason).toBe(expected!.reason);
      expect(record.gate.detail).toContain(expected!.detail);
    },
  );

  it('agrees on every field for the great majority of decks', async () => {
    const records = await Promise.all(
      readable.map((o) => auditFile(join(ROOT, o.file), { name: o.file })),
    );
    const agreeing = readable.filter((o, i) => differences(o, records[i]!).length === 0);
    expect(readable.length).toBe(97);
    expect(agreeing.length).toBe(readable.length - Object.keys(DELIBERATE_DIFFERENCES).length);
    expect(agreeing.length).toBeGreaterThanOrEqual(20);
  });
});
