import { describe, expect, it } from 'vitest';
import { boardInputs } from '@figboard/evaluator/testkit';
import { buildLeaderboard } from '@figboard/evaluator/leaderboard';
import type { ArtifactRecord, BundleInsights } from '@figboard/evaluator/schemas';
import type { ResultsBundle } from '../src/results-bundle.ts';
import { composeScorecardComment } from '../src/views/compose-scorecard-comment.ts';
import { buildScorecardView } from '../src/views/scorecard-view.ts';

const TASKS = ['t1', 't2', 't3', 't4'];
const RUBRIC = { T: 25, S: 25, L: 15, E: 25, V: 10 };

/** `hidden`: sealed tasks the entry's run could not score (no key), so it has no record of them. */
function bundle(staleEntry: boolean, hidden: string[] = []): { bundle: ResultsBundle; id: string } {
  const axes = (k: number) => ({ T: 10 + k, S: 12, L: 8, E: 15, V: 5 });
  const inputs = boardInputs(TASKS, [
    {
      submission: 'entry',
      model: 'Model E',
      harness: 'Claude Code',
      workflow: 'direct',
      judgments: { metric: [TASKS.map((_, i) => axes(i))] },
    },
    {
      submission: 'other',
      model: 'Model O',
      harness: 'Claude Code',
      workflow: 'direct',
      judgments: { metric: [TASKS.map((_, i) => axes(i + 1))] },
    },
  ]);
  for (const s of inputs.submissions)
    for (const run of s.judgments)
      for (const r of run.records) {
        r.rubric = { ...RUBRIC };
        // The entry judged by an evaluator older than scorer versions.
        if (staleEntry && s.id === 'entry') r.scorers = {};
      }
  inputs.suites[0]!.sealedTasks = hidden;
  for (const run of inputs.submissions[0]!.judgments)
    run.records = run.records.filter((r) => !hidden.includes(r.task));
  const { leaderboard } = buildLeaderboard(inputs, {
    primaryJudge: 'metric',
    generatorVersion: 'test',
    bootstrapResamples: 200,
    rubric: RUBRIC,
  });
  const entry = inputs.submissions[0]!;
  return {
    id: entry.id,
    bundle: {
      dir: '.',
      insights: null,
      manifest: {
        schemaVersion: 1,
        pr: { number: 1, headSha: 'a'.repeat(40) },
        submissions: [entry.id],
        llmJudged: false,
        runUrl: null,
        notes: [],
      },
      submissions: [
        {
          id: entry.id,
          track: 'refig',
          validation: null,
          artifacts: [],
          judgments: entry.judgments.flatMap((j) => j.records),
          style: [],
          styleJudgments: [],
        },
      ],
      provisional: leaderboard,
      current: null,
      problems: [],
    },
  };
}

describe('scorecard view', () => {
  it("reads the axis maxima from the board's rubric, never from a literal", () => {
    const { bundle: b, id } = bundle(false);
    const view = buildScorecardView(b, b.submissions.find((s) => s.id === id)!);
    expect(view.axisHeads).toEqual(['T /25', 'S /25', 'L /15', 'E /25', 'V /10']);
    expect(view.axisCis!.map((a) => [a.axis, a.max])).toEqual([
      ['T', 25],
      ['S', 25],
      ['L', 15],
      ['E', 25],
      ['V', 10],
    ]);
    expect(view.judges[0]!.rank).toMatch(/^\d of 2 \(95% interval \d–\d\)$/);
    expect(view.rescoring).toEqual([]);
  });

  it('says when the entry cannot be ranked because its records were made by another scorer version', () => {
    const { bundle: b, id } = bundle(true);
    const view = buildScorecardView(b, b.submissions.find((s) => s.id === id)!);
    expect(view.judges).toEqual([]);
    expect(view.rescoring).toEqual([
      {
        records: '<code>judgments/metric</code>',
        // Markdown-escaped: the bot neutralises every string it prints.
        detail: expect.stringMatching(
          /^4 record\\\(s\\\) made by no scorer version \\\(older evaluator\\\); the board needs audit \d+, metric \d+$/,
        ),
      },
    ]);
  });
});

const entryOf = (b: ResultsBundle) => b.submissions[0]!;
const metricRow = (b: ResultsBundle) =>
  b.provisional!.configurations.find(
    (r) => r.judge === 'metric' && r.submissions.includes(entryOf(b).id),
  )!;
const artifact = (task: string, status: 'ok' | 'missing'): ArtifactRecord => ({
  task,
  submission: 'entry',
  status,
  audit: null,
  inputHash: task,
});
const insightWith = (extra: Partial<BundleInsights['entries'][number]>): BundleInsights => ({
  schemaVersion: 1,
  entries: [
    { submission: 'entry', suite: 'suite', similar: [], previews: [], estimate: [], ...extra },
  ],
});

