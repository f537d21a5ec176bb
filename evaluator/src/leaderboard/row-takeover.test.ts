import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatOwnership } from '../ownership/record-merge.ts';
import type { ConfigurationRow } from '../schemas/leaderboard.schema.ts';
import type { OwnershipRecord } from '../schemas/ownership.schema.ts';
import { buildLeaderboard } from './build-leaderboard.ts';
import { loadLeaderboardInputs } from './load-leaderboard-inputs.ts';

/*
 * Row takeover on the board (issue 12, finding 2), on the committed sample: sample-cc-direct
 * (Sample Model A / Claude Code / direct-prompt, metric mean 93.78) and a newcomer whose names
 * slug alike ("SAMPLE_model a"), with a later run date and the weak sample-codex-direct's records
 * (a two-slide deck and a missing task). Before ownership, "newest date wins" gave the newcomer
 * the row; with the same date the two silently merged.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SAMPLE = join(ROOT, 'submissions', 'sample-cc-direct');
const WEAK = join(ROOT, 'submissions', 'sample-codex-direct');

let dir: string;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Entry {
  id: string;
  /** Changes to sample-cc-direct's submission.yml, as text replacements. */
  edits: [string, string][];
  /** Whose results the folder carries. */
  results: string;
}

async function board(entries: Entry[], ownership: OwnershipRecord['submissions']) {
  dir = await mkdtemp(join(tmpdir(), 'figboard-takeover-'));
  await cp(join(ROOT, 'suites', 'refig-sample'), join(dir, 'suites', 'refig-sample'), {
    recursive: true,
  });
  const yml = await readFile(join(SAMPLE, 'submission.yml'), 'utf8');
  for (const e of entries) {
    let text = yml.replace('id: sample-cc-direct', `id: ${e.id}`);
    for (const [from, to] of e.edits) text = text.replace(from, to);
    await cp(join(e.results, 'results'), join(dir, 'submissions', e.id, 'results'), {
      recursive: true,
    });
    await writeFile(join(dir, 'submissions', e.id, 'submission.yml'), text);
  }
  await writeFile(
    join(dir, 'submissions', 'OWNERSHIP.json'),
    formatOwnership({ schemaVersion: 1, submissions: ownership }),
  );
  const inputs = await loadLeaderboardInputs({
    submissionsDir: join(dir, 'submissions'),
    suitesDir: join(dir, 'suites'),
    annotationsDir: join(dir, 'annotations'),
  });
  return buildLeaderboard(inputs, {
    primaryJudge: 'metric',
    generatorVersion: 'test',
    bootstrapResamples: 200,
    eloResamples: 10,
    agreementResamples: 10,
  });
}

/** An ownership entry: first merged on `first` (merge number `n`), last on `last` (`m`). */
const entry = (
  owners: OwnershipRecord['submissions'][string]['owners'],
  first: string,
  n = 1,
  last = first,
  m = n,
) => ({ owners, firstMergedAt: first, firstMerge: n, mergedAt: last, merge: m, commit: null });
const maintainers = (first: string, n = 1, last = first, m = n) =>
  entry(['maintainers'], first, n, last, m);
const account = (id: number, login: string, first: string, n = 2, last = first, m = n) =>
  entry([{ id, login }], first, n, last, m);
const rows = (b: { leaderboard: { configurations: ConfigurationRow[] } }) =>
  b.leaderboard.configurations.map((c) => ({
    id: c.id,
    mean: c.mean,
    team: c.team,
    rank: c.rank,
    submissions: c.submissions,
  }));

const SAMPLE_ROW = {
  id: 'sample-model-a@sample-a-2026-01+high__claude-code@2.1.167__direct-prompt',
  mean: 93.78,
  team: 'FigBoard maintainers (sample entry)',
  rank: 1,
  submissions: ['sample-cc-direct'],
};
const NEWCOMER: Entry = {
  id: 'mallory-direct',
  edits: [
    ['name: Sample Model A', 'name: "SAMPLE_model a"'],
    ['team: FigBoard maintainers (sample entry)', 'team: Mallory Labs'],
    ['date: "2026-01-15"', 'date: "2026-12-31"'],
    ['sample: true', 'sample: false'],
  ],
  results: WEAK,
};

