// Baselines and upper references are reference lines: badged, drawn beside the ranking, never
// ranked in it. Checked on the board built from the committed submissions (the real baselines:
// raster paste, OCR, the classical pipeline, the style floors and the reference code) and on the
// committed leaderboard.json itself.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Leaderboard } from '../schemas/leaderboard.schema.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
let tmp: string;
let rebuilt: Leaderboard;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'figboard-reference-lines-'));
  await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'evaluator/bin/refig.js'), 'leaderboard', '--out', join(tmp, 'leaderboard.json')],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  rebuilt = Leaderboard.parse(JSON.parse(await readFile(join(tmp, 'leaderboard.json'), 'utf8')));
}, 180_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** Every rule a board must keep for its reference lines; returns the violations. */
function violations(board: Leaderboard): string[] {
  const out: string[] = [];
  const lineSubs = new Set(board.submissions.filter((s) => s.role !== 'entry').map((s) => s.id));
  for (const id of ['baseline-refig-raster', 'baseline-refig-ocr', 'baseline-refig-classical'])
    if (!lineSubs.has(id)) out.push(`${id} is not a reference line`);
  if (
    board.submissions.find((s) => s.id === 'baseline-style-reference-code')?.role !==
    'upper-reference'
  )
    out.push('baseline-style-reference-code is not the upper reference');
  const lines = new Set<string>();
  for (const r of board.configurations) {
    const fromLine = r.submissions.some((s) => lineSubs.has(s));
    if (fromLine !== (r.role !== 'entry'))
      out.push(`${r.id}: role ${r.role} disagrees with its submissions`);
    if (r.role === 'entry') continue;
    lines.add(r.id);
    if (r.rank !== null) out.push(`${r.judge}/${r.suite} ${r.id}: rank ${r.rank}`);
    if (r.tieGroup !== undefined) out.push(`${r.id}: tie group ${r.tieGroup}`);
    if (r.rankInterval !== undefined) out.push(`${r.id}: rank interval`);
    if (r.tiedWith !== undefined) out.push(`${r.id}: tiedWith`);
  }
  // entries: ranks 1..n per judge and suite, never tied with a reference line
  const ranks = new Map<string, number[]>();
  for (const r of board.configurations.filter((c) => c.role === 'entry' && c.rank !== null)) {
    const k = `${r.judge}/${r.suite}`;
    ranks.set(k, [...(ranks.get(k) ?? []), r.rank!]);
    for (const t of r.tiedWith ?? []) if (lines.has(t)) out.push(`${r.id} tied with line ${t}`);
  }
  for (const [k, list] of ranks)
    if (list.join() !== list.map((_, i) => i + 1).join()) out.push(`${k}: ranks ${list.join()}`);
  return out;
}

describe('reference lines on the board', () => {
  it('the board built from the committed submissions gives baselines no rank or tie group', () => {
    expect(violations(rebuilt)).toEqual([]);
    // refig-real has only baselines: nothing on it is ranked
    expect(
      rebuilt.configurations.filter((r) => r.suite === 'refig-real' && r.rank !== null),
    ).toEqual([]);
    // the sample suite's raster paste sits beside the three sample entries, not among them
    const sample = rebuilt.configurations.filter(
      (r) => r.suite === 'refig-sample' && r.judge === rebuilt.primaryJudge,
    );
    expect(sample.map((r) => [r.role, r.rank])).toEqual([
      ['entry', 1],
      ['entry', 2],
      ['entry', 3],
      ['baseline', null],
    ]);
  });

  it('the committed leaderboard.json does too (regenerate it after a builder change)', async () => {
    const committed = Leaderboard.parse(
      JSON.parse(await readFile(join(ROOT, 'leaderboard.json'), 'utf8')),
    );
    expect(violations(committed)).toEqual([]);
  });
});
