import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyToTemp } from '../../../test/orbit/helpers/copy-dir.ts';
import { formatProblem } from '../errors/problem.ts';
import { refreshSuiteManifest } from './build-suite-manifest.ts';
import { loadSuite } from './load-suite.ts';
import { verifySuite } from './verify-suite.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SAMPLE = join(ROOT, 'suites', 'refig-sample');
const REAL = join(ROOT, 'suites', 'refig-real');

/** Problems as short lines with the temp folder cut off, for snapshots. */
const lines = (problems: { file: string }[], base: string) =>
  problems.map((p) =>
    formatProblem(p as never)
      .split(`${base}/`)
      .join('')
      .replace(/not valid JSON: .*/, 'not valid JSON: (V8 parser message)'),
  );

describe('loadSuite on the committed suites', () => {
  it('loads refig-sample: 6 tasks with truth, all verified', async () => {
    const suite = await verifySuite(SAMPLE);
    expect(suite.problems).toEqual([]);
    expect(suite.manifest?.sample).toBe(true);
    expect(suite.tasks.map((t) => [t.id, t.task.source.kind, t.truth?.nodes.length])).toEqual([
      ['fig01-000', 'synthetic', 4],
      ['fig01-001', 'synthetic', 5],
      ['fig01-002', 'synthetic', 8],
      ['fig01-003', 'synthetic', 4],
      ['fig01-004', 'synthetic', 9],
      ['fig01-005', 'synthetic', 15],
    ]);
  });

  it('loads refig-real: ≥ 120 redistributable repository figures, each with its paper, field and pinned commit, one per paper', async () => {
    const suite = await verifySuite(REAL);
    expect(suite.problems).toEqual([]);
    expect(suite.tasks.length).toBe(suite.manifest!.taskCount);
    expect(suite.tasks.length).toBeGreaterThanOrEqual(120);
    const repos = new Set<string>();
    const papers = new Set<string>();
    for (const { task } of suite.tasks) {
      expect(task.source.kind).toBe('repository');
      expect(task.license.redistributable).toBe(true);
      expect(['MIT', 'Apache-2.0', 'BSD-2-Clause', 'BSD-3-Clause']).toContain(task.license.spdx);
      expect(['cs.AI', 'cs.CL', 'cs.CV', 'cs.LG']).toContain(task.field);
      expect(task.selection.evidence.some((e) => e.startsWith('overview: '))).toBe(true);
      if (task.source.kind !== 'repository') continue;
      expect(task.source.url).toContain(task.source.commit);
      expect(task.source.paper?.title).toBeTruthy();
      repos.add(task.source.repository);
      papers.add(task.source.paper!.arxivId ?? task.source.paper!.title);
    }
    expect(repos.size).toBeGreaterThanOrEqual(25);
    expect(papers.size).toBe(suite.tasks.length);
  });
});

