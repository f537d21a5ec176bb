import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildResultsBundle } from '../../../../action/src/build-results-bundle.ts';
import { loadResultsBundle } from '../../../../bot/src/results-bundle.ts';
import { composeScorecardComment } from '../../../../bot/src/views/compose-scorecard-comment.ts';
import { testdir } from '../../../../test/support/testdir.ts';
import { loadConfig } from '../../config/load-config.ts';
import { silentProgress } from '../../util/progress.ts';
import { toValidationReport } from '../../validate/to-validation-report.ts';
import { validateSubmission } from '../../validate/validate-submission.ts';
import { main } from '../main.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

// real evaluated entries of this repository on refig-sample (copied: the test owns its files)
const ROOT = new URL('../../../../', import.meta.url).pathname;
const ENTRIES = [
  'sample-cc-direct',
  'sample-cc-specialized',
  'sample-codex-direct',
  'sample-raster-baseline',
];
const ID = 'sample-cc-direct';

describe('refig scorecard', () => {
  it('prints, for an uncommitted entry, the comment the bot posts once it is committed', async () => {
    const t = await testdir({ 'annotations/.keep': '', 'elsewhere/.keep': '' });
    cleanups.push(t.cleanup);
    await cp(join(ROOT, 'figboard.yml'), join(t.dir, 'figboard.yml'));
    await cp(join(ROOT, 'suites/refig-sample'), join(t.dir, 'suites/refig-sample'), {
      recursive: true,
    });
    await cp(join(ROOT, 'submissions/OWNERSHIP.json'), join(t.dir, 'submissions/OWNERSHIP.json'));
    for (const e of ENTRIES)
      await cp(join(ROOT, 'submissions', e), join(t.dir, 'submissions', e), { recursive: true });
    // the uncommitted entry: refig run's folder and refig evaluate --out's results, apart
    await cp(join(t.dir, 'submissions', ID), join(t.dir, 'elsewhere', ID), {
      recursive: true,
      filter: (p) => !p.includes('/results'),
    });
    await cp(join(t.dir, 'submissions', ID, 'results'), join(t.dir, 'elsewhere/results'), {
      recursive: true,
    });
    let local = '';
    const code = await main(
      ['node', 'refig', 'scorecard', `elsewhere/${ID}`, '--results', 'elsewhere/results'],
      {
        cwd: t.dir,
        stdout: { write: (s: string) => ((local += s), true) } as NodeJS.WritableStream,
        stderr: { write: () => true } as unknown as NodeJS.WritableStream,
        env: {},
        progress: () => silentProgress,
      },
    );
    expect(code).toBe(0);

    // what CI does for the committed entry: validation, the trusted job's bundle, the bot's body
    const rr = join(t.dir, 'ci');
    await cp(join(t.dir, 'submissions', ID, 'results'), join(rr, ID, 'results'), {
      recursive: true,
    });
    await mkdir(join(rr, 'validation'), { recursive: true });
    const report = await validateSubmission({
      dir: join(t.dir, 'elsewhere', ID),
      display: `submissions/${ID}`,
      ownershipFile: join(t.dir, 'submissions/OWNERSHIP.json'),
    });
    await writeFile(
      join(rr, 'validation', `${ID}.json`),
      JSON.stringify(toValidationReport(report)),
    );
    const head = '0'.repeat(40); // the scratch repository is no git checkout: the footer says so
    await buildResultsBundle({
      repoDir: t.dir,
      resultsRoot: rr,
      ids: [ID],
      pr: { number: 1, headSha: head },
      llmJudged: false,
      runUrl: null,
      config: loadConfig(await readFile(join(t.dir, 'figboard.yml'), 'utf8'), 'figboard.yml', {})
        .value!,
      outDir: join(t.dir, 'bundle'),
    });
    const posted = composeScorecardComment(await loadResultsBundle(join(t.dir, 'bundle')), {
      marker: '<!-- figboard:submission-report -->',
      maxChars: 60_000,
      links: null,
      stale: false,
    });
    expect(local).toBe(posted);
    expect(local).toContain('### ✅ `sample-cc-direct` — valid');
    // the whole comment, reviewed: a change to what a maintainer decides from shows in the diff
    await expect(local).toMatchFileSnapshot('__snapshots__/scorecard-sample-cc-direct.md');
    // rank, interval and tie wording are the provisional board's own (the rows of the judge and suite)
    const board = JSON.parse(await readFile(join(t.dir, 'bundle/leaderboard.json'), 'utf8')) as {
      configurations: {
        submissions: string[];
        judge: string;
        rank: number | null;
        rankInterval?: [number, number];
        tiedWith?: string[];
        suite: string;
      }[];
    };
    const row = board.configurations.find(
      (r) => r.judge === 'metric' && r.submissions.includes(ID),
    )!;
    const ranked = board.configurations.filter(
      (r) => r.judge === 'metric' && r.suite === row.suite && r.rank !== null,
    );
    expect(local).toContain(
      `**Provisional rank ${row.rank} of ${ranked.length}** on the board rebuilt with this entry (<code>metric</code> judge) · 95% rank interval ${row.rankInterval![0]}–${row.rankInterval![1]}`,
    );
    expect(local).toContain(
      row.tiedWith?.length ? 'Statistically tied with' : 'Tied with no entry',
    );
    // prices of the committed figboard.yml: the gpt-5.4 judge has a cost, the self-hosted one says it has none
    expect(local).toMatch(/\| <code>gpt-5\.4<\/code> \|[^\n]*\| \$\d+\.\d\d \|/);
    expect(local).toContain('**⚠️ No prices set for <code>qwen3.6-27b</code>**');
    expect(local).toContain('**Workflow** <code>direct</code> (direct-prompt): One prompt');
  });
});
