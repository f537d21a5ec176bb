import { writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { formatProblem, type Problem, UsageError } from '../../errors/index.ts';
import { refreshSuiteManifest } from '../../suite/build-suite-manifest.ts';
import { fetchRemoteSuite } from '../../suite/fetch-remote-suite.ts';
import { importRepositoryFigures, readWithheld } from '../../suite/import-repository-figures.ts';
import { loadSuite } from '../../suite/load-suite.ts';
import { packSuite } from '../../suite/pack-suite.ts';
import { renderSuiteReadme, type TruthCounts } from '../../suite/render-suite-readme.ts';
import { sealSuite, unsealSuite } from '../../suite/seal-suite.ts';
import { parseSuiteKey } from '../../suite/sealed-bundle.ts';
import { verifySuite } from '../../suite/verify-suite.ts';
import { TRACKS } from '../../tracks/registry.ts';
import { stableStringify } from '../../util/stable-stringify.ts';
import type { CliContext } from '../context.ts';
import type { RegisterCommand } from './command.ts';
import { listSome } from '../../util/cap-text.ts';

/** Problem paths relative to the working directory, so messages read like the command typed. */
function display(ctx: CliContext, p: Problem): string {
  const m = /^(.*?)(:\d+)?$/.exec(p.file)!;
  const file = isAbsolute(m[1]!) ? relative(ctx.cwd, m[1]!) || '.' : m[1]!;
  return formatProblem({ ...p, file: file + (m[2] ?? '') });
}

function reportProblems(ctx: CliContext, problems: Problem[]): number {
  for (const p of problems) ctx.stderr.write(`${display(ctx, p)}\n`);
  return problems.filter((p) => p.severity === 'error').length;
}

/** Task folders of a remote suite live in the cache; everything else is read in place. */
async function tasksDirFor(
  ctx: CliContext,
  dir: string,
  cache: string | undefined,
): Promise<string | undefined> {
  const loaded = await loadSuite(dir, { verifyHashes: false });
  if (!loaded.manifest?.remote) return undefined;
  const cacheDir = resolve(ctx.cwd, cache ?? join('.cache', 'figboard', 'suites'));
  return (await fetchRemoteSuite(loaded.manifest.remote, { cacheDir })).dir;
}

/** `refig suite stats|verify|build-stats|fetch|import-repo`: task suite tooling (issue 8 §1). */
export const registerSuite: RegisterCommand = (program: Command, ctx: CliContext, setExit) => {
  const suite = program
    .command('suite')
    .description(
      'task suites: statistics (ReFigBench Table 1, 9, 10), integrity checks, fetching, import',
    );

  suite
    .command('stats')
    .description(
      'print ReFigBench Table 1 (image statistics) and Tables 9/10 (per-field composition and file size); for a style suite, chart types by split (FigMirror Figures 5/8), variation dimensions and licenses',
    )
    .argument('<dir>', 'suite folder (contains suite.json)')
    .option('--json', 'print the statistics as JSON instead of tables')
    .option('--cache <dir>', 'cache folder for remote suites', undefined)
    .action(async (dir: string, opts: { json?: boolean; cache?: string }) => {
      const abs = resolve(ctx.cwd, dir);
      const loaded = await loadSuite(abs, { tasksDir: await tasksDirFor(ctx, abs, opts.cache) });
      const errors = reportProblems(ctx, loaded.problems);
      if (!loaded.manifest) {
        setExit(1);
        return;
      }
      if (loaded.sealed && !opts.json)
        ctx.stdout.write(
          `Hidden split: ${Object.keys(loaded.sealed.tasks).length} of ${loaded.manifest.taskCount} task(s) have their scoring material sealed in sealed.json: ${listSome(Object.keys(loaded.sealed.tasks).sort())}\n\n`,
        );
      const stats = TRACKS[loaded.manifest.track].suite.stats(loaded, loaded.manifest);
      ctx.stdout.write(
        opts.json
          ? `${stableStringify({ suite: loaded.manifest.name, version: loaded.manifest.version, ...stats.json }, 2)}\n`
          : stats.text,
      );
      if (errors > 0) {
        ctx.stderr.write(
          `refig suite stats: ${errors} error(s); the statistics above cover the ${stats.covered} task(s) that loaded\n`,
        );
        setExit(1);
      }
    });

  suite
    .command('verify')
    .description(
      're-hash every image and validate every file of one or more suites against the schemas',
    )
    .argument('<dirs...>', 'suite folders')
    .option('--cache <dir>', 'cache folder for remote suites', undefined)
    .action(async (dirs: string[], opts: { cache?: string }) => {
      let failed = false;
      for (const dir of dirs) {
        const abs = resolve(ctx.cwd, dir);
        const result = await verifySuite(abs, {
          tasksDir: await tasksDirFor(ctx, abs, opts.cache),
          suiteKey: ctx.env.FIGBOARD_SUITE_KEY
            ? parseSuiteKey(ctx.env.FIGBOARD_SUITE_KEY, 'FIGBOARD_SUITE_KEY')
            : null,
        });
        const errors = reportProblems(ctx, result.problems);
        const listed = result.manifest?.taskCount ?? 0;
        const track = result.manifest ? TRACKS[result.manifest.track] : undefined;
        // Without a manifest no task loaded (and suite.json's problem is an error).
        const intact = track?.suite.intactTasks(result, errors) ?? String(result.tasks.length);
        if (errors > 0 || !track) {
          failed = true;
          ctx.stdout.write(`FAIL ${dir}: ${errors} error(s); ${intact}/${listed} tasks intact\n`);
        } else {
          ctx.stdout.write(
            `ok   ${dir}: ${intact} tasks, every ${track.suite.verifiedText(result)}\n`,
          );
        }
        const sc = result.sealedCheck;
        if (sc) {
          const hidden = Object.keys(result.sealed?.tasks ?? {}).sort();
          ctx.stdout.write(
            `     sealed.json: ${sc.tasks} hidden task(s), ${sc.files} sealed file(s), integrity checked; ` +
              (sc.opened
                ? 'opened with FIGBOARD_SUITE_KEY: every file authenticates and matches the public part\n'
                : errors > 0
                  ? 'see the errors above\n'
                  : `contents not checked without FIGBOARD_SUITE_KEY (hidden: ${listSome(hidden)})\n`),
          );
        }
      }
      setExit(failed ? 1 : 0);
    });

  suite
    .command('seal')
    .description(
      "seal a suite's evaluator-only files (criteria.json, reference.py, reference_data.csv, truth.json) into sealed.json with AES-256-GCM; the key comes from FIGBOARD_SUITE_KEY (64 hex digits)",
    )
    .argument('<dir>', 'suite folder')
    .option('--tasks <ids>', 'comma-separated task ids (default: every task)')
    .option('--remove', 'delete the plaintext files once sealed (the public checkout)', false)
    .option(
      '--from <dir>',
      "read each task's plaintext from <dir>/<task>/ (outside the repository) instead of its task folder",
    )
    .action(async (dir: string, opts: { tasks?: string; remove: boolean; from?: string }) => {
      const raw = ctx.env.FIGBOARD_SUITE_KEY;
      if (!raw)
        throw new UsageError('refig suite seal needs the suite key', {
          code: 'suite-key-missing',
          where: 'FIGBOARD_SUITE_KEY',
          expected: '64 hexadecimal digits in the environment',
          got: 'nothing',
          hint: 'generate one with: openssl rand -hex 32 (and store it as the repository secret FIGBOARD_SUITE_KEY)',
        });
      const key = parseSuiteKey(raw, 'FIGBOARD_SUITE_KEY');
      const result = await sealSuite(resolve(ctx.cwd, dir), key, {
        ...(opts.tasks ? { tasks: opts.tasks.split(',').filter(Boolean) } : {}),
        remove: opts.remove,
        ...(opts.from ? { from: resolve(ctx.cwd, opts.from) } : {}),
      });
      const tasks = Object.entries(result.sealed);
      ctx.stdout.write(
        `wrote ${join(dir, 'sealed.json')}: ${tasks.length} task(s) sealed (${tasks.reduce((n, [, f]) => n + f.length, 0)} files)${result.removed.length ? `; removed ${result.removed.length} plaintext file(s)` : ''}\n`,
      );
    });

  suite
    .command('unseal')
    .description(
      'write the sealed files back into their task folders and delete sealed.json (key rotation: unseal with the old FIGBOARD_SUITE_KEY, then seal --remove with the new one); a maintainer-only step, never committed in between',
    )
    .argument('<dir>', 'suite folder')
    .action(async (dir: string) => {
      const raw = ctx.env.FIGBOARD_SUITE_KEY;
      if (!raw)
        throw new UsageError('refig suite unseal needs the suite key', {
          code: 'suite-key-missing',
          where: 'FIGBOARD_SUITE_KEY',
          expected: 'the 64 hexadecimal digits the suite was sealed with',
          got: 'nothing',
        });
      const result = await unsealSuite(
        resolve(ctx.cwd, dir),
        parseSuiteKey(raw, 'FIGBOARD_SUITE_KEY'),
      );
      ctx.stdout.write(
        `wrote ${result.written.length} plaintext file(s) back and removed ${join(dir, 'sealed.json')}; reseal before committing: refig suite seal ${dir} --remove\n`,
      );
    });

  suite
    .command('build-stats')
    .description(
      'recompute suite.json: task list, Table 1 image statistics and per-field rows, from the task folders',
    )
    .argument('<dir>', 'suite folder')
    .action(async (dir: string) => {
      const result = await refreshSuiteManifest(resolve(ctx.cwd, dir));
      const errors = reportProblems(ctx, result.problems);
      if (!result.written) {
        ctx.stderr.write(
          `refig suite build-stats: suite.json not rewritten (${errors} error(s))\n`,
        );
        setExit(1);
        return;
      }
      ctx.stdout.write(`wrote ${join(dir, 'suite.json')}: ${result.manifest!.taskCount} tasks\n`);
    });

  suite
    .command('fetch')
    .description(
      'download a remote suite (suite.json "remote": {url, sha256}), verify its SHA-256 and unpack it into the cache',
    )
    .argument('<dir>', 'suite folder whose suite.json has "remote"')
    .option('--cache <dir>', 'cache folder', join('.cache', 'figboard', 'suites'))
    .action(async (dir: string, opts: { cache: string }) => {
      const abs = resolve(ctx.cwd, dir);
      const loaded = await loadSuite(abs, { verifyHashes: false });
      if (!loaded.manifest) {
        reportProblems(ctx, loaded.problems);
        setExit(1);
        return;
      }
      if (!loaded.manifest.remote)
        throw new UsageError(`${dir} is not a remote suite`, {
          where: join(dir, 'suite.json'),
          expected: '"remote": {url, sha256}',
          got: 'null',
        });
      const fetched = await fetchRemoteSuite(loaded.manifest.remote, {
        cacheDir: resolve(ctx.cwd, opts.cache),
      });
      const verified = await verifySuite(abs, { tasksDir: fetched.dir });
      const errors = reportProblems(ctx, verified.problems);
      ctx.stdout.write(
        `${fetched.cached ? 'cached' : 'fetched'} ${loaded.manifest.remote.url} → ${relative(ctx.cwd, fetched.dir)} (${verified.tasks.length} tasks)\n`,
      );
      setExit(errors > 0 ? 1 : 0);
    });

  suite
    .command('pack')
    .description(
      'pack the task folders into one deterministic .tar.gz for a remote suite and print its "remote" entry',
    )
    .argument('<dir>', 'suite folder')
    .requiredOption('--out <file>', 'archive to write (.tar.gz)')
    .option(
      '--url <url>',
      'where the archive will be published (printed in the "remote" entry)',
      'https://example.org/SUITE.tar.gz',
    )
    .action(async (dir: string, opts: { out: string; url: string }) => {
      const packed = await packSuite(resolve(ctx.cwd, dir), resolve(ctx.cwd, opts.out));
      ctx.stdout.write(`packed ${packed.files} files into ${opts.out} (${packed.bytes} bytes)\n`);
      ctx.stdout.write(`"remote": ${stableStringify({ url: opts.url, sha256: packed.sha256 })}\n`);
    });

  suite
    .command('readme')
    .description(
      "rewrite a repository-figure suite's README.md from its task.json files, withheld.json and checked truth",
    )
    .argument('<dir>', 'suite folder')
    .action(async (dir: string) => {
      const abs = resolve(ctx.cwd, dir);
      const loaded = await loadSuite(abs);
      const errors = reportProblems(ctx, loaded.problems);
      if (!loaded.manifest || errors > 0) {
        setExit(1);
        return;
      }
      const withheld = await readWithheld(join(abs, 'withheld.json'));
      const readme = join(abs, 'README.md');
      await writeFile(
        readme,
        renderSuiteReadme(
          loaded.manifest,
          loaded.tasks.map((t) => t.task),
          withheld,
          `${loaded.manifest.description}.`,
          truthCounts(loaded.tasks),
        ),
      );
      ctx.stdout.write(`wrote ${relative(ctx.cwd, readme)}\n`);
    });

  suite
    .command('import-repo')
    .description(
      'build a refig suite from figures in public code repositories (a corpus MANIFEST.tsv with repository, path, commit, license)',
    )
    .requiredOption('--manifest <file>', 'corpus MANIFEST.tsv')
    .requiredOption('--corpus <dir>', 'folder the manifest paths are relative to')
    .requiredOption('--out <dir>', 'suite folder to write')
    .requiredOption('--name <name>', 'suite name')
    .option('--suite-version <v>', 'suite version', '1.0.0')
    .option('--prefix <p>', 'only rows whose local_path starts with this', 'figures/')
    .option(
      '--description <text>',
      'one-line description',
      'Real method-overview figures from permissively licensed research code repositories',
    )
    .action(
      async (opts: {
        manifest: string;
        corpus: string;
        out: string;
        name: string;
        suiteVersion: string;
        prefix: string;
        description: string;
      }) => {
        const outDir = resolve(ctx.cwd, opts.out);
        const result = await importRepositoryFigures({
          manifestPath: resolve(ctx.cwd, opts.manifest),
          corpusDir: resolve(ctx.cwd, opts.corpus),
          prefix: opts.prefix,
          outDir,
          header: { name: opts.name, version: opts.suiteVersion, description: opts.description },
        });
        const errors = reportProblems(ctx, result.problems);
        const loaded = await loadSuite(outDir);
        if (loaded.manifest) {
          await writeFile(
            join(outDir, 'README.md'),
            renderSuiteReadme(
              loaded.manifest,
              loaded.tasks.map((t) => t.task),
              result.withheld,
              `${opts.description}.`,
              truthCounts(loaded.tasks),
            ),
          );
        }
        ctx.stdout.write(
          `imported ${result.tasks.length} figure(s) into ${opts.out}; withheld ${result.withheld.length} (see withheld.json)\n`,
        );
        setExit(errors > 0 ? 1 : 0);
      },
    );
};

/** Checked truth per split, for a suite README. */
function truthCounts(tasks: readonly { hidden: boolean; truth: unknown }[]): TruthCounts {
  return {
    public: tasks.filter((t) => !t.hidden && t.truth !== null).length,
    hidden: tasks.filter((t) => t.hidden).length,
  };
}
