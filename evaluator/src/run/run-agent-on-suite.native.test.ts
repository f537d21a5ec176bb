import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testdir } from '../../../test/support/testdir.ts';
import { silentProgress } from '../util/progress.ts';
import { UsageError } from '../errors/figboard-error.ts';
import { validateSubmission } from '../validate/validate-submission.ts';
import { DECK } from '../validate/validate-fixtures.testkit.ts';
import type { AgentProcessPort, AgentRun } from './agent-process.ts';
import { formatRunSummary } from './format-run-summary.ts';
import { ResumeRefusedError } from './resume-refused-error.ts';
import { runAgentOnSuite } from './run-agent-on-suite.ts';
import { FIGMIRROR_INSTRUCTION } from '../tracks/style/style-agent-task.ts';
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

const suiteJson = (tasks: string[], name = 's', version = '1.0.0') =>
  JSON.stringify({
    name,
    version,
    track: 'refig',
    description: 'x',
    taskCount: tasks.length,
    tasks,
    licensePolicy: 'x',
    imageStats: null,
  });

/** A suite folder (and a second one, `other`) with these tasks. */
async function suiteDir(ids: string[]) {
  const files: Record<string, string | Buffer> = {
    'suites/s/suite.json': suiteJson(ids),
    'suites/other/suite.json': suiteJson(ids, 'other'),
  };
  for (const id of ids) {
    Object.assign(files, task(id));
    files[`suites/other/${id}/task.json`] = JSON.stringify({ ...TASK_JSON, id, hasTruth: false });
    files[`suites/other/${id}/source.png`] = SOURCE;
  }
  const t = await testdir(files);
  cleanups.push(t.cleanup);
  return t;
}

const options = (dir: string, over: Partial<Parameters<typeof runAgentOnSuite>[0]> = {}) => ({
  suiteDir: join(dir, 'suites/s'),
  submissionDir: join(dir, 'submissions/e'),
  manifest: { text: TEMPLATE, file: 'my.yml' },
  command: ['agent', '{input}', '{out}'],
  prompt: TASK_PROMPTS.direct,
  workDir: join(dir, 'work'),
  timeoutMs: 1000,
  jobs: 1,
  date: '2026-02-03',
  env: {},
  ...over,
});

