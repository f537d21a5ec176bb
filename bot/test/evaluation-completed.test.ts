import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildResultsBundle } from '@figboard/action/src/build-results-bundle.ts';
import { loadConfig } from '@figboard/evaluator/config';
import type { ArtifactRecord, AuditRecord } from '@figboard/evaluator/schemas';
import type { JudgmentRecord } from '@figboard/evaluator/schemas';
import type { ValidationReport } from '@figboard/evaluator/schemas';
import { scorersFor } from '@figboard/evaluator/scorers';
import { SCORER_VERSIONS } from '@figboard/evaluator/scorers';
import { stableStringify } from '@figboard/evaluator/util';
import { githubApi } from './github-api-fake.ts';
import { createTestProbot, disableNetwork, examplePayload } from './support.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const TASKS = ['fig01-000', 'fig01-001', 'fig01-002', 'fig01-003', 'fig01-004', 'fig01-005'];
const HEAD = 'a'.repeat(40);
const PR = 7;
let root: string;
let bundleDir: string;

function manifestYml(id: string, team: string, model: string, workflow: string): string {
  return `id: ${id}
track: refig
suite: { name: refig-sample, version: "1.0.0" }
team: ${JSON.stringify(team)}
contact: team@example.org
model: { name: ${JSON.stringify(model)}, provider: sample, snapshot: s-1 }
harness: { name: Claude Code, version: 2.0.0 }
workflow: { name: ${workflow}, kind: direct }
attempts: 1
date: "2026-01-31"
license: CC-BY-4.0
`;
}

function audit(
  task: string,
  gate: boolean,
  connectors: number,
  flags: AuditRecord['flags'],
  deck: string,
): AuditRecord {
  const zero = {
    connectors,
    connectorsAttached: Math.floor(connectors / 2),
    lineShapes: 0,
    freeforms: 0,
    groups: 0,
    pictures: 0,
    textBoxes: 4,
    textShapes: 6,
    shapes: 5,
    tables: 0,
    charts: 0,
    otherFrames: 0,
  };
  return {
    file: `artifacts/${task}/output.pptx`,
    sha256: createHash('sha256').update(deck).digest('hex'),
    bytes: 1000,
    gate: gate
      ? { passed: true, reason: null, detail: null }
      : { passed: false, reason: 'multiple-slides', detail: 'the deck has 2 slides' },
    slides: gate ? 1 : 2,
    slideSize: { cx: 12192000, cy: 6858000 },
    counts: zero,
    texts: [],
    textItems: [],
    largestPictureCoverage: 0,
    pictureAreaRatio: 0,
    cap: 100,
    flags,
  };
}

/** Results of one submission: per-task (T,S,L,E,V) for the metric judge; null = gate failure. */
async function writeResults(
  dir: string,
  id: string,
  scores: ([number, number, number, number, number] | null)[],
  flags: AuditRecord['flags'] = [],
  /** Whose decks these are: entries with the same value have byte-identical decks. */
  decks = id,
) {
  const artifacts: ArtifactRecord[] = TASKS.map((task, i) => ({
    task,
    submission: id,
    status: 'ok',
    audit: audit(task, scores[i] !== null, 4 + i, i === 0 ? flags : [], `${decks}/${task}`),
    scorers: scorersFor('artifact', SCORER_VERSIONS),
    inputHash: `a-${task}`,
  }));
  const judgments: JudgmentRecord[] = TASKS.map((task, i) => {
    const s = scores[i];
    const subscores = s ? { T: s[0], S: s[1], L: s[2], E: s[3], V: s[4] } : null;
    const total = s ? s.reduce((a, b) => a + b, 0) : 0;
    return {
      task,
      submission: id,
      judge: 'metric',
      family: 'metric',
      model: 'metric-v1',
      reference: 'checked-truth' as const,
      run: 1,
      status: s ? 'ok' : 'gate-failed',
      gate: s ? { passed: true, reason: null } : { passed: false, reason: 'multiple-slides' },
      cap: 100,
      subscores,
      total: s ? total : 0,
      final: s ? total : 0,
      errors: { major: [], minor: [] },
      editability: '',
      reason: '',
      evidence: {},
      usage: null,
      failure: null,
      scorers: scorersFor('metric', SCORER_VERSIONS),
      inputHash: `j-${task}`,
    };
  });
  await mkdir(join(dir, 'judgments/metric'), { recursive: true });
  await writeFile(
    join(dir, 'artifacts.jsonl'),
    artifacts.map((r) => `${stableStringify(r)}\n`).join(''),
  );
  await writeFile(
    join(dir, 'judgments/metric/run-1.jsonl'),
    judgments.map((r) => `${stableStringify(r)}\n`).join(''),
  );
}