describe('loadSuite collects problems', () => {
  it('a tampered image fails with the task id and both hashes', async () => {
    const dir = await copyToTemp(SAMPLE, 'refig-sample');
    const image = join(dir, 'fig01-002', 'source.png');
    const bytes = await readFile(image);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff; // same size, different content
    await writeFile(image, bytes);
    const suite = await loadSuite(dir);
    expect(suite.ok).toBe(false);
    expect(suite.tasks.map((t) => t.id)).toEqual([
      'fig01-000',
      'fig01-001',
      'fig01-003',
      'fig01-004',
      'fig01-005',
    ]);
    const recorded = JSON.parse(await readFile(join(dir, 'fig01-002', 'task.json'), 'utf8')).image
      .sha256;
    expect(suite.problems).toHaveLength(1);
    expect(suite.problems[0]).toMatchObject({
      rule: 'image-hash-mismatch',
      file: image,
      expected: recorded,
    });
    expect(suite.problems[0]!.message).toContain('fig01-002');
    expect(suite.problems[0]!.got).toMatch(/^[0-9a-f]{64}$/);
    expect(suite.problems[0]!.got).not.toBe(recorded);
    await rm(dir, { recursive: true });
  });

  it('one broken task never hides the others: every problem is reported, the rest load', async () => {
    const dir = await copyToTemp(SAMPLE, 'refig-sample');
    await writeFile(join(dir, 'fig01-000', 'task.json'), '{ "id": "fig01-000", ');
    await rm(join(dir, 'fig01-001', 'source.png'));
    await rm(join(dir, 'fig01-002', 'truth.json'));
    const t3 = JSON.parse(await readFile(join(dir, 'fig01-003', 'task.json'), 'utf8'));
    t3.id = 'other';
    t3.image.width = -5;
    await writeFile(join(dir, 'fig01-003', 'task.json'), JSON.stringify(t3));
    await rm(join(dir, 'fig01-005'), { recursive: true });
    const suite = await loadSuite(dir);
    expect(suite.tasks.map((t) => t.id)).toEqual(['fig01-004']);
    expect(lines(suite.problems, dir)).toMatchInlineSnapshot(`
      [
        "error fig01-000/task.json [task-json-parse] not valid JSON: (V8 parser message)",
        "error fig01-001/source.png [image-missing] task "fig01-001": image source.png is missing",
        "error fig01-002/truth.json [truth-missing] task "fig01-002" says hasTruth=true but truth.json is missing",
        "error fig01-003/task.json [task-json-schema] image.width: Too small: expected number to be >0",
        "error fig01-005/task.json [suite-task-missing] task "fig01-005" is listed in suite.json but its task.json is missing",
      ]
    `);
    await rm(dir, { recursive: true });
  });

  it('reports unlisted folders, a wrong count, unsorted ids and a missing suite.json', async () => {
    const dir = await copyToTemp(SAMPLE, 'refig-sample');
    const manifest = JSON.parse(await readFile(join(dir, 'suite.json'), 'utf8'));
    manifest.tasks = ['fig01-001', 'fig01-000', 'fig01-002', 'fig01-003', 'fig01-004'];
    manifest.taskCount = 6;
    await writeFile(join(dir, 'suite.json'), JSON.stringify(manifest));
    const suite = await loadSuite(dir);
    expect(lines(suite.problems, dir)).toMatchInlineSnapshot(`
      [
        "error suite.json [suite-task-count] "taskCount" does not match the number of listed tasks (expected 5, got 6)",
        "error suite.json [suite-tasks-order] "tasks" must be in canonical (sorted) order so every run visits tasks in the same order — refig suite build-stats DIR rewrites the list sorted",
        "error fig01-005/task.json [suite-task-unlisted] task folder "fig01-005" is not listed in suite.json — add it to "tasks" (refig suite build-stats DIR rewrites the list) or remove the folder",
      ]
    `);
    await rm(join(dir, 'suite.json'));
    expect(lines((await loadSuite(dir)).problems, dir)).toEqual([
      'error suite.json [suite-json-missing] file is missing',
    ]);
    await rm(dir, { recursive: true });
  });

  it('refuses a symlinked image and a non-redistributable task in a redistributable-only suite', async () => {
    const dir = await copyToTemp(SAMPLE, 'refig-sample');
    const { symlink } = await import('node:fs/promises');
    await rm(join(dir, 'fig01-000', 'source.png'));
    await symlink('/etc/passwd', join(dir, 'fig01-000', 'source.png'));
    const t1 = JSON.parse(await readFile(join(dir, 'fig01-001', 'task.json'), 'utf8'));
    t1.license = {
      name: 'arXiv.org perpetual, non-exclusive license',
      url: 'http://arxiv.org/licenses/nonexclusive-distrib/1.0/',
      redistributable: false,
    };
    await writeFile(join(dir, 'fig01-001', 'task.json'), JSON.stringify(t1));
    const suite = await loadSuite(dir);
    expect(suite.problems.map((p) => [p.rule, p.file.split(`${dir}/`)[1]])).toEqual([
      ['image-not-a-file', 'fig01-000/source.png'],
      ['license-not-redistributable', 'fig01-001/task.json'],
    ]);
    await rm(dir, { recursive: true });
  });
});

