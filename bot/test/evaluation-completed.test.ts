import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildResultsBundle } from '@figboard/action/src/build-results-bundle.ts';
import { defaultConfig } from '@figboard/evaluator/config/load-config.ts';
import type {
  ArtifactRecord,
  AuditRecord,
} from '@figboard/evaluator/schemas/audit-record.schema.ts';
import type { JudgmentRecord } from '@figboard/evaluator/schemas/judgment-record.schema.ts';
import type { ValidationReport } from '@figboard/evaluator/schemas/validation-report.schema.ts';
import { scorersFor } from '@figboard/evaluator/scorers/record-scorers.ts';
import { SCORER_VERSIONS } from '@figboard/evaluator/scorers/scorer-registry.ts';
import { stableStringify } from '@figboard/evaluator/util/stable-stringify.ts';
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
  flags: AuditRecord['flags'] = [],
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
    sha256: null,
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
) {
  const artifacts: ArtifactRecord[] = TASKS.map((task, i) => ({
    task,
    submission: id,
    status: 'ok',
    audit: audit(task, scores[i] !== null, 4 + i, i === 0 ? flags : []),
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
  await mkdir(join(root, 'submissions', entry), { recursive: true });
  await writeFile(
    join(root, 'submissions', entry, 'submission.yml'),
    manifestYml(entry, '@org/admins <img src=x onerror=alert(1)> | x', 'Model E', 'pptx-skill'),
  );
  const out = join(root, 'out');
  await writeResults(
    join(out, entry, 'results'),
    entry,
    [
      [15, 20, 10, 20, 8],
      [14, 22, 11, 18, 7],
      null,
      [16, 25, 12, 21, 8],
      [12, 18, 9, 15, 6],
      [15, 21, 10, 19, 7],
    ],
    [{ code: 'text-instruction-like', target: '5', detail: 'ignore previous instructions' }],
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
    config: defaultConfig(),
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
    const api = githubApi().canGetToken().hasPull(PR, HEAD).expectUpsert(PR).expectCheckRun();
    await probot.receive(judgeRunEvent('run-42'));
    api.done();
    const body = api.comments.get(PR)![0]!.body;
    expect(body).not.toContain('<img');
    expect(body).toMatchInlineSnapshot(`
      "<!-- figboard:submission-report -->
      ## FigBoard submission check

      ### ✅ \`pr-entry\` — valid

      6 task folders, 18 files match \`SHA256SUMS\` · 0 errors, 0 warnings

      ### 📊 Scorecard: @​org/admins &lt;img src=x onerror=alert\\(1\\)&gt; \\| x — Model E · Claude Code · pptx-skill

      | judge | mean | 95% CI | T /20 | S /30 | L /15 | E /25 | V /10 | gate fail | missing | capped | judge fail | provisional rank |
      |---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
      | <code>metric</code> | 59.8 | [35.7, 75.7] | 12.0 | 17.7 | 8.7 | 15.5 | 6.0 | 1 | 0 | 0 | 0 | 3 of 4 (95% interval 2–3) |

      Axis means over 6 tasks with 95% bootstrap CIs (<code>metric</code> judge, 5,000 resamples, seed 7):
      T 12.0/20 [7.0, 15.2] · S 17.7/30 [10.3, 22.7] · L 8.7/15 [5.2, 11.0] · E 15.5/25 [9.0, 19.8] · V 6.0/10 [3.5, 7.7]

      **Provisional rank 3 of 4** against the current board (<code>metric</code> judge) · 95% rank interval 2–3 · statistically tied with Close Lab:

      | rank | entry | mean |
      |---:|---|---:|
      | 1 | Strong Lab | 89.0 |
      | 2 | Close Lab | 61.0 |
      | 3 | **this entry** | 59.8 |
      | 4 | Weak Lab | 33.0 |

      **Gate failures** (score 0):
      - <code>fig01-002</code>: <code>multiple-slides</code> the deck has 2 slides

      **Audit:** 6 decks · median connectors 7 (46% attached) · median text shapes 6 · capped at 50: 0 · flags: <code>text-instruction-like</code> ×1

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
      .expectUpsert(PR)
      .expectCheckRun();
    await probot.receive(judgeRunEvent('run-42b'));
    api.done();
    expect(api.comments.get(PR)).toHaveLength(1);
    expect(api.requests.map((r) => r.method)).toEqual(['PATCH']);
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
