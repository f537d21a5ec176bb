import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packTarGz } from '@figboard/evaluator/archive';
import { sha256 } from '@figboard/evaluator/util';
import { RefigSummary } from '@figboard/evaluator/schemas';

// End to end, the way the Actions runner calls a container action's entry point: INPUT_*
// variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY pointing at files, GITHUB_WORKSPACE at the
// checkout. Real evaluator underneath (audit, LibreOffice render, metric judge) on the bundled
// sample suite and a sample submission copied into a temporary workspace.

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = join(REPO, 'action/bin/run.js');
const ID = 'sample-cc-specialized';
let ws: string;

interface RunResult {
  code: number | null;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
}

async function runAction(
  inputs: Record<string, string>,
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<RunResult> {
  const outputFile = join(ws, `.github-output-${name}`);
  const summaryFile = join(ws, `.github-summary-${name}`);
  await writeFile(outputFile, '');
  await writeFile(summaryFile, '');
  // A clean environment: nothing from the test process leaks in (no API keys → metric judge only).
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: ws,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    ...extraEnv,
  };
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  const child = spawn(process.execPath, [ENTRY], {
    cwd: ws,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stdout += d));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  return {
    code,
    stdout,
    outputs: parseOutputs(await readFile(outputFile, 'utf8')),
    summary: await readFile(summaryFile, 'utf8'),
  };
}

/** GITHUB_OUTPUT holds `name<<DELIMITER\nvalue\nDELIMITER` blocks (what @actions/core writes). */
function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const m of text.matchAll(re)) out[m[1]!] = m[3]!;
  return out;
}

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of (await readdir(join(dir, prefix), { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await filesUnder(dir, rel)));
    else out.push(rel);
  }
  return out;
}

beforeAll(async () => {
  ws = await mkdtemp(join(tmpdir(), 'figboard-action-'));
  await cp(join(REPO, 'suites/refig-sample'), join(ws, 'suites/refig-sample'), { recursive: true });
  await cp(join(REPO, 'submissions', ID), join(ws, 'submissions', ID), {
    recursive: true,
    filter: (src) => !src.includes(`${ID}/results`),
  });
});
afterAll(async () => {
  if (ws) await rm(ws, { recursive: true, force: true });
});

