import { parse } from 'yaml';

/**
 * A small security linter for GitHub Actions workflows, encoding GitHub's guidance for untrusted
 * pull requests (and the CodeQL "untrusted checkout" / "expression injection" queries):
 *
 * - `permissions-missing`: every job states its `permissions:` (least privilege, no defaults).
 * - `untrusted-inline`: no `${{ github.event.* }}` / `github.head_ref` inside a `run:` script (or
 *   `actions/github-script`'s `script:`); pass such text through `env:` instead.
 * - `expression-in-run`: no other `${{ … }}` in scripts either, except a few contexts that
 *   cannot carry user text (runner.*, matrix.*, github.run_id, …).
 * - `secret-with-pr-code`: a job that holds a secret (a `secrets.*` other than GITHUB_TOKEN,
 *   `secrets: inherit`, or a deployment `environment`) must not check out or run the pull
 *   request's code.
 * - `pull-request-target-checkout`: a `pull_request_target` job must not check out the PR head
 *   (it has a write token even without secrets).
 * - `unpinned-action`: remote actions are pinned to a full 40-hex commit SHA.
 * - `unpinned-image`: container, service and `docker://` images are pinned by digest
 *   (`name:tag@sha256:<64 hex>`): a tag can be moved to other bytes, a digest cannot. An image
 *   taken from the matrix (`${{ matrix.image }}`) is checked in every matrix value.
 */
export interface Finding {
  file: string;
  job: string;
  rule:
    | 'permissions-missing'
    | 'untrusted-inline'
    | 'expression-in-run'
    | 'secret-with-pr-code'
    | 'pull-request-target-checkout'
    | 'unpinned-action'
    | 'unpinned-image'
    | 'workflow-invalid';
  message: string;
}

type Json = Record<string, unknown>;

const PR_REF =
  /github\.event\.pull_request\.head|github\.event\.workflow_run\.head|github\.head_ref|refs\/pull\/|github\.event\.issue\.pull_request|pull_request\.head\.(sha|ref)/;
const FETCHES_PR =
  /(git\s+(fetch|pull|checkout)[^\n]*(pull\/|refs\/pull|FETCH_HEAD|head_sha|HEAD_SHA|head\.sha))|gh\s+pr\s+checkout/;
const UNTRUSTED_EXPR = /github\.event\.|github\.head_ref/;
const SAFE_EXPR =
  /^(runner\.[A-Za-z_]+|matrix\.[A-Za-z0-9_-]+|github\.(run_id|run_number|run_attempt|workspace|repository|repository_owner|server_url|api_url|job|action_path|sha|ref_name|event_name)|strategy\.[a-z-]+)$/;

function triggers(wf: Json): Set<string> {
  const on = wf.on ?? wf.true; // YAML 1.1 readers turn a bare `on` key into `true`
  if (typeof on === 'string') return new Set([on]);
  if (Array.isArray(on)) return new Set(on.map(String));
  if (on && typeof on === 'object') return new Set(Object.keys(on));
  return new Set();
}

function expressions(text: string): string[] {
  return [...text.matchAll(/\$\{\{\s*([\s\S]*?)\s*\}\}/g)].map((m) => m[1]!);
}

