import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ArtifactRecord } from '../schemas/audit-record.schema.ts';
import { compareEntries, layoutKeys, type TaskFingerprint } from './compare-entries.ts';
import { hammingDistance, renderDhash } from './render-dhash.ts';

// Real records and renderings of a committed sample entry: PptxGenJS reconstructions of the six
// sample figures.
const RESULTS = new URL('../../../submissions/sample-cc-direct/results/', import.meta.url);
const records = readFileSync(new URL('artifacts.jsonl', RESULTS), 'utf8')
  .trim()
  .split('\n')
  .map((l) => ArtifactRecord.parse(JSON.parse(l)))
  .filter((r) => r.audit?.gate.passed);
const render = (task: string) => readFileSync(new URL(`renders/${task}.png`, RESULTS));

async function fingerprint(
  change: (r: (typeof records)[number]) => Partial<TaskFingerprint> = () => ({}),
): Promise<Map<string, TaskFingerprint>> {
  const out = new Map<string, TaskFingerprint>();
  for (const r of records)
    out.set(r.task, {
      deck: r.audit!.sha256,
      layout: layoutKeys(r.audit!),
      render: await renderDhash(render(r.task)),
      ...change(r),
    });
  return out;
}

describe('compareEntries', () => {
  it('calls the same decks identical', async () => {
    const a = await fingerprint();
    const s = compareEntries(a, await fingerprint());
    expect(s.commonTasks).toBe(records.length);
    expect(s.identicalDecks).toBe(records.length);
    expect(s.verdict).toBe('identical');
  });

  it('calls a re-saved copy (other bytes, the same objects in the same places) a near-duplicate', async () => {
    const copy = await fingerprint((r) => ({ deck: `resaved-${r.audit!.sha256}` }));
    const s = compareEntries(await fingerprint(), copy);
    expect(s.identicalDecks).toBe(0);
    expect(s.nearDecks).toBe(records.length);
    expect(s.verdict).toBe('near-duplicate');
  });

  it('does not flag an independent reconstruction with the same text and a similar look', async () => {
    // the same words, every object a little elsewhere (as another agent would place it), and
    // renderings that look alike (the same hashes): a faithful entry is not a copy
    const independent = await fingerprint((r) => {
      const size = r.audit!.slideSize!;
      const moved = {
        ...r.audit!,
        objects: (r.audit!.objects ?? []).map((o, i) => ({
          ...o,
          box: {
            ...o.box,
            x: o.box.x + Math.round(size.cx * (0.006 + 0.001 * (i % 3))),
            y: o.box.y + Math.round(size.cy * 0.005),
          },
        })),
      };
      return { deck: `other-${r.task}`, layout: layoutKeys(moved) };
    });
    const s = compareEntries(await fingerprint(), independent);
    expect(s.nearRenders).toBe(records.length);
    expect(s.nearDecks).toBe(0);
    expect(s.verdict).toBeNull();
  });

  it('needs at least three tasks and half of the common ones', async () => {
    const a = await fingerprint();
    const two = new Map([...a].slice(0, 2));
    expect(compareEntries(two, two).verdict).toBeNull();
    const mixed = await fingerprint((r) =>
      records.indexOf(r) < 2 ? {} : { deck: `x-${r.task}`, layout: [`only-${r.task}`] },
    );
    expect(compareEntries(a, mixed).verdict).toBeNull();
  });
});

describe('renderDhash', () => {
  it('keeps a re-encoded rendering within a few bits and tells two slides apart', async () => {
    const [t1, t2] = records.map((r) => r.task);
    const h1 = (await renderDhash(render(t1!)))!;
    const reencoded = await sharp(render(t1!)).jpeg({ quality: 60 }).toBuffer();
    expect(hammingDistance(h1, (await renderDhash(reencoded))!)).toBeLessThanOrEqual(6);
    expect(hammingDistance(h1, (await renderDhash(render(t2!)))!)).toBeGreaterThan(6);
    expect(await renderDhash(Buffer.from('not an image'))).toBeNull();
  });
});