describe('verifySuite and refreshSuiteManifest', () => {
  it('verify notices stale statistics; build-stats recomputes list and statistics', async () => {
    const dir = await copyToTemp(SAMPLE, 'refig-sample');
    await rm(join(dir, 'fig01-003'), { recursive: true });
    const manifest = JSON.parse(await readFile(join(dir, 'suite.json'), 'utf8'));
    manifest.tasks = manifest.tasks.filter((t: string) => t !== 'fig01-003');
    manifest.taskCount = 5;
    await writeFile(join(dir, 'suite.json'), JSON.stringify(manifest));
    const stale = await verifySuite(dir);
    expect(stale.problems.map((p) => p.rule)).toEqual(['suite-stats-stale']);
    const refreshed = await refreshSuiteManifest(dir);
    expect(refreshed.written).toBe(true);
    expect(refreshed.manifest?.imageStats?.images).toBe(5);
    expect((await verifySuite(dir)).problems).toEqual([]);
    await rm(dir, { recursive: true });
  });

  it('build-stats on the committed suites reproduces suite.json byte for byte', async () => {
    for (const src of [SAMPLE, REAL]) {
      const dir = await copyToTemp(src, 'suite');
      await refreshSuiteManifest(dir);
      expect(await readFile(join(dir, 'suite.json'), 'utf8')).toBe(
        await readFile(join(src, 'suite.json'), 'utf8'),
      );
      await rm(dir, { recursive: true });
    }
  });
});

describe('loadSuite on a style suite', () => {
  it('checks each style task.json against its schema and every listed file against its hash', async () => {
    const { mkdir, mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { sha256 } = await import('../util/sha256.ts');
    const dir = join(await mkdtemp(join(tmpdir(), 'figboard-style-')), 'style-mini');
    const task = (id: string, files: Record<string, string>) => ({
      id,
      track: 'style',
      split: 'hand-curated',
      chartType: 'grouped-bar',
      title: 'Bars',
      provenance: { kind: 'synthetic', source: 'made for the test', url: null, license: 'MIT' },
      files: Object.fromEntries(Object.entries(files).map(([n, c]) => [n, sha256(c)])),
    });
    await mkdir(join(dir, 's1'), { recursive: true });
    await mkdir(join(dir, 's2'), { recursive: true });
    await writeFile(
      join(dir, 'suite.json'),
      JSON.stringify({
        name: 'style-mini',
        version: '1',
        track: 'style',
        description: 'test',
        taskCount: 2,
        tasks: ['s1', 's2'],
        licensePolicy: 'MIT',
        imageStats: null,
      }),
    );
    await writeFile(
      join(dir, 's1', 'task.json'),
      JSON.stringify(task('s1', { 'data.csv': 'x,y\n1,2\n' })),
    );
    await writeFile(join(dir, 's1', 'data.csv'), 'x,y\n1,2\n');
    await writeFile(
      join(dir, 's2', 'task.json'),
      JSON.stringify(task('s2', { 'data.csv': 'a', 'reference.png': 'png' })),
    );
    await writeFile(join(dir, 's2', 'data.csv'), 'b');
    const suite = await verifySuite(dir);
    expect(suite.taskDirs.map((t) => t.id)).toEqual(['s1', 's2']);
    expect(suite.problems.map((p) => [p.rule, p.file.split(`${dir}/`)[1]])).toEqual([
      ['task-file-hash-mismatch', 's2/data.csv'],
      ['task-file-missing', 's2/reference.png'],
    ]);
    await rm(dirname(dir), { recursive: true });
  });
});
