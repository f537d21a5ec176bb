import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyToTemp } from '../../../test/orbit/helpers/copy-dir.ts';
import { runCli } from '../../../test/orbit/helpers/run-cli.ts';
import { StyleTask } from '../schemas/style-task.schema.ts';
import { sha256 } from '../util/sha256.ts';
import { computeStyleStats } from './compute-style-stats.ts';
import { verifySuite } from './verify-suite.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function task(
  id: string,
  split: 'hand-curated' | 'augmented',
  chartType: string,
  license = 'MIT',
): StyleTask {
  return StyleTask.parse({
    id,
    track: 'style',
    split,
    chartType,
    title: id,
    provenance: { kind: 'synthetic', source: 's', url: null, license, redistributable: true },
    files: {},
  });
}

describe('computeStyleStats (FigMirror Figures 5/8)', () => {
  it('counts chart types per split, most common first, and the splits (hand-checked)', () => {
    const s = computeStyleStats([
      task('a', 'hand-curated', 'line'),
      task('b', 'augmented', 'line'),
      task('c', 'augmented', 'line'),
      task('d', 'augmented', 'heatmap', 'BSD-3-Clause'),
    ]);
    expect(s.splits).toEqual({ 'hand-curated': 1, augmented: 3 });
    expect(s.chartTypes).toEqual([
      { chartType: 'line', handCurated: 1, augmented: 2, total: 3, share: 0.75 },
      { chartType: 'heatmap', handCurated: 0, augmented: 1, total: 1, share: 0.25 },
    ]);
    expect(s.licenses).toEqual([
      { license: 'MIT', tasks: 3, redistributable: 3 },
      { license: 'BSD-3-Clause', tasks: 1, redistributable: 1 },
    ]);
  });
});

describe('refig suite stats / verify on suites/style-real', () => {
  it('prints the chart-type and split tables, the variation dimensions and the licenses', async () => {
    const { code, stdout, stderr } = await runCli(['suite', 'stats', 'suites/style-real'], ROOT);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('Suite style-real 1.0.0 (style track, 44 tasks)');
    expect(stdout).toMatch(/Chart types by split \(FigMirror Figures 5\/8\): 16 chart types/);
    expect(lines).toContain('Chart type           Hand-curated  Augmented  Total   Share');
    expect(stdout).toMatch(/^all\s+10\s+34\s+44\s+100\.0%$/m);
    expect(stdout).toMatch(/^hand-curated\s+10\s+22\.7%$/m);
    expect(stdout).toMatch(/^augmented\s+34\s+77\.3%$/m);
    expect(stdout).toMatch(/^Matplotlib License\s+44\s+44$/m);
    expect(stdout).toMatch(
      /Target data: variation dimensions \(FigMirror Table 4\) over 44 generated task\(s\)/,
    );
  });

  it('passes verify', async () => {
    const { code, stdout } = await runCli(['suite', 'verify', 'suites/style-real'], ROOT);
    expect(stdout).toBe(
      'ok   suites/style-real: 44 tasks, every task file hash and file verified\n',
    );
    expect(code).toBe(0);
  });

  it('refuses a non-redistributable license, incomplete provenance and broken target data, naming task and rule', async () => {
    const dir = await copyToTemp(join(ROOT, 'suites', 'style-real'), 'style-real');
    try {
      const t = join(dir, 'pie-clean');
      const json = JSON.parse(await readFile(join(t, 'task.json'), 'utf8'));
      json.provenance.license = 'GPL-3.0-only';
      delete json.provenance.commit;
      // A ragged row and a non-finite value in the target data, with its hash updated so only the data rules fire.
      const data = `${(await readFile(join(t, 'data.csv'), 'utf8')).trimEnd()}\nLonely row\nBad,NaN\n`;
      await writeFile(join(t, 'data.csv'), data);
      json.files['data.csv'] = sha256(Buffer.from(data));
      await writeFile(join(t, 'task.json'), JSON.stringify(json));
      const result = await verifySuite(dir);
      expect(result.ok).toBe(false);
      const rules = result.problems.map((p) => `${p.rule} ${p.file.slice(dir.length + 1)}`);
      expect(rules).toEqual([
        'license-not-redistributable pie-clean/task.json',
        'provenance-incomplete pie-clean/task.json',
        'data-row-width pie-clean/data.csv',
        'data-value-not-finite pie-clean/data.csv',
      ]);
      for (const p of result.problems) expect(p.message).toContain('task "pie-clean"');
    } finally {
      await rm(dirname(dir), { recursive: true, force: true });
    }
  });
});
