import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildResultsBundle } from '@figboard/action/src/build-results-bundle.ts';
import { loadConfig } from '@figboard/evaluator/config';
import type { ValidationReport } from '@figboard/evaluator/schemas';
import { githubApi } from './github-api-fake.ts';
import { createTestProbot, disableNetwork, examplePayload } from './support.ts';

/*
 * The scorecard of a style entry, end to end through the bot: a real workflow_run.completed
 * payload, a results bundle built by the Action's own code from a repository holding the real
 * style-sample suite, the committed sample-style-default entry (already on the board) and the
 * PR's entry — sample-style-faithful with the records `refig evaluate` wrote for it with two LLM
 * vision judges (bot/test/fixtures/style-llm-judged, see its README) and a hostile team name.
 *
 * Numbers worked out from those records: the faithful entry meets every criterion and the
 * detectors find nothing (S = S_code = S_vision = 100 on its 3 references). vlm-a found one major
 * defect on style01-0 (vision 90, S 93.5) and two minor on style01-1 (90, 93.5), none on style01-2:
 * S_vision 93.3, S 95.7. vlm-b found a critical on style01-0 (75, S 83.75), a minor on style01-2
 * (95, 96.75) and failed style01-1 in both runs: n 2, failed 1, S_vision 85.0, S 90.3.
 */
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/style-llm-judged/', import.meta.url));
const ENTRY = 'sample-style-faithful';
const HEAD = 'c'.repeat(40);
const PR = 11;
let root: string;
let bundleDir: string;

beforeEach(() => disableNetwork());
afterEach(() => {
  nock.cleanAll();
});

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'figboard-style-bundle-'));
  await cp(join(REPO, 'suites/style-sample'), join(root, 'suites/style-sample'), {
    recursive: true,
  });
  await cp(
    join(REPO, 'submissions/sample-style-default'),
    join(root, 'submissions/sample-style-default'),
    { recursive: true },
  );
  await cp(join(REPO, 'submissions', ENTRY), join(root, 'submissions', ENTRY), {
    recursive: true,
  });
  await rm(join(root, 'submissions', ENTRY, 'results'), { recursive: true, force: true });
  const yml = await readFile(join(root, 'submissions', ENTRY, 'submission.yml'), 'utf8');
  await writeFile(
    join(root, 'submissions', ENTRY, 'submission.yml'),
    yml.replace(
      /^team: .*$/m,
      `team: ${JSON.stringify('@org/admins <img src=x onerror=alert(1)> | x')}`,
    ),
  );
  const out = join(root, 'out');
  await cp(join(FIXTURE, 'results'), join(out, ENTRY, 'results'), { recursive: true });
  const validation: ValidationReport = {
    submission: `submissions/${ENTRY}`,
    id: ENTRY,
    track: 'style',
    valid: true,
    suite: 'style-sample',
    errors: [],
    warnings: [],
    inventory: { tasks: ['style01-0', 'style01-1', 'style01-2'], missing: [], logs: [] },
    verifiedFiles: 6,
    archive: null,
  };
  await mkdir(join(out, 'validation'), { recursive: true });
  await writeFile(join(out, 'validation', `${ENTRY}.json`), JSON.stringify(validation));
  const loaded = loadConfig(
    await readFile(join(FIXTURE, 'figboard.yml'), 'utf8'),
    'figboard.yml',
    {},
  );
  if (!loaded.value) throw new Error(JSON.stringify(loaded.errors));
  bundleDir = join(root, 'bundle');
  await buildResultsBundle({
    repoDir: root,
    resultsRoot: out,
    ids: [ENTRY],
    pr: { number: PR, headSha: HEAD },
    llmJudged: true,
    runUrl: 'https://github.com/Codertocat/Hello-World/actions/runs/77',
    config: loaded.value,
    outDir: bundleDir,
  });
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

function judgeRunEvent(id: string) {
  const payload = examplePayload('workflow_run', 'completed', (p) => {
    Object.assign(p.workflow_run, {
      id: 77,
      name: 'FigBoard trusted judge',
      path: '.github/workflows/trusted-judge.yml',
      event: 'workflow_run',
      conclusion: 'success',
    });
  });
  return { id, name: 'workflow_run' as const, payload: payload as never };
}