/**
 * The repository's own figboard.yml with a list price filled in for the primary LLM judge (the
 * committed file leaves it commented out), loaded without API keys: both LLM judges are skipped,
 * which is exactly the state in which a maintainer decides on `/approve-judging`.
 */
function repoConfigWithPrices() {
  const text = readFileSync(join(REPO, 'figboard.yml'), 'utf8').replace(
    /# prices: \{ inputUsdPerMTok: 0, outputUsdPerMTok: 0 \}/,
    'prices: { inputUsdPerMTok: 2.5, outputUsdPerMTok: 15 }',
  );
  const loaded = loadConfig(text, 'figboard.yml', {});
  if (!loaded.value) throw new Error(JSON.stringify(loaded.errors));
  expect(loaded.value.skipped.find((j) => j.id === 'gpt-5.4')?.prices).toBeDefined();
  return loaded.value;
}

beforeEach(() => disableNetwork());
afterEach(() => {
  nock.cleanAll();
});

beforeAll(async () => {
  // A repository with the real sample suite, two entries already on the board, and the PR's entry
  // (its team name is hostile on purpose). The bundle is built with the Action's own code.
  root = await mkdtemp(join(tmpdir(), 'figboard-bundle-repo-'));
  await cp(join(REPO, 'suites/refig-sample'), join(root, 'suites/refig-sample'), {
    recursive: true,
  });
  const board = [
    ['board-strong', 'Strong Lab', 'Model S', [18, 27, 13, 22, 9]],
    // Close to the PR entry's mean: the scorecard must say the two are statistically tied.
    ['board-close', 'Close Lab', 'Model C', [12, 18, 9, 16, 6]],
    ['board-weak', 'Weak Lab', 'Model W', [8, 10, 6, 5, 4]],
  ] as const;
  for (const [id, team, model, s] of board) {
    await mkdir(join(root, 'submissions', id), { recursive: true });
    await writeFile(
      join(root, 'submissions', id, 'submission.yml'),
      manifestYml(id, team, model, 'direct-prompt'),
    );
    await writeResults(
      join(root, 'submissions', id, 'results'),
      id,
      TASKS.map(() => [...s]),
    );
  }
  const entry = 'pr-entry';
  const entryScores: ([number, number, number, number, number] | null)[] = [
    [15, 20, 10, 20, 8],
    [14, 22, 11, 18, 7],
    null,
    [16, 25, 12, 21, 8],
    [12, 18, 9, 15, 6],
    [15, 21, 10, 19, 7],
  ];
  // An entry already on the board whose decks are byte for byte the PR entry's: the comment
  // must say so (a resubmission under another name, or a copy).
  await mkdir(join(root, 'submissions', 'board-copy'), { recursive: true });
  await writeFile(
    join(root, 'submissions', 'board-copy', 'submission.yml'),
    manifestYml('board-copy', 'Copy Lab', 'Model K', 'direct-prompt'),
  );
  await writeResults(
    join(root, 'submissions', 'board-copy', 'results'),
    'board-copy',
    entryScores,
    [],
    entry,
  );
  await mkdir(join(root, 'submissions', entry), { recursive: true });
  await writeFile(
    join(root, 'submissions', entry, 'submission.yml'),
    manifestYml(entry, '@org/admins <img src=x onerror=alert(1)> | x', 'Model E', 'pptx-skill'),
  );
  const out = join(root, 'out');
  await writeResults(join(out, entry, 'results'), entry, entryScores, [
    { code: 'text-instruction-like', target: '5', detail: 'ignore previous instructions' },
  ]);
  // its renderings (real LibreOffice renderings of sample decks): the best and worst travel in
  // the bundle and are published for the comment
  await cp(
    join(REPO, 'submissions/sample-cc-direct/results/renders'),
    join(out, entry, 'results', 'renders'),
    { recursive: true },
  );
  const validation: ValidationReport = {
    submission: `submissions/${entry}`,
    id: entry,
    track: 'refig',
    valid: true,
    suite: 'refig-sample',
    errors: [],
    warnings: [],
    inventory: { tasks: TASKS, missing: [], logs: [] },
    verifiedFiles: 18,
    archive: null,
  };
  await mkdir(join(out, 'validation'), { recursive: true });
  await writeFile(join(out, 'validation', `${entry}.json`), JSON.stringify(validation));
  bundleDir = join(root, 'bundle');
  await buildResultsBundle({
    repoDir: root,
    resultsRoot: out,
    ids: [entry],
    pr: { number: PR, headSha: HEAD },
    llmJudged: false,
    runUrl: 'https://github.com/Codertocat/Hello-World/actions/runs/42',
    config: repoConfigWithPrices(),
    outDir: bundleDir,
  });
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** A real workflow_run.completed payload, made to describe the trusted judging workflow's run. */
function judgeRunEvent(id: string, override: (run: Record<string, unknown>) => void = () => {}) {
  const payload = examplePayload('workflow_run', 'completed', (p) => {
    Object.assign(p.workflow_run, {
      id: 42,
      name: 'FigBoard trusted judge',
      path: '.github/workflows/trusted-judge.yml',
      event: 'workflow_run',
      conclusion: 'success',
    });
    override(p.workflow_run);
  });
  return { id, name: 'workflow_run' as const, payload: payload as never };
}

describe('workflow_run.completed (trusted judge) → scorecard', () => {
  it('renders the scorecard (CIs, provisional rank vs the current board, gate failures, audit) into the sticky comment', async () => {
    const { probot } = await createTestProbot({
      loadBundle: async () => ({ dir: bundleDir, cleanup: async () => {} }),
    });
    const api = githubApi()
      .canGetToken()
      .hasPull(PR, HEAD)
      .expectPreviewsPublish('figboard-previews', 6)
      .expectUpsert(PR)
      .expectCheckRun();
    await probot.receive(judgeRunEvent('run-42'));
    api.done();
    // the best and worst renderings, committed under the PR number and head SHA, are the real files
    expect([...api.published.keys()]).toEqual(
      TASKS.map((t) => `pr-${PR}/${HEAD}/pr-entry/${t}.png`),
    );
    for (const t of TASKS)
      expect(
        api.published
          .get(`pr-${PR}/${HEAD}/pr-entry/${t}.png`)!
          .equals(
            await readFile(join(REPO, `submissions/sample-cc-direct/results/renders/${t}.png`)),
          ),
      ).toBe(true);
    const body = api.comments.get(PR)![0]!.body;
    expect(body).not.toContain('<img src=x');
    expect(body).toMatchInlineSnapshot(`
      "<!-- figboard:submission-report -->
      ## FigBoard submission check

      ### ✅ \`pr-entry\` — valid

      6 task folders, 18 files match \`SHA256SUMS\` · 0 errors, 0 warnings

      ### 📊 Scorecard: @​org/admins &lt;img src=x onerror=alert\\(1\\)&gt; \\| x — Model E · Claude Code · pptx-skill

      suite <code>refig-sample</code> 1.0.0 · dated 2026-01-31 (not merged yet) · license <code>CC-BY-4.0</code> · model snapshot <code>s-1</code> · harness Claude Code 2.0.0 · 1 attempt per task

      **Workflow** <code>direct</code> (pptx-skill) · **contact** team@​example.org

      | judge | mean | 95% CI | T /20 | S /30 | L /15 | E /25 | V /10 | gate fail | missing | capped | judge fail | scored against checked truth | provisional rank |
      |---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|
      | <code>metric</code> | 59.8 | [35.7, 75.7] | 12.0 | 17.7 | 8.7 | 15.5 | 6.0 | 1 | 0 | 0 | 0 | 6 of 6 | 3 of 5 (95% interval 2–3) |

      **Metric judge:** 6 of 6 tasks scored against checked truth.

      Axis means over 6 tasks with 95% bootstrap CIs (<code>metric</code> judge, 5,000 resamples, seed 7):
      T 12.0/20 [7.0, 15.2] · S 17.7/30 [10.3, 22.7] · L 8.7/15 [5.2, 11.0] · E 15.5/25 [9.0, 19.8] · V 6.0/10 [3.5, 7.7]

      **Provisional rank 3 of 5** on the board rebuilt with this entry (<code>metric</code> judge) · 95% rank interval 2–3 · tie group 2. Statistically tied with Close Lab: Model C · Claude Code · direct-prompt and Copy Lab: Model K · Claude Code · direct-prompt: the 95% interval of the paired mean difference contains 0, so the board cannot tell these apart by this suite.

      | rank | entry | mean | 95% CI | tied with this entry |
      |---:|---|---:|---|---|
      | 1 | Strong Lab: Model S · Claude Code · direct-prompt | 89.0 | [89.0, 89.0] | no |
      | 2 | Close Lab: Model C · Claude Code · direct-prompt | 61.0 | [61.0, 61.0] | yes |
      | 3 | **this entry** | 59.8 | [35.7, 75.7] | — |
      | 4 | Copy Lab: Model K · Claude Code · direct-prompt | 59.8 | [35.7, 75.7] | yes |
      | 5 | Weak Lab: Model W · Claude Code · direct-prompt | 33.0 | [33.0, 33.0] | no |

      **Gate failures** (score 0):
      - <code>fig01-002</code>: <code>multiple-slides</code> the deck has 2 slides

      **Audit:** 6 decks · median connectors 7 (46% attached) · median text shapes 6 · capped at 50: 0 · flags: <code>text-instruction-like</code> ×1

      **Audit flags by task:**
      - <code>text-instruction-like</code> on <code>fig01-000</code> — shape 5: ignore previous instructions

      **Best and worst tasks** (<code>metric</code> judge):

      | | task | final | rendering |
      |---|---|---:|---|
      | best | <code>fig01-003</code> | 82.0 | <a href="https://github.com/Codertocat/Hello-World/blob/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-003.png"><img src="https://raw.githubusercontent.com/Codertocat/Hello-World/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-003.png" width="320" alt="rendering of fig01-003"></a> |
      | best | <code>fig01-000</code> | 73.0 | <a href="https://github.com/Codertocat/Hello-World/blob/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-000.png"><img src="https://raw.githubusercontent.com/Codertocat/Hello-World/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-000.png" width="320" alt="rendering of fig01-000"></a> |
      | best | <code>fig01-001</code> | 72.0 | <a href="https://github.com/Codertocat/Hello-World/blob/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-001.png"><img src="https://raw.githubusercontent.com/Codertocat/Hello-World/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-001.png" width="320" alt="rendering of fig01-001"></a> |
      | worst | <code>fig01-002</code> | 0.0 | <a href="https://github.com/Codertocat/Hello-World/blob/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-002.png"><img src="https://raw.githubusercontent.com/Codertocat/Hello-World/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-002.png" width="320" alt="rendering of fig01-002"></a> |
      | worst | <code>fig01-004</code> | 60.0 | <a href="https://github.com/Codertocat/Hello-World/blob/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-004.png"><img src="https://raw.githubusercontent.com/Codertocat/Hello-World/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-004.png" width="320" alt="rendering of fig01-004"></a> |
      | worst | <code>fig01-005</code> | 72.0 | <a href="https://github.com/Codertocat/Hello-World/blob/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-005.png"><img src="https://raw.githubusercontent.com/Codertocat/Hello-World/cccccccccccccccccccccccccccccccccccccccc/pr-7/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/pr-entry/fig01-005.png" width="320" alt="rendering of fig01-005"></a> |

      **⚠️ Looks copied** — compared with the 4 other entries of <code>refig-sample</code>:
      - **identical decks** to <code>board-copy</code> (Copy Lab): 5 of 5 common tasks byte-identical, 0 more with the same objects at the same places

      **Estimated cost of \`/approve-judging\`** (answers to judge × runs × tokens × the list prices in \`figboard.yml\`; no caching assumed):

      **⚠️ No prices set for <code>qwen3.6-27b</code>** in the committed \`figboard.yml\` (\`prices:\` of the judge): the cost of approving it is unknown, not zero.

      | judge | model | requests | tokens per verdict | basis | cost |
      |---|---|---:|---|---|---:|
      | <code>gpt-5.4</code> | <code>gpt-5.4-2026-03-05</code> | 5 × 3 | 2,809 in / 800 out | counted from the requests | $0.29 |
      | <code>qwen3.6-27b</code> | <code>Qwen/Qwen3.6-27B</code> | 5 × 3 | 2,809 in / 800 out | counted from the requests | **no price set** |

      ⏳ Scored by the metric judge only. A maintainer can start the LLM judges with \`/approve-judging\`.

      <sub>FigBoard bot · results for commit <code>aaaaaaaaaaaa</code> · [workflow run](https://github.com/Codertocat/Hello-World/actions/runs/42)</sub>
      "
    `);
    expect(api.checkRuns[0]).toMatchObject({
      name: 'FigBoard scorecard',
      head_sha: HEAD,
      conclusion: 'success',
    });
  });

  it('edits the validation comment already on the PR instead of adding one', async () => {
    const { probot } = await createTestProbot({
      loadBundle: async () => ({ dir: bundleDir, cleanup: async () => {} }),
    });
    const api = githubApi()
      .canGetToken()
      .hasComment('<!-- figboard:submission-report -->', PR)
      .hasPull(PR, HEAD)
      .expectPreviewsPublish('figboard-previews', 6)
      .expectUpsert(PR)
      .expectCheckRun();
    await probot.receive(judgeRunEvent('run-42b'));
    api.done();
    expect(api.comments.get(PR)).toHaveLength(1);
    expect(api.requests.filter((r) => r.path.startsWith('issues/')).map((r) => r.method)).toEqual([
      'PATCH',
    ]);
  });

  it('still comments when the renderings cannot be published, and points to the run artifact instead', async () => {
    const { probot } = await createTestProbot({
      loadBundle: async () => ({ dir: bundleDir, cleanup: async () => {} }),
    });
    const api = githubApi()
      .canGetToken()
      .hasPull(PR, HEAD)
      .refusesPreviewsPublish('figboard-previews')
      .expectUpsert(PR)
      .expectCheckRun();
    await probot.receive(judgeRunEvent('run-42c'));
    api.done();
    const body = api.comments.get(PR)![0]!.body;
    expect(body).toContain('| worst | <code>fig01-002</code> | 0.0 | — |');
    expect(body).toContain(
      "The renderings are in the workflow run's `figboard-scorecard` artifact (`previews/`) — [open the run](https://github.com/Codertocat/Hello-World/actions/runs/42).",
    );
    expect(body).toContain(
      '⚠️ The renderings could not be published to the figboard-previews branch \\(Resource not accessible by integration',
    );
  });

  it('says so when the results are for an older commit, and adds no check run', async () => {
    const { probot } = await createTestProbot({
      loadBundle: async () => ({ dir: bundleDir, cleanup: async () => {} }),
    });
    const api = githubApi().canGetToken().hasPull(PR, 'b'.repeat(40)).expectUpsert(PR);
    await probot.receive(judgeRunEvent('run-43'));
    api.done();
    expect(api.comments.get(PR)![0]!.body).toContain(
      'These results are for an older commit (<code>aaaaaaaaaaaa</code>)',
    );
  });

  it.each([
    [
      'a pull_request run of a same-named workflow (a fork could add one)',
      { event: 'pull_request' },
    ],
    ['another workflow file', { path: '.github/workflows/evil.yml' }],
    ['another workflow', { name: 'CI' }],
  ])('ignores %s without any API call', async (_what, change) => {
    let loaded = false;
    const { probot } = await createTestProbot({
      loadBundle: async () => ((loaded = true), { dir: bundleDir, cleanup: async () => {} }),
    });
    await probot.receive(
      judgeRunEvent(`ignored-${JSON.stringify(change)}`, (run) => Object.assign(run, change)),
    );
    expect(loaded).toBe(false);
    expect(nock.pendingMocks()).toEqual([]);
  });
});