/** An agent that fails every task the same way (wrong python3 on PATH). */
function brokenAgent() {
  const calls: string[] = [];
  const port: AgentProcessPort = {
    async run(job) {
      calls.push(job.env.FIGBOARD_TASK!);
      await writeFile(job.stdoutPath, '');
      await writeFile(
        job.stderrPath,
        `Traceback: ${job.cwd}/agent.py line 1\nModuleNotFoundError: No module named 'pptx'\n`,
      );
      return {
        code: 1,
        signal: null,
        timedOut: false,
        spawnError: null,
        durationMs: 1200 + calls.length * 700,
        stdoutBytes: 0,
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
        command: ['agent', '--input', '{input}', '--out={out}', '{prompt}'],
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

  it('refuses a resume whose model snapshot, suite or agent command changed, naming the change', async () => {
    const t = await suiteDir(['a', 'b']);
    const agent = fakeAgent({ a: async (_j, out) => writeFile(join(out, 'output.pptx'), DECK) });
    await runAgentOnSuite(options(t.dir, { tasks: ['a'] }), {
      agent: agent.port,
      progress: silentProgress,
    });
    const record = JSON.parse(await readFile(join(t.dir, 'submissions/e/run.json'), 'utf8'));
    expect(record.command).toEqual(['agent', '{input}', '{out}']);
    expect(record.suite.name).toBe('s');
    const refused = async (over: Partial<Parameters<typeof runAgentOnSuite>[0]>) => {
      const err = await runAgentOnSuite(options(t.dir, over), {
        agent: agent.port,
        progress: silentProgress,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ResumeRefusedError);
      return (err as ResumeRefusedError).changes;
    };
    const calls = agent.calls.length;
    expect(
      await refused({
        manifest: { text: TEMPLATE.replace('snapshot: m-1', 'snapshot: m-2'), file: 'my.yml' },
      }),
    ).toEqual(['manifest.model.snapshot: "m-1" → "m-2"']);
    expect(await refused({ suiteDir: join(t.dir, 'suites/other') })).toEqual(['suite: s → other']);
    expect(await refused({ command: ['agent2', '{input}', '{out}'] })).toEqual([
      'agent command: "agent {input} {out}" → "agent2 {input} {out}"',
    ]);
    expect(await refused({ prompt: TASK_PROMPTS.specialized })).toEqual([
      'instruction (--workflow / --prompt-file): a different text',
    ]);
    expect(agent.calls.length).toBe(calls); // nothing ran
    // the same configuration resumes: b runs, a is kept
    const r = await runAgentOnSuite(options(t.dir), {
      agent: agent.port,
      progress: silentProgress,
    });
    expect(r.runs.map((x) => `${x.task} ${x.status}`)).toEqual(['a kept', 'b ran']);
  });

  it('refuses resuming a folder made before run records when submission.yml names another suite', async () => {
    const t = await suiteDir(['a']);
    await mkdir(join(t.dir, 'submissions/e/artifacts/a'), { recursive: true });
    await writeFile(
      join(t.dir, 'submissions/e/submission.yml'),
      `id: e\ntrack: refig\nsuite: { name: refig-real, version: 2.0.0 }\nattempts: 1\ndate: "2026-01-01"\n${TEMPLATE}`,
    );
    const err = await runAgentOnSuite(options(t.dir), {
      agent: fakeAgent({}).port,
      progress: silentProgress,
    }).catch((e: unknown) => e);
    expect((err as ResumeRefusedError).changes).toEqual([
      'suite: refig-real → s (from submission.yml)',
    ]);
    expect((err as ResumeRefusedError).hint).toContain('submissions/e-2');
  });

  it('stops a 46-task run of an always-failing agent after 5 identical failures, and --retry-failed runs them again', async () => {
    const ids = Array.from({ length: 46 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    const t = await suiteDir(ids);
    const broken = brokenAgent();
    const ticks: string[] = [];
    const r = await runAgentOnSuite(options(t.dir, { jobs: 2 }), {
      agent: broken.port,
      progress: { start() {}, tick: (d) => ticks.push(d ?? ''), stop() {} },
    });
    expect(broken.calls.length).toBeLessThanOrEqual(6); // 5, plus one already started beside it
    expect(r.stoppedEarly?.failures).toBe(5);
    expect(['t00', 't01']).toContain(r.stoppedEarly?.task);
    expect(r.stoppedEarly?.errorLog).toContain("No module named 'pptx'");
    expect(r.notRun.length).toBe(46 - broken.calls.length);
    expect(r.problems.filter((p) => p.rule === 'no-deck')).toHaveLength(1);
    expect(formatRunSummary(r)).toBe(
      `run: 46 task(s): ${broken.calls.length} ran, 0 kept, ${broken.calls.length} failed, ${broken.calls.length} no deck, ${r.notRun.length} not started`,
    );
    expect(ticks[0]).toMatch(/^t0[01] ran: no deck$/);
    // not a finished folder: no manifest, so validation cannot call it OK
    expect(await readdir(join(t.dir, 'submissions/e'))).toEqual(['artifacts', 'run.json']);

    // after the fix: --retry-failed runs the failed tasks again (a setup fault is not an attempt)
    const fixed = fakeAgent(
      Object.fromEntries(
        ids.map((id) => [
          id,
          async (_j: AgentRun, out: string) => writeFile(join(out, 'output.pptx'), DECK),
        ]),
      ),
    );
    const again = await runAgentOnSuite(options(t.dir, { retryFailed: true }), {
      agent: fixed.port,
      progress: silentProgress,
    });
    expect(fixed.calls).toHaveLength(46);
    expect(again.stoppedEarly).toBeNull();
    expect(formatRunSummary(again)).toBe('run: 46 task(s): 46 ran, 0 kept, 0 failed, 0 no deck');
    const report = await validateSubmission({
      dir: join(t.dir, 'submissions/e'),
      suiteDir: join(t.dir, 'suites/s'),
    });
    expect(report.errors).toEqual([]);
  });

  it('does not stop early when the failures differ or a deck comes between them', async () => {
    const t = await suiteDir(['a', 'b', 'c', 'd']);
    const broken = brokenAgent();
    const r = await runAgentOnSuite(options(t.dir, { maxIdenticalFailures: 2 }), {
      agent: {
        run: async (job) => {
          if (job.env.FIGBOARD_TASK === 'b')
            await writeFile(join(job.env.FIGBOARD_OUT!, 'output.pptx'), DECK);
          return broken.port.run(job);
        },
      },
      progress: silentProgress,
    });
    expect(r.stoppedEarly).toBeNull();
    expect(broken.calls).toEqual(['a', 'b', 'c', 'd']);
  });

  it('runs a style task with only reference.png and data.csv (+ prompt.txt), collects figure.py and output.png, and an error.log without figure.py', async () => {
    // two real style-real task folders (every file, the evaluator-only ones included)
    const real = new URL('../../../suites/style-real/', import.meta.url);
    const manifest = JSON.parse(readFileSync(new URL('suite.json', real), 'utf8'));
    const files: Record<string, string | Buffer> = {
      'suites/st/suite.json': JSON.stringify({
        ...manifest,
        tasks: ['anscombe', 'harvest'],
        taskCount: 2,
      }),
      'my.yml': TEMPLATE,
    };
    for (const id of ['anscombe', 'harvest'])
      for (const f of readdirSync(new URL(`${id}/`, real)))
        files[`suites/st/${id}/${f}`] = readFileSync(new URL(`${id}/${f}`, real));
    const t = await testdir(files);
    cleanups.push(t.cleanup);
    const seen: Record<string, string[]> = {};
    const agent = fakeAgent({
      anscombe: async (job, out) => {
        await writeFile(join(out, 'figure.py'), 'import matplotlib\n');
        await writeFile(join(out, 'output.png'), files['suites/st/anscombe/reference.png']!);
        await writeFile(join(out, 'figure_iter1.py'), 'draft\n');
        seen.anscombe = (await readdir(job.cwd)).sort();
      },
      harvest: async (job) => {
        seen.harvest = (await readdir(job.cwd)).sort();
      },
    });
    const r = await runAgentOnSuite(
      {
        ...options(t.dir),
        suiteDir: join(t.dir, 'suites/st'),
        submissionDir: join(t.dir, 'submissions/style-e'),
        prompt: undefined,
        command: ['agent', '{input}', '{out}'],
      },
      { agent: agent.port, progress: silentProgress },
    );
    const work = join(t.dir, 'work/anscombe');
    const a = agent.calls.find((c) => c.env.FIGBOARD_TASK === 'anscombe')!;
    expect(a.cwd).toBe(work);
    expect(a.argv).toEqual(['agent', join(work, 'reference.png'), work]);
    expect(a.env.FIGBOARD_PROMPT).toBe(FIGMIRROR_INSTRUCTION.replaceAll('{out}', work));
    expect(await readFile(join(work, 'prompt.txt'), 'utf8')).toBe(`${a.env.FIGBOARD_PROMPT}\n`);
    // the task folder never held an evaluator-only file; the runner's capture is outside it
    expect(seen.harvest).toEqual(['data.csv', 'prompt.txt', 'reference.png']);
    expect(seen.anscombe).toEqual([
      'data.csv',
      'figure.py',
      'figure_iter1.py',
      'output.png',
      'prompt.txt',
      'reference.png',
    ]);
    expect(a.stdoutPath.startsWith(work)).toBe(false);
    const sub = join(t.dir, 'submissions/style-e');
    expect((await readdir(join(sub, 'artifacts/anscombe'))).sort()).toEqual([
      'figure.py',
      'output.png',
    ]);
    expect(r.runs.find((x) => x.task === 'anscombe')!.ignored).toEqual(['figure_iter1.py']);
    expect(await readdir(join(sub, 'artifacts/harvest'))).toEqual(['error.log']);
    expect((await readFile(join(sub, 'artifacts/harvest/error.log'), 'utf8')).split('\n')[0]).toBe(
      'no figure.py: the agent exited with code 0 after 0 s without writing figure.py',
    );
    expect(formatRunSummary(r)).toBe('run: 2 task(s): 2 ran, 0 kept, 1 failed, 1 no figure');
    expect(r.problems.map((p) => p.message)).toContain(
      'the agent produced no figure.py; error.log says why (the task scores 0)',
    );
    const yml = await readFile(join(sub, 'submission.yml'), 'utf8');
    expect(yml).toMatch(/^track: style\nsuite:\n {2}name: style-real\n {2}version: 1\.0\.0$/m);
    const report = await validateSubmission({
      dir: sub,
      display: 'sub',
      suiteDir: join(t.dir, 'suites/st'),
    });
    expect(report.errors).toEqual([]);

    // a refig instruction is not one of the style track's
    const wrong = await runAgentOnSuite(
      {
        ...options(t.dir),
        suiteDir: join(t.dir, 'suites/st'),
        prompt: undefined,
        workflow: 'direct',
      },
      { agent: agent.port, progress: silentProgress },
    ).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(UsageError);
    expect((wrong as UsageError).message).toContain('--workflow direct is not an instruction');
  });
});