describe('the Action entry point', () => {
  let single: RunResult;

  it('validates and evaluates a submission, writing results, outputs and the job summary', async () => {
    single = await runAction(
      { submissions: `submissions/${ID}`, 'output-dir': 'out/single', workers: '2' },
      'single',
    );
    expect(single.code, single.stdout).toBe(0);
    expect(single.outputs['results-path']).toBe(join(ws, 'out/single'));
    expect(single.outputs.valid).toBe('true');
    const summaryJson = JSON.parse(single.outputs['summary-json']!);
    expect(summaryJson).toMatchObject({
      valid: true,
      submissions: [
        { id: ID, valid: true, errors: 0, tasks: 6, judges: [{ id: 'metric', status: 'ran' }] },
      ],
    });
    const results = join(ws, 'out/single', ID, 'results');
    expect(await filesUnder(results)).toEqual(
      expect.arrayContaining([
        'artifacts.jsonl',
        'effort.jsonl',
        'judgments/metric/run-1.jsonl',
        'renders/fig01-000.png',
        'summary.json',
      ]),
    );
    const summary = RefigSummary.parse(
      JSON.parse(await readFile(join(results, 'summary.json'), 'utf8')),
    );
    expect(summary.tasks).toMatchObject({ total: 6, present: 6, missing: [], gatePassed: 6 });
    expect(summary.judges[0]!.mean).toBeGreaterThan(50);
    // The job summary carries the scorecard row with the judge's mean.
    expect(single.summary).toContain('## FigBoard: submission check');
    expect(single.summary).toContain(
      `| <code>${ID}</code> | ✅ | 6 | 0 | 0 | 0 | <code>metric</code> (primary) |`,
    );
    expect(single.summary).toContain(summary.judges[0]!.mean!.toFixed(1));
  });

  it('sharding 2 ways and merging writes exactly the bytes of one unsharded run', async () => {
    const s0 = await runAction(
      {
        submissions: `submissions/${ID}`,
        'output-dir': 'out/shards/0',
        'shard-index': '0',
        'shard-count': '2',
      },
      's0',
    );
    const s1 = await runAction(
      {
        submissions: `submissions/${ID}`,
        'output-dir': 'out/shards/1',
        'shard-index': '1',
        'shard-count': '2',
      },
      's1',
    );
    expect(s0.code, s0.stdout).toBe(0);
    expect(s1.code, s1.stdout).toBe(0);
    const t0 = JSON.parse(await readFile(join(ws, 'out/shards/0', ID, 'shard.json'), 'utf8'))
      .tasks as string[];
    const t1 = JSON.parse(await readFile(join(ws, 'out/shards/1', ID, 'shard.json'), 'utf8'))
      .tasks as string[];
    expect([...t0, ...t1].sort()).toEqual([
      'fig01-000',
      'fig01-001',
      'fig01-002',
      'fig01-003',
      'fig01-004',
      'fig01-005',
    ]);
    expect(t0.length * t1.length).toBeGreaterThan(0);

    const merged = await runAction(
      { mode: 'merge', 'shard-dirs': 'out/shards/*', 'output-dir': 'out/merged' },
      'merge',
    );
    expect(merged.code, merged.stdout).toBe(0);
    expect(merged.summary).toContain('## FigBoard: merged shard results');
    const a = join(ws, 'out/single', ID, 'results');
    const b = join(ws, 'out/merged', ID, 'results');
    const files = await filesUnder(a);
    expect(await filesUnder(b)).toEqual(files);
    for (const f of files) {
      if (f.endsWith('.png')) continue; // renders are copied as-is; compared by name above
      expect(await readFile(join(b, f), 'utf8'), f).toBe(await readFile(join(a, f), 'utf8'));
    }
  });

  it('annotates every problem of an invalid submission and fails the step', async () => {
    await cp(join(ws, 'submissions', ID), join(ws, 'submissions/broken-entry'), {
      recursive: true,
    });
    await writeFile(
      join(ws, 'submissions/broken-entry/artifacts/fig01-000/output.py'),
      'tampered\n',
    );
    await writeFile(
      join(ws, 'changed.txt'),
      'submissions/broken-entry/submission.yml\n.github/workflows/ci.yml\n',
    );
    const r = await runAction(
      { submissions: 'auto', 'changed-files': 'changed.txt', 'output-dir': 'out/broken' },
      'broken',
    );
    expect(r.code).toBe(1);
    expect(r.outputs.valid).toBe('false');
    const annotations = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('::error') || l.startsWith('::warning'));
    // Workflow commands exactly as @actions/core writes them: one annotation per problem, on its file.
    expect(annotations).toMatchInlineSnapshot(`
      [
        "::error title=FigBoard%3A outside-submission,file=.github/workflows/ci.yml::the pull request changes a file outside its submission folder — expected only files under submissions/broken-entry/, got .github/workflows/ci.yml — open a separate pull request for changes to anything else (one submission per pull request)",
        "::error title=FigBoard%3A hash-mismatch,file=submissions/broken-entry/SHA256SUMS,line=4::artifacts/fig01-000/output.py: its SHA-256 differs from the one on this line — expected 859644dd452b3142b88581c1861bfa6d91a6080561267d916cf8026ae8cce185, got 92e78d0b032962f47792a9fa95fd981ef63e1e3ef074d536d6304c75eddbe29f — the file changed after SHA256SUMS was written (or git changed its line endings); regenerate SHA256SUMS",
        "::error title=FigBoard%3A id-mismatch,file=submissions/broken-entry/submission.yml::id must equal the folder name — expected broken-entry, got sample-cc-specialized — rename the folder to submissions/sample-cc-specialized/ or set id: broken-entry",
        "::warning title=FigBoard%3A sample-reserved,file=submissions/broken-entry/submission.yml::sample: true marks the maintainers' bundled samples; a submission cannot set it (a pull request would be refused) — expected sample: false (or no sample key), got sample: true",
        "::error::a submission is not valid; see the annotations and the job summary",
      ]
    `);
    expect(r.stdout).toContain('::error::a submission is not valid');
    expect(r.summary).toContain('❌ 3 errors');
  });

  it('evaluates a submission delivered as archive: {url, sha256} (downloaded, verified, unpacked safely)', async () => {
    // The same artifacts as one .tar.gz served by a local HTTP server (plain http is allowed on loopback only).
    const files: { path: string; data: Buffer }[] = [];
    for (const task of await readdir(join(ws, 'submissions', ID, 'artifacts'))) {
      for (const f of await readdir(join(ws, 'submissions', ID, 'artifacts', task))) {
        files.push({
          path: `artifacts/${task}/${f}`,
          data: await readFile(join(ws, 'submissions', ID, 'artifacts', task, f)),
        });
      }
    }
    const tgz = packTarGz(files);
    const server = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-length': tgz.length }).end(tgz),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/artifacts.tar.gz`;
      const id = 'archived-entry';
      const yml = `${(await readFile(join(ws, 'submissions', ID, 'submission.yml'), 'utf8')).replace(`id: ${ID}`, `id: ${id}`)}archive:\n  url: ${url}\n  sha256: "${sha256(tgz)}"\n`;
      await mkdir(join(ws, 'submissions', id), { recursive: true });
      await writeFile(join(ws, 'submissions', id, 'submission.yml'), yml);
      const r = await runAction(
        { submissions: `submissions/${id}`, 'output-dir': 'out/archived' },
        'archived',
        // The archive host is a loopback test server, refused unless told it is a test.
        { FIGBOARD_ALLOW_LOOPBACK_ARCHIVES: '1' },
      );
      expect(r.code, r.stdout).toBe(0);
      const a = join(ws, 'out/single', ID, 'results', 'judgments/metric/run-1.jsonl');
      const b = join(ws, 'out/archived', id, 'results', 'judgments/metric/run-1.jsonl');
      // Same decks, same scores: only the submission id differs.
      expect((await readFile(b, 'utf8')).replaceAll(id, ID)).toBe(await readFile(a, 'utf8'));
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
