import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testdir } from '../../../test/support/testdir.ts';
import { silentProgress } from '../util/progress.ts';
import { UsageError } from '../errors/figboard-error.ts';
import { validateSubmission } from '../validate/validate-submission.ts';
import { DECK } from '../validate/validate-fixtures.testkit.ts';
import type { AgentProcessPort, AgentRun } from './agent-process.ts';
import { runAgentOnSuite } from './run-agent-on-suite.ts';
import { TASK_PROMPTS } from './task-prompt.ts';

// a real task folder of the sample suite, under other ids
const SAMPLE = new URL('../../../suites/refig-sample/fig01-000/', import.meta.url);
const TASK_JSON = JSON.parse(readFileSync(new URL('task.json', SAMPLE), 'utf8'));
const SOURCE = readFileSync(new URL('source.png', SAMPLE));
const task = (id: string) => ({
  [`suites/s/${id}/task.json`]: JSON.stringify({ ...TASK_JSON, id, hasTruth: false }),
  [`suites/s/${id}/source.png`]: SOURCE,
});
const TEMPLATE = `team: T
contact: t@example.org
model: { name: M, provider: p, snapshot: m-1 }
harness: { name: H, version: "1.0" }
workflow: { name: w, kind: direct }
license: MIT
`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A fake agent: what it does per task is scripted; every call is recorded. */
function fakeAgent(script: Record<string, (job: AgentRun, out: string) => Promise<void>>) {
  const calls: AgentRun[] = [];
  const port: AgentProcessPort = {
    async run(job) {
      calls.push(job);
      const out = job.env.FIGBOARD_OUT!;
      await writeFile(job.stdoutPath, '');
      await writeFile(job.stderrPath, 'agent stderr\n');
      await script[job.env.FIGBOARD_TASK!]?.(job, out);
      return {
        code: 0,
        signal: null,
        timedOut: false,
        spawnError: null,
        durationMs: 5,
        stdoutBytes: job.env.FIGBOARD_TASK === 'a' ? 20 : 0,
        stdoutTruncated: false,
      };
    },
  };
  return { port, calls };
}