describe('scorecard view: what a maintainer decides from', () => {
  it("words ties from the board's tie group and rank interval, never from CI overlap", () => {
    const { bundle: b } = bundle(false);
    const row = metricRow(b);
    const other = b.provisional!.configurations.find(
      (r) => r.judge === 'metric' && r.id !== row.id,
    )!;
    // the same scores and CIs, two statements of the board: tied, then not tied
    row.tiedWith = [other.id];
    row.tieGroup = 1;
    const tied = buildScorecardView(b, entryOf(b)).comparison!;
    expect(tied.verdict).toMatch(/^Statistically tied with .*Model O.*cannot tell them apart/);
    expect(tied.neighbours.find((n) => !n.self)!.tied).toBe(true);
    expect(tied.tieGroup).toBe(1);
    row.tiedWith = [];
    row.rankInterval = [row.rank!, row.rank!];
    const alone = buildScorecardView(b, entryOf(b)).comparison!;
    expect(alone.verdict).toBe(
      `Tied with no entry: rank ${row.rank} in 95% of the bootstrap resamples.`,
    );
    expect(alone.verdict).not.toContain('cannot tell');
    expect(alone.neighbours.find((n) => !n.self)!.tied).toBe(false);
    expect(alone.interval).toBe(`${row.rank}–${row.rank}`);
    expect(alone.of).toBe(2);
  });

  it('counts per task, from the records, how many were scored against checked truth', () => {
    const { bundle: b } = bundle(false);
    const records = entryOf(b).judgments;
    records[1]!.reference = 'extracted-graph';
    records[2]!.reference = 'extracted-graph';
    records[3]!.reference = 'extracted-graph';
    const view = buildScorecardView(b, entryOf(b));
    expect(view.checkedTruth).toBe(
      '1 of 4 tasks scored against checked truth; the other 3 against the graph extracted from the source image (an unranked preview, out of the mean)',
    );
    expect(view.judges.find((j) => j.judge === '<code>metric</code>')!.checkedTruth).toBe('1 of 4');
  });

  it('says loudly when a judge has no price, and prices the others', () => {
    const { bundle: b } = bundle(false);
    const est = (judge: string, costUsd: number | null) => ({
      judge,
      model: `${judge}-model`,
      tasks: 4,
      runs: 3,
      inputTokensPerJudgment: 1000,
      outputTokensPerJudgment: 800,
      basis: 'prompt' as const,
      costUsd,
    });
    b.insights = insightWith({ estimate: [est('priced', 0.37), est('self-hosted', null)] });
    const view = buildScorecardView(b, entryOf(b));
    expect(view.estimate.map((e) => e.cost)).toEqual(['$0.37', '**no price set**']);
    expect(view.estimateWarning).toContain('**⚠️ No prices set for <code>self-hosted</code>**');
    expect(view.estimateWarning).not.toContain('priced<');
    b.insights = insightWith({ estimate: [est('priced', 0.37)] });
    expect(buildScorecardView(b, entryOf(b)).estimateWarning).toBeNull();
  });

  it('tells crashed tasks (first error.log line, escaped) from never-run ones', () => {
    const { bundle: b } = bundle(false);
    entryOf(b).artifacts = [
      artifact('t1', 'ok'),
      artifact('t2', 'missing'),
      artifact('t3', 'missing'),
      artifact('t4', 'missing'),
    ];
    b.insights = insightWith({
      unanswered: [
        { task: 't2', kind: 'crashed', firstLine: 'Error: `rm -rf` <b>|x|</b> @team #1' },
        { task: 't3', kind: 'never-run', firstLine: null },
      ],
    });
    const u = buildScorecardView(b, entryOf(b)).unanswered!;
    expect(u.crashed).toHaveLength(1);
    expect(u.crashed[0]!.task).toBe('<code>t2</code>');
    // inside <code>: no Markdown, no HTML, no mention or issue link from the entry's log
    expect(u.crashed[0]!.firstLine).toMatch(/^<code>Error: .*<\/code>$/);
    expect(u.crashed[0]!.firstLine).not.toContain('<b>');
    expect(u.crashed[0]!.firstLine).toContain('&lt;b&gt;\\|x\\|');
    expect(u.crashed[0]!.firstLine).toContain('@\u200bteam');
    expect(u.neverRun).toEqual(['<code>t3</code>']);
    // a task the bundle says nothing about (an older bundle) is listed apart, not guessed
    expect(u.other).toEqual(['<code>t4</code>']);
  });

  it("marks an entry answering under 90% of the suite incomplete (the validator's rule)", () => {
    const { bundle: b } = bundle(false);
    entryOf(b).artifacts = TASKS.map((t, i) => artifact(t, i < 3 ? 'ok' : 'missing'));
    expect(buildScorecardView(b, entryOf(b)).completeness).toEqual({
      incomplete: true,
      answered: 3,
      total: 4,
      percent: '75%',
    });
    // prominently, at the top of the entry's scorecard, with the unanswered task listed
    const body = composeScorecardComment(b, {
      marker: '<!-- m -->',
      maxChars: 60_000,
      links: null,
      stale: false,
    });
    const card = body.slice(body.indexOf('### 📊 Scorecard'));
    expect(card.split('\n')[2]).toBe(
      '> **⚠️ Incomplete entry:** it answers 3 of 4 suite tasks (75%, under 90%). Every unanswered task scores 0, so its scores and rank say little about the configuration.',
    );
    expect(card).toContain('**Unanswered tasks** (each scores 0):\n- no output: <code>t4</code>');
    expect(card).toContain('⚠️ An incomplete entry: its unanswered tasks count 0 in this rank.');
    entryOf(b).artifacts = TASKS.map((t) => artifact(t, 'ok'));
    expect(buildScorecardView(b, entryOf(b)).completeness.incomplete).toBe(false);
  });

  it('leaves hidden tasks a keyless run could not score out of completeness and axis means', () => {
    const { bundle: b } = bundle(false, ['t3', 't4']);
    entryOf(b).artifacts = ['t1', 't2'].map((t) => artifact(t, 'ok'));
    const row = metricRow(b);
    expect(row).toMatchObject({ n: 4, notScored: 2, scored: 2 });
    const view = buildScorecardView(b, entryOf(b));
    expect(view.completeness).toEqual({
      incomplete: false,
      answered: 2,
      total: 2,
      percent: '100%',
    });
    expect(view.hiddenNotScored).toBe(2);
    expect(view.tasks).toBe(2);
    // the axis means are the row's: over the scored tasks, the hidden ones not padded in as 0
    const axes = Object.fromEntries(view.axisCis!.map((a) => [a.axis, a.mean]));
    expect(axes).toEqual({ T: '10.5', S: '12.0', L: '8.0', E: '15.0', V: '5.0' });
    expect(view.judges[0]!.axes).toEqual(['10.5', '12.0', '8.0', '15.0', '5.0']);
    const body = composeScorecardComment(b, {
      marker: '<!-- m -->',
      maxChars: 60_000,
      links: null,
      stale: false,
    });
    expect(body).not.toContain('Incomplete entry');
    expect(body).toContain('Axis means over 2 tasks');
    expect(body).toContain('2 hidden tasks not scored (sealed truth, run without the suite key)');
    // an entry that did answer under 90% of what could be scored is still incomplete
    entryOf(b).artifacts = [artifact('t1', 'ok'), artifact('t2', 'missing')];
    expect(buildScorecardView(b, entryOf(b)).completeness).toMatchObject({
      incomplete: true,
      answered: 1,
      total: 2,
    });
  });

  it('says why a reference line has no rank', () => {
    const { bundle: b } = bundle(false);
    metricRow(b).rank = null;
    metricRow(b).role = 'baseline';
    expect(buildScorecardView(b, entryOf(b)).judges[0]!.rank).toBe(
      'not ranked (a baseline: a reference line)',
    );
  });

  it('shows workflow kind and description, contact and only http(s) links, escaped', () => {
    const { bundle: b } = bundle(false);
    const meta = b.provisional!.submissions.find((s) => s.id === entryOf(b).id)!;
    meta.workflow = {
      name: 'direct',
      kind: 'specialized',
      description: 'Uses *skills* <img src=x>',
    };
    meta.contact = '@someone';
    meta.links = { code: 'https://example.org/a(b)', report: 'javascript:alert(1)' };
    const e = buildScorecardView(b, entryOf(b)).entry!;
    expect(e.workflow).toMatch(/^<code>specialized<\/code> \(direct\): Uses \\\*skills\\\* /);
    expect(e.workflow).not.toContain('<img');
    expect(e.contact).not.toBe('@someone'); // no mention ping
    expect(e.links[0]).toBe('[code](https://example.org/a%28b%29)');
    expect(e.links[1]).toBe(
      'report: <code>javascript:alert\\(1\\)</code> (not an http(s) link, not linked)',
    );
  });
});

describe('scorecard comment wording by track', () => {
  it("names the style track's own scorers while its LLM judges have not run", () => {
    const { bundle: b } = bundle(false);
    const pending = (track: 'refig' | 'style') =>
      composeScorecardComment(
        { ...b, submissions: [{ ...entryOf(b), track }] },
        { marker: '<!-- m -->', maxChars: 60_000, links: null, stale: false },
      )
        .split('\n')
        .find((l) => l.startsWith('⏳'));
    expect(pending('style')).toBe(
      '⏳ Scored by the deterministic style-code and style-vision scorers only. A maintainer can start the LLM vision judges with `/approve-judging`.',
    );
    expect(pending('style')).not.toContain('metric judge');
    expect(pending('refig')).toContain('Scored by the metric judge only.');
  });
});