function holdsSecret(job: Json): boolean {
  const text = JSON.stringify(job);
  const secrets = [...text.matchAll(/secrets\.([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  if (secrets.some((s) => s !== 'GITHUB_TOKEN')) return true;
  if (job.secrets === 'inherit') return true;
  const env = job.environment;
  const envName =
    typeof env === 'string' ? env : env && typeof env === 'object' ? (env as Json).name : undefined;
  // Deployment environments can hold secrets; GitHub's own `github-pages` one holds none.
  return envName !== undefined && envName !== 'github-pages';
}

const DIGEST_PINNED = /^[^\s@]+@sha256:[0-9a-f]{64}$/;
/** An all-zero digest is a placeholder, not a pin: no registry serves it. */
const PLACEHOLDER_DIGEST = /@sha256:0{64}$/;

/**
 * Every image a job runs in or beside (container, services), with where it is named; an image
 * `${{ matrix.<key> }}` stands for each value of that key in the matrix (and its `include`s).
 */
function jobImages(job: Json): [string, string][] {
  const named: [string, unknown][] = [];
  const image = (c: unknown) => (c && typeof c === 'object' ? (c as Json).image : c);
  if (job.container !== undefined) named.push(['container', image(job.container)]);
  if (job.services && typeof job.services === 'object')
    for (const [k, v] of Object.entries(job.services as Json))
      named.push([`service ${k}`, image(v)]);
  const matrix = ((job.strategy as Json | undefined)?.matrix ?? {}) as Json;
  const out: [string, string][] = [];
  for (const [where, value] of named) {
    if (typeof value !== 'string') continue;
    const m = /^\$\{\{\s*matrix\.([\w-]+)\s*\}\}$/.exec(value);
    if (!m) {
      out.push([where, value]);
      continue;
    }
    const values = [
      ...(Array.isArray(matrix[m[1]!]) ? (matrix[m[1]!] as unknown[]) : []),
      ...(Array.isArray(matrix.include) ? (matrix.include as Json[]).map((x) => x[m[1]!]) : []),
    ];
    if (values.length === 0) out.push([where, `${value} (no value in the matrix)`]);
    for (const v of values) out.push([where, String(v)]);
  }
  return out;
}

/** Lints one workflow file's text; returns every finding (empty = clean). */
export function lintWorkflow(text: string, file: string): Finding[] {
  const findings: Finding[] = [];
  let wf: Json;
  try {
    wf = parse(text) as Json;
  } catch (err) {
    return [
      {
        file,
        job: '-',
        rule: 'workflow-invalid',
        message: `not valid YAML: ${(err as Error).message.split('\n')[0]}`,
      },
    ];
  }
  if (!wf || typeof wf !== 'object' || !wf.jobs || typeof wf.jobs !== 'object') {
    return [{ file, job: '-', rule: 'workflow-invalid', message: 'no jobs' }];
  }
  const on = triggers(wf);
  const prTriggered = on.has('pull_request');
  const prTarget = on.has('pull_request_target');

  for (const [name, raw] of Object.entries(wf.jobs as Json)) {
    const job = raw as Json;
    const add = (rule: Finding['rule'], message: string) =>
      findings.push({ file, job: name, rule, message });
    if (!('permissions' in job))
      add(
        'permissions-missing',
        'job has no explicit `permissions:`; give it the least it needs (e.g. `contents: read`, or `{}`)',
      );

    let checksOutPr = false;
    let runsPrCode = false;
    // A job that calls a reusable workflow in the repository runs that workflow's (PR) code.
    if (typeof job.uses === 'string') {
      if (job.uses.startsWith('./') && prTriggered) runsPrCode = true;
      if (!job.uses.startsWith('./') && !/@[0-9a-f]{40}$/.test(job.uses))
        add('unpinned-action', `reusable workflow ${job.uses} is not pinned to a commit SHA`);
    }
    for (const [where, image] of jobImages(job))
      if (!DIGEST_PINNED.test(image) || PLACEHOLDER_DIGEST.test(image))
        add('unpinned-image', `${where} image ${image} is not pinned by digest (@sha256:…)`);
    const steps = Array.isArray(job.steps) ? (job.steps as Json[]) : [];
    steps.forEach((step, i) => {
      const label = `step ${i + 1}${step.name ? ` (${String(step.name)})` : ''}`;
      const uses = typeof step.uses === 'string' ? step.uses : '';
      const withs = (step.with && typeof step.with === 'object' ? step.with : {}) as Json;
      if (uses.startsWith('docker://') && !DIGEST_PINNED.test(uses.slice('docker://'.length)))
        add('unpinned-image', `${label}: ${uses} is not pinned by digest (@sha256:…)`);
      if (uses && !uses.startsWith('./') && !uses.startsWith('docker://')) {
        if (!/@[0-9a-f]{40}$/.test(uses))
          add('unpinned-action', `${label}: ${uses} is not pinned to a full commit SHA`);
      }
      if (uses.startsWith('actions/checkout@')) {
        const ref = String(withs.ref ?? '') + String(withs.repository ?? '');
        if (prTriggered || PR_REF.test(ref)) checksOutPr = true;
        if (prTarget && PR_REF.test(ref))
          add(
            'pull-request-target-checkout',
            `${label}: checks out the pull request head in a pull_request_target workflow (write token)`,
          );
      }
      if (uses.startsWith('./') && prTriggered) runsPrCode = true;
      const scripts: string[] = [];
      if (typeof step.run === 'string') scripts.push(step.run);
      if (uses.startsWith('actions/github-script@') && typeof withs.script === 'string')
        scripts.push(withs.script);
      for (const script of scripts) {
        if (FETCHES_PR.test(script)) checksOutPr = true;
        for (const expr of expressions(script)) {
          if (UNTRUSTED_EXPR.test(expr))
            add(
              'untrusted-inline',
              `${label}: \${{ ${expr} }} is inlined into a script; pass it through env: and use "$VAR"`,
            );
          else if (!SAFE_EXPR.test(expr))
            add(
              'expression-in-run',
              `${label}: \${{ ${expr} }} is inlined into a script; pass it through env:`,
            );
        }
      }
      if (prTriggered && typeof step.run === 'string' && checksOutPr) runsPrCode = true;
    });
    if (holdsSecret(job) && (checksOutPr || runsPrCode)) {
      add(
        'secret-with-pr-code',
        "job holds a secret and checks out or runs the pull request's code; split it: untrusted work without secrets, then a trusted job that only reads its artifacts",
      );
    }
  }
  return findings;
}
