import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { lintWorkflow } from './lint-workflow.ts';

const DIR = new URL('../../.github/workflows/', import.meta.url);
const FILES = readdirSync(DIR)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
const read = (f: string) => readFileSync(new URL(f, DIR), 'utf8');
const load = (f: string) => parse(read(f)) as Record<string, any>;

describe('.github/workflows', () => {
  it('has the workflows the submission flow needs', () => {
    expect(FILES).toEqual([
      'action-image.yml',
      'bot.yml',
      'ci.yml',
      'pr-evaluate.yml',
      'publish.yml',
      'score-suite.yml',
      'trusted-judge.yml',
    ]);
  });

  it.each(FILES)('%s passes the security lint', (file) => {
    expect(lintWorkflow(read(file), file)).toEqual([]);
  });

  it('keeps the untrusted and the trusted stage apart', () => {
    const pr = load('pr-evaluate.yml');
    expect(Object.keys(pr.on)).toEqual(['pull_request']);
    expect(JSON.stringify(pr)).not.toMatch(/secrets\./);
    expect(pr.jobs.evaluate.permissions).toEqual({ contents: 'read' });
    const upload = pr.jobs.evaluate.steps.find((s: any) =>
      String(s.uses).startsWith('actions/upload-artifact@'),
    );
    expect(upload.with.name).toBe('figboard-pr-results');

    const trusted = load('trusted-judge.yml');
    expect(trusted.on.workflow_run.workflows).toEqual([pr.name]);
    expect(trusted.jobs.judge.environment).toBe('llm-judges');
    expect(trusted.jobs.judge.if).toContain("approved == 'true'");
    // No job of the trusted workflow checks out anything but the default branch.
    for (const job of Object.values<any>(trusted.jobs)) {
      for (const step of job.steps ?? [])
        if (String(step.uses).startsWith('actions/checkout@'))
          expect(step.with?.ref).toBeUndefined();
    }
  });

  it('shards through a reusable workflow with shard index/count and a merge', () => {
    const score = load('score-suite.yml');
    expect(Object.keys(score.on)).toEqual(['workflow_call']);
    expect(score.on.workflow_call.inputs['shard-count'].type).toBe('number');
    expect(score.jobs.shard.strategy.matrix.shard).toBe(
      '${{ fromJSON(needs.plan.outputs.shards) }}',
    );
    const env = score.jobs.shard.steps.find((s: any) => s.env?.['INPUT_SHARD-INDEX']).env;
    expect(env['INPUT_SHARD-INDEX']).toBe('${{ matrix.shard }}');
    expect(score.jobs.merge.steps.find((s: any) => s.env?.INPUT_MODE === 'merge')).toBeTruthy();
    const publish = load('publish.yml');
    expect(publish.jobs.score.uses).toBe('./.github/workflows/score-suite.yml');
    expect(publish.jobs.deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(JSON.stringify(publish.jobs.site)).toContain('npm run build -w site');
  });

  it('proves the sandbox works in the container before any job scores with it', () => {
    for (const f of FILES) {
      for (const [name, job] of Object.entries<any>(load(f).jobs)) {
        const runs: string[] = (job.steps ?? []).map((s: any) => String(s.run ?? ''));
        const scoring = runs.findIndex(
          (r) => r.includes('action/docker-run.sh') && !r.includes('--check-sandbox'),
        );
        if (scoring === -1) continue;
        const check = runs.findIndex((r) => r.includes('action/docker-run.sh --check-sandbox'));
        expect(check, `${f} ${name}`).toBeGreaterThan(-1);
        expect(check, `${f} ${name}`).toBeLessThan(scoring);
      }
    }
  });

  it('ci.yml runs .ci/run', () => {
    expect(JSON.stringify(load('ci.yml').jobs)).toContain('bash .ci/run');
  });

  it('pins each action to one SHA across all workflows', () => {
    const pins = new Map<string, Set<string>>();
    for (const f of FILES) {
      for (const m of read(f).matchAll(/uses:\s*([\w.-]+\/[\w.-]+)@([0-9a-f]{40})/g))
        pins.set(m[1]!, (pins.get(m[1]!) ?? new Set()).add(m[2]!));
    }
    for (const [action, shas] of pins) expect([action, shas.size]).toEqual([action, 1]);
    expect([...pins.keys()].sort()).toEqual([
      'actions/checkout',
      'actions/configure-pages',
      'actions/deploy-pages',
      'actions/download-artifact',
      'actions/setup-node',
      'actions/upload-artifact',
      'actions/upload-pages-artifact',
    ]);
  });
});

// The lint must bite: each bad workflow below breaks exactly the rule it is named after.
describe('the workflow lint catches', () => {
  const rules = (text: string) => lintWorkflow(text, 'bad.yml').map((f) => `${f.job}: ${f.rule}`);
  const CHECKOUT = 'actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683';

  it('a job without permissions', () => {
    expect(
      rules(
        `on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n`,
      ),
    ).toEqual(['build: permissions-missing']);
  });

  it('a PR title inlined into a script (script injection)', () => {
    const wf = `on: pull_request
jobs:
  greet:
    runs-on: ubuntu-latest
    permissions: {}
    steps:
      - run: echo "Thanks for \${{ github.event.pull_request.title }}"
      - run: git push origin \${{ github.head_ref }}
      - uses: actions/github-script@60a0d83039c74a4aee543508d2ffcb1c3799cdea
        with:
          script: console.log("\${{ github.event.comment.body }}")
`;
    expect(rules(wf)).toEqual([
      'greet: untrusted-inline',
      'greet: untrusted-inline',
      'greet: untrusted-inline',
    ]);
    expect(lintWorkflow(wf, 'bad.yml')[0]!.message).toMatchInlineSnapshot(
      `"step 1: \${{ github.event.pull_request.title }} is inlined into a script; pass it through env: and use "$VAR""`,
    );
  });

  it('other expressions inlined into a script', () => {
    const wf = `on: workflow_dispatch
jobs:
  a:
    runs-on: ubuntu-latest
    permissions: {}
    steps:
      - run: echo \${{ inputs.name }} \${{ steps.x.outputs.y }} \${{ runner.temp }} \${{ matrix.shard }}
`;
    expect(rules(wf)).toEqual(['a: expression-in-run', 'a: expression-in-run']);
  });

  it('a workflow_run job with secrets that checks out the PR head', () => {
    const wf = `on:
  workflow_run:
    workflows: [PR]
    types: [completed]
jobs:
  judge:
    runs-on: ubuntu-latest
    permissions: { contents: read }
    env:
      OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
    steps:
      - uses: ${CHECKOUT}
        with:
          ref: \${{ github.event.workflow_run.head_sha }}
      - run: npm test
`;
    expect(rules(wf)).toEqual(['judge: secret-with-pr-code']);
  });

  it('a pull_request job with a secret (same-repo PRs get secrets) that runs the checked-out code', () => {
    const wf = `on: pull_request
jobs:
  test:
    runs-on: ubuntu-latest
    permissions: { contents: read }
    steps:
      - uses: ${CHECKOUT}
      - run: npm test
        env:
          TOKEN: \${{ secrets.NPM_TOKEN }}
`;
    expect(rules(wf)).toEqual(['test: secret-with-pr-code']);
  });

  it('a job behind an environment that fetches the PR with git', () => {
    const wf = `on: issue_comment
jobs:
  run:
    runs-on: ubuntu-latest
    permissions: { contents: read }
    environment: production
    steps:
      - uses: ${CHECKOUT}
      - run: git fetch origin pull/\${PR}/head && git checkout FETCH_HEAD && make
        env:
          PR: \${{ github.event.issue.number }}
`;
    expect(rules(wf)).toEqual(['run: secret-with-pr-code']);
  });

  it('pull_request_target checking out the PR head, and unpinned actions', () => {
    const wf = `on: pull_request_target
jobs:
  label:
    runs-on: ubuntu-latest
    permissions: { pull-requests: write }
    steps:
      - uses: actions/checkout@v4
        with:
          ref: \${{ github.event.pull_request.head.sha }}
`;
    expect(rules(wf)).toEqual(['label: unpinned-action', 'label: pull-request-target-checkout']);
  });

  it('container, service and docker:// images pinned by tag, not digest', () => {
    const DIGEST = `sha256:${'a'.repeat(64)}`;
    const wf = (image: string, matrix = '') => `on: push
jobs:
  test:
    runs-on: ubuntu-latest
    permissions: {}${matrix}
    container:
      image: ${image}
    services:
      db:
        image: postgres:16@${DIGEST}
    steps:
      - uses: docker://alpine:3.20
`;
    expect(rules(wf('node:20-bookworm'))).toEqual(['test: unpinned-image', 'test: unpinned-image']);
    expect(
      rules(
        wf(
          '${{ matrix.image }}',
          `\n    strategy:\n      matrix:\n        include:\n          - image: node:20@${DIGEST}\n          - image: node:22-bookworm`,
        ),
      ),
    ).toEqual(['test: unpinned-image', 'test: unpinned-image']);
    expect(
      rules(wf(`node:20-bookworm@${DIGEST}`).replace('alpine:3.20', `alpine@${DIGEST}`)),
    ).toEqual([]); // A zero digest is a placeholder, never a pin.
    expect(
      rules(
        wf(`node:20-bookworm@sha256:${'0'.repeat(64)}`).replace('alpine:3.20', `alpine@${DIGEST}`),
      ),
    ).toEqual(['test: unpinned-image']);
  });

  it('files that are not workflows', () => {
    expect(rules('jobs: [')).toEqual(['-: workflow-invalid']);
    expect(rules('name: nothing\n')).toEqual(['-: workflow-invalid']);
  });
});