describe('configuration rows belong to one owner', () => {
  it("a newcomer whose names slug to another owner's row is left out, whatever its date", async () => {
    const b = await board([{ id: 'sample-cc-direct', edits: [], results: SAMPLE }, NEWCOMER], {
      'sample-cc-direct': maintainers('2026-02-01'),
      'mallory-direct': account(666, 'mallory', '2026-03-01'),
    });
    expect(rows(b)).toEqual([SAMPLE_ROW]);
    expect(b.problems.find((p) => p.rule === 'configuration-owned-by-other')).toMatchObject({
      file: 'submissions/mallory-direct/submission.yml',
      message:
        'model, harness and workflow names make the board row name sample-model-a__claude-code__direct-prompt, which belongs to the maintainers (submissions/sample-cc-direct, merged first); this submission is left out',
    });
    expect(b.leaderboard.submissions.map((s) => s.id)).toEqual(['sample-cc-direct']);
  });

  it.each([
    ['Cyrillic look-alikes', 'name: "Sаmplе Mоdеl А"'],
    ['fullwidth letters', 'name: "Ｓａｍｐｌｅ Ｍｏｄｅｌ Ａ"'],
    ['a zero-width space', 'name: "Sample Mo\u200bdel A"'],
  ])("a newcomer whose model name copies another owner's with %s is left out", async (_, name) => {
    const lookAlike: Entry = {
      ...NEWCOMER,
      edits: [['name: Sample Model A', name], ...NEWCOMER.edits.slice(1)],
    };
    const b = await board([{ id: 'sample-cc-direct', edits: [], results: SAMPLE }, lookAlike], {
      'sample-cc-direct': maintainers('2026-02-01'),
      'mallory-direct': account(666, 'mallory', '2026-03-01'),
    });
    expect(rows(b)).toEqual([SAMPLE_ROW]);
    expect(b.problems.map((p) => p.rule)).toContain('configuration-owned-by-other');
  });

  it('never merges two owners: same date, not merged yet, or after the first owner updates its folder', async () => {
    const cases: [string, OwnershipRecord['submissions']][] = [
      [
        'merged the same day, later',
        {
          'sample-cc-direct': maintainers('2026-02-01', 1),
          'mallory-direct': account(666, 'mallory', '2026-02-01', 2),
        },
      ],
      ['not merged', { 'sample-cc-direct': maintainers('2026-02-01') }],
      [
        'first owner updated its folder after the newcomer merged',
        {
          'sample-cc-direct': maintainers('2026-02-01', 1, '2026-04-01', 3),
          'mallory-direct': account(666, 'mallory', '2026-03-01', 2),
        },
      ],
    ];
    for (const [what, ownership] of cases) {
      const b = await board(
        [{ id: 'sample-cc-direct', edits: [], results: SAMPLE }, NEWCOMER],
        ownership,
      );
      expect(rows(b), what).toEqual([SAMPLE_ROW]);
    }
  });

  it("orders one owner's runs by merge date, not by the run date the submitter wrote", async () => {
    const b = await board(
      [
        { id: 'sample-cc-direct', edits: [], results: SAMPLE },
        // The owner's second run, merged later but claiming an older run date.
        {
          id: 'sample-cc-rerun',
          edits: [['date: "2026-01-15"', 'date: "2020-01-01"']],
          results: WEAK,
        },
      ],
      {
        'sample-cc-direct': maintainers('2026-02-01', 1),
        'sample-cc-rerun': maintainers('2026-03-01', 2),
      },
    );
    const [row] = rows(b);
    expect(row!.submissions).toEqual(['sample-cc-direct', 'sample-cc-rerun']);
    expect(row!.mean).toBeLessThan(60); // the later merge's (weaker) records win per task
    expect(b.leaderboard.submissions.map((s) => [s.id, s.date, s.mergedAt])).toEqual([
      ['sample-cc-direct', '2026-01-15', '2026-02-01'],
      ['sample-cc-rerun', '2020-01-01', '2026-03-01'],
    ]);
  });

  it('makes snapshot, reasoning effort and harness version part of the identity; attempts > 1 is shown, not ranked', async () => {
    const b = await board(
      [
        { id: 'sample-cc-direct', edits: [], results: SAMPLE },
        {
          id: 'new-snapshot',
          edits: [['snapshot: sample-a-2026-01', 'snapshot: sample-a-2026-06']],
          results: WEAK,
        },
        {
          id: 'low-effort',
          edits: [['reasoningEffort: high', 'reasoningEffort: low']],
          results: WEAK,
        },
        { id: 'new-harness', edits: [['version: 2.1.167', 'version: 2.2.0']], results: WEAK },
        { id: 'best-of-3', edits: [['attempts: 1', 'attempts: 3']], results: SAMPLE },
      ],
      Object.fromEntries(
        ['sample-cc-direct', 'new-snapshot', 'low-effort', 'new-harness', 'best-of-3'].map((id) => [
          id,
          maintainers('2026-02-01'),
        ]),
      ),
    );
    expect(rows(b).map((r) => [r.id, r.rank])).toEqual([
      ['sample-model-a@sample-a-2026-01+high__claude-code@2.1.167__direct-prompt', 1],
      ['sample-model-a@sample-a-2026-01+high__claude-code@2.2.0__direct-prompt', 2],
      ['sample-model-a@sample-a-2026-01+low__claude-code@2.1.167__direct-prompt', 3],
      ['sample-model-a@sample-a-2026-06+high__claude-code@2.1.167__direct-prompt', 4],
      ['sample-model-a@sample-a-2026-01+high__claude-code@2.1.167__direct-prompt__best-of-3', null],
    ]);
  });

  it("badges sample: true only on the maintainers' folders", async () => {
    const b = await board(
      [
        { id: 'sample-cc-direct', edits: [], results: SAMPLE },
        {
          id: 'fake-sample',
          edits: [['workflow:\n  name: direct-prompt', 'workflow:\n  name: other-prompt']],
          results: WEAK,
        },
      ],
      {
        'sample-cc-direct': maintainers('2026-02-01'),
        'fake-sample': account(666, 'mallory', '2026-03-01'),
      },
    );
    expect(b.leaderboard.submissions.map((s) => [s.id, s.sample, s.owners])).toEqual([
      ['fake-sample', false, '@mallory'],
      ['sample-cc-direct', true, 'the maintainers'],
    ]);
  });
});