describe('runAgentOnSuite', () => {
  it('runs the agent once per task with the instruction, copies what a submission may hold, and writes a valid folder', async () => {
    const t = await testdir({
      'suites/s/suite.json': JSON.stringify({
        name: 's',
        version: '1.0.0',
        track: 'refig',
        description: 'x',
        taskCount: 3,
        tasks: ['a', 'b', 'c'],
        licensePolicy: 'x',
        imageStats: null,
      }),
      ...task('a'),
      ...task('b'),
      ...task('c'),
      'my.yml': TEMPLATE,
    });
    cleanups.push(t.cleanup);
    const agent = fakeAgent({
      a: async (job, out) => {
        await writeFile(job.stdoutPath, '{"type":"log"}\n');
        await writeFile(join(out, 'output.pptx'), DECK);
        await writeFile(join(out, 'output.py'), 'print(1)\n');
        await writeFile(join(out, 'output.js'), 'x\n');
        await writeFile(join(out, 'notes.txt'), 'scratch\n');
      },
      b: async (_job, out) => {
        await writeFile(join(out, 'output.pptx'), DECK);
        await writeFile(join(out, 'output.js'), 'require("pptxgenjs")\n');
        await writeFile(join(out, 'output.jsonl'), '{"own":"log"}\n');
      },
      // c writes nothing: no deck
    });
    const r = await runAgentOnSuite(
      {
        suiteDir: join(t.dir, 'suites/s'),
        submissionDir: join(t.dir, 'submissions/my-entry'),
        manifest: { text: TEMPLATE, file: 'my.yml' },
        command: ['agent', '--input', '{input}', '--out={out}', '{prompt}'],
        prompt: TASK_PROMPTS.direct,
        workDir: join(t.dir, 'work'),
        timeoutMs: 1000,
        jobs: 2,
        date: '2026-02-03',
        env: { HOME: '/home/x', SECRET: undefined },
      },
      { agent: agent.port, progress: silentProgress },
    );
    expect(agent.calls).toHaveLength(3);
    const a = agent.calls.find((c) => c.env.FIGBOARD_TASK === 'a')!;
    const input = join(t.dir, 'work/a/input.png');
    const out = join(t.dir, 'work/a/out');
    expect(a.argv).toEqual([
      'agent',
      '--input',
      input,
      `--out=${out}`,
      TASK_PROMPTS.direct.replaceAll('{input}', input).replaceAll('{out}', out),
    ]);
    expect(a.cwd).toBe(join(t.dir, 'work/a'));
    expect(a.env.HOME).toBe('/home/x');
    expect('SECRET' in a.env).toBe(false);
    expect(JSON.parse(await readFile(join(t.dir, 'work/a/package.json'), 'utf8')).type).toBe(
      'commonjs',
    );
    const sub = join(t.dir, 'submissions/my-entry');
    expect((await readdir(join(sub, 'artifacts/a'))).sort()).toEqual([
      'output.jsonl',
      'output.pptx',
      'output.py',
    ]);
    expect(await readFile(join(sub, 'artifacts/a/output.jsonl'), 'utf8')).toBe('{"type":"log"}\n');
    expect((await readdir(join(sub, 'artifacts/b'))).sort()).toEqual([
      'output.js',
      'output.jsonl',
      'output.pptx',
    ]);
    expect(await readFile(join(sub, 'artifacts/b/output.jsonl'), 'utf8')).toBe('{"own":"log"}\n');
    expect(await readdir(join(sub, 'artifacts/c'))).toEqual(['error.log']);
    expect(await readFile(join(sub, 'artifacts/c/error.log'), 'utf8')).toContain(
      'exited with code 0',
    );
    expect(r.problems.map((p) => `${p.rule} ${p.file}`).sort()).toEqual([
      `ignored-output ${join(t.dir, 'submissions/my-entry')}/artifacts/a/notes.txt`,
      `ignored-output ${join(t.dir, 'submissions/my-entry')}/artifacts/a/output.js`,
      `no-deck ${join(t.dir, 'submissions/my-entry')}/artifacts/c`,
    ]);
    const yml = await readFile(join(sub, 'submission.yml'), 'utf8');
    expect(yml).toContain('id: my-entry');
    expect(yml).toContain('date: "2026-02-03"');
    expect(yml).toContain('attempts: 1');
    const report = await validateSubmission({ dir: sub, suiteDir: join(t.dir, 'suites/s') });
    expect(report.errors).toEqual([]);

    // resume: tasks with a deck or error.log are never run again (one attempt per task)
    await mkdir(join(t.dir, 'again'), { recursive: true });
    const again = fakeAgent({});
    const r2 = await runAgentOnSuite(
      {
        suiteDir: join(t.dir, 'suites/s'),
        submissionDir: sub,
        manifest: { text: TEMPLATE, file: 'my.yml' },
        command: ['agent'],
        prompt: TASK_PROMPTS.direct,
        workDir: join(t.dir, 'work'),
        timeoutMs: 1000,
        jobs: 1,
        date: '2026-02-04',
        env: {},
      },
      { agent: again.port, progress: silentProgress },
    );
    expect(again.calls).toHaveLength(0);
    expect(r2.runs.map((x) => x.status)).toEqual(['kept', 'kept', 'kept']);
  });

  it('refuses a manifest template with problems before running any agent, naming its lines', async () => {
    const t = await testdir({
      'suites/s/suite.json': JSON.stringify({
        name: 's',
        version: '1.0.0',
        track: 'refig',
        description: 'x',
        taskCount: 1,
        tasks: ['a'],
        licensePolicy: 'x',
        imageStats: null,
      }),
      ...task('a'),
    });
    cleanups.push(t.cleanup);
    const agent = fakeAgent({});
    const bad = TEMPLATE.replace('license: MIT\n', 'licence: MIT\n');
    await expect(
      runAgentOnSuite(
        {
          suiteDir: join(t.dir, 'suites/s'),
          submissionDir: join(t.dir, 'submissions/x'),
          manifest: { text: bad, file: 'my.yml' },
          command: ['agent'],
          prompt: TASK_PROMPTS.direct,
          workDir: join(t.dir, 'work'),
          timeoutMs: 1000,
          jobs: 1,
          date: '2026-02-03',
          env: {},
        },
        { agent: agent.port, progress: silentProgress },
      ),
    ).rejects.toThrow(UsageError);
    expect(agent.calls).toHaveLength(0);
  });
});