describe('workflow_run.completed (trusted judge) → scorecard of a style entry', () => {
  it('shows S, S_code, S_vision per channel with CIs, the references and the worst ones, nothing unreadable', async () => {
    // the bundle carries the entry's style.jsonl and its LLM judges' records
    for (const f of ['style.jsonl', 'judgments/vlm-a/run-1.jsonl', 'judgments/vlm-b/run-2.jsonl'])
      expect(await readFile(join(bundleDir, 'submissions', ENTRY, 'results', f), 'utf8')).toBe(
        await readFile(join(FIXTURE, 'results', f), 'utf8'),
      );
    const { probot } = await createTestProbot({
      loadBundle: async () => ({ dir: bundleDir, cleanup: async () => {} }),
    });
    const api = githubApi().canGetToken().hasPull(PR, HEAD).expectUpsert(PR).expectCheckRun();
    await probot.receive(judgeRunEvent('run-77'));
    api.done();
    const body = api.comments.get(PR)![0]!.body;
    expect(body).not.toContain('unreadable');
    expect(body).not.toContain('<img src=x');
    expect(body).not.toContain('No leaderboard rows');
    const scorecard = body.slice(body.indexOf('### 📊 Scorecard'), body.indexOf('<sub>'));
    expect(scorecard).toMatchInlineSnapshot(`
      "### 📊 Scorecard: @​org/admins &lt;img src=x onerror=alert\\(1\\)&gt; \\| x — Sample Model A · Sample Harness · style-skill

      suite <code>style-sample</code> 1.0.0 · dated 2026-01-15 (not merged yet) · license <code>MIT</code> · model snapshot <code>sample-a-2026-01</code> · harness Sample Harness 1.0.0 · 1 attempt per task

      **Workflow** <code>specialized</code> (style-skill): Measures the reference style, then draws the target data in it \\(sample entry\\). · **contact** figboard-maintainers

      **Style scores** on <code>style-sample</code> — provisional rank 1 of 2 by S (95% CI overlaps 0 of its 1 neighbour) (95% bootstrap CIs over references):

      | channel | references | S | 95% CI | S_code | 95% CI | S_vision | 95% CI | judge failed | not judged |
      |---|---:|---:|---|---:|---|---:|---|---:|---:|
      | deterministic (all) | 3 | 100.0 | [100.0, 100.0] | 100.0 | [100.0, 100.0] | 100.0 | [100.0, 100.0] | — | — |
      | deterministic (hand-curated) | 3 | 100.0 | [100.0, 100.0] | 100.0 | [100.0, 100.0] | 100.0 | [100.0, 100.0] | — | — |
      | LLM judge <code>vlm-a</code> (fam-a, 2 runs) | 3 | 95.7 | [93.5, 100.0] | 100.0 | [100.0, 100.0] | 93.3 | [90.0, 100.0] | 0 | 0 |
      | LLM judge <code>vlm-b</code> (fam-b, 2 runs) | 2 | 90.3 | [83.8, 96.8] | 100.0 | [100.0, 100.0] | 85.0 | [75.0, 95.0] | 1 | 0 |

      **References:** 3 · scored 3 · failed 0 · not scored (no figure.py) 0

      **Worst references:**

      | reference | S | S_code | S_vision | lowest S with an LLM judge | main defect |
      |---|---:|---:|---:|---:|---|
      | <code>style01-0</code> | 100.0 | 100.0 | 100.0 | 83.8 (<code>vlm-b</code>) | critical (judge <code>vlm-b</code>): critical style loss on style01-0 \\(figure.py line 14\\) · 4 defects in all (detectors and every judge run) |
      | <code>style01-1</code> | 100.0 | 100.0 | 100.0 | 93.5 (<code>vlm-a</code>) | minor (judge <code>vlm-a</code>): minor style loss on style01-1 \\(figure.py line 6\\) · 4 defects in all (detectors and every judge run) |
      | <code>style01-2</code> | 100.0 | 100.0 | 100.0 | 96.8 (<code>vlm-b</code>) | minor (judge <code>vlm-b</code>): minor style loss on style01-2 \\(figure.py line 2\\) · 2 defects in all (detectors and every judge run) |

      "
    `);
  });
});
