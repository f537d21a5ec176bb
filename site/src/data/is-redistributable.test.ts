import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_TRACKS } from '../tracks/index.ts';
import { isRedistributable } from './is-redistributable.ts';
import { loadSiteData } from './load-site-data.ts';
import { styleAnnotationPool } from './style-annotation-pool.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Every committed task.json, with its suite's `redistributableOnly` promise. */
async function committedTasks() {
  const out: { suite: string; task: string; json: any; only: boolean }[] = [];
  for (const suite of (await readdir(join(ROOT, 'suites'), { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)) {
    const suiteJson = await readFile(join(ROOT, 'suites', suite, 'suite.json'), 'utf8').catch(
      () => null,
    );
    if (suiteJson === null) continue;
    const only = JSON.parse(suiteJson).redistributableOnly === true;
    for (const d of await readdir(join(ROOT, 'suites', suite), { withFileTypes: true })) {
      if (!d.isDirectory()) continue;
      const text = await readFile(join(ROOT, 'suites', suite, d.name, 'task.json'), 'utf8').catch(
        () => null,
      );
      if (text !== null) out.push({ suite, task: d.name, json: JSON.parse(text), only });
    }
  }
  return out;
}

/** The claim a task.json makes, wherever its track keeps it (style: `provenance`, refig: `license`). */
const claimOf = (t: any) =>
  t.provenance ??
  (t.license && { redistributable: t.license.redistributable, license: t.license.spdx });

describe('isRedistributable', () => {
  it('follows the task’s own verdict first, else the license it names', () => {
    expect(isRedistributable({ redistributable: true, license: 'Matplotlib License' })).toBe(true);
    expect(isRedistributable({ license: 'Matplotlib License' })).toBe(true);
    expect(isRedistributable({ license: 'MIT' })).toBe(true);
    expect(isRedistributable({ redistributable: false, license: 'MIT' })).toBe(false);
    expect(isRedistributable({ license: 'All rights reserved' })).toBe(false);
    expect(isRedistributable(null)).toBe(false);
  });

  it('publishes every task of every committed suite that promises redistributable tasks', async () => {
    const tasks = await committedTasks();
    const suites = new Set(tasks.map((t) => t.suite));
    for (const s of ['refig-real', 'refig-sample', 'style-real', 'style-hidden', 'style-sample'])
      expect(suites).toContain(s);
    const refused = tasks
      .filter((t) => t.only && !isRedistributable(claimOf(t.json)))
      .map((t) => `${t.suite}/${t.task}`);
    expect(refused).toEqual([]);
    // a task's explicit verdict is never overridden by its license name
    for (const t of tasks) {
      const flag = claimOf(t.json)?.redistributable;
      if (typeof flag === 'boolean') expect(isRedistributable(claimOf(t.json))).toBe(flag);
    }
  });
});

describe('the committed board on the site', () => {
  it('shows every style-real reference, offers style-real pairs and marks hidden tasks', async () => {
    const data = await loadSiteData(ROOT);
    const styleReal = data.submissions.filter(
      (s) => SITE_TRACKS[s.info.track].styleRows && s.info.suite.name === 'style-real',
    );
    expect(styleReal.length).toBeGreaterThanOrEqual(2);
    for (const s of styleReal) {
      expect(s.style.length).toBe(44);
      expect(s.style.filter((r) => r.reference === null).map((r) => r.task)).toEqual([]);
      expect(s.style.some((r) => r.hidden)).toBe(false);
    }
    const pool = styleAnnotationPool(data.submissions).filter((t) => t.suite === 'style-real');
    expect(pool).toHaveLength(44);
    // the hidden splits: the tasks sealed.json holds material for, and no others
    const hiddenRefig = data.tasks.filter((t) => t.suite === 'refig-real' && t.hidden);
    expect(hiddenRefig).toHaveLength(
      data.board.suites.find((s) => s.name === 'refig-real')!.hidden!,
    );
    expect(data.tasks.some((t) => t.suite === 'refig-sample' && t.hidden)).toBe(false);
    const hiddenStyle = data.submissions
      .filter((s) => s.info.suite.name === 'style-hidden')
      .flatMap((s) => s.style);
    expect(hiddenStyle.length).toBe(4);
    expect(hiddenStyle.every((r) => r.hidden && r.reference !== null)).toBe(true);
  }, 120_000);
});
