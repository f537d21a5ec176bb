import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Option } from 'commander';
import { UsageError } from '../../errors/index.ts';
import { buildOrbitSuite } from '../../orbit/build-orbit-suite.ts';
import { systemClock } from '../../orbit/clock.ts';
import { OrbitIdentity } from '../../orbit/orbit-records.ts';
import { createFigureRasterizer } from '../../orbit/rasterize-figure.ts';
import { fetchHttp } from '../../suite/http-port.ts';
import type { CliContext } from '../context.ts';
import type { RegisterCommand } from './command.ts';

interface OrbitCliOptions {
  out: string;
  limit: string;
  maxPapers?: string;
  seed?: string;
  since?: string;
  until?: string;
  categories?: string;
  pageSize?: string;
  maxPages?: string;
  dpi?: string;
  maxSide?: string;
  name?: string;
  suiteVersion?: string;
  apiBase: string;
  oaiBase: string;
  sourceBase: string;
  delayMs: string;
  retries: string;
  backoffMs: string;
}

function int(value: string, flag: string): number {
  if (!/^-?\d+$/.test(value))
    throw new UsageError(`${flag} must be an integer`, { expected: 'an integer', got: value });
  return Number(value);
}

/** The current month, read by the adapter (the core never reads the clock for dates). */
function thisMonth(): string {
  const d = new Date();
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** `refig orbit`: build (or resume) a task suite from arXiv with ORBIT (issue 8 §3). */
export const registerOrbit: RegisterCommand = (program, ctx: CliContext, setExit) => {
  program
    .command('orbit')
    .description(
      'build or resume a refig task suite from arXiv (ORBIT: caption-guided overview-figure retrieval with provenance)',
    )
    .requiredOption(
      '--out <dir>',
      'suite folder to build into (resumes when it already holds a build)',
    )
    .option('--limit <n>', 'stop after this many accepted tasks', '10')
    .option('--max-papers <n>', 'stop after scanning this many papers in this run')
    .option(
      '--seed <n>',
      'seed of the window and candidate shuffle (recorded; default 7 for a new build)',
    )
    .option('--since <YYYY-MM>', 'first monthly window (default 2017-06)')
    .option('--until <YYYY-MM>', 'last monthly window (default: this month for a new build)')
    .option(
      '--categories <list>',
      'arXiv categories, comma-separated (default cs.AI,cs.CL,cs.CV,cs.LG)',
    )
    .option('--page-size <n>', 'papers per listing request (default 100)')
    .option('--max-pages <n>', 'listing pages per window at most (default 20)')
    .option('--dpi <n>', 'resolution for PDF/EPS figures (default 200)')
    .option('--max-side <px>', 'longest side of a rendered vector figure (default 8000)')
    .option('--name <name>', 'suite name (default: the output folder name)')
    .option('--suite-version <v>', 'suite version (default 1.0.0)')
    .addOption(
      new Option('--api-base <url>', 'arXiv API query endpoint').default(
        'http://export.arxiv.org/api/query',
      ),
    )
    .addOption(
      new Option('--oai-base <url>', 'arXiv OAI-PMH endpoint').default(
        'http://export.arxiv.org/oai2',
      ),
    )
    .addOption(
      new Option('--source-base <url>', 'arXiv source packages (…/<id><version>)').default(
        'https://arxiv.org/e-print',
      ),
    )
    .option('--delay-ms <ms>', 'minimum time between requests (arXiv asks for 3 s)', '3000')
    .option('--retries <n>', 'retries for 429, 5xx and network errors', '4')
    .option('--backoff-ms <ms>', 'first retry delay, doubled each time', '5000')
    .action(async (opts: OrbitCliOptions) => {
      const outDir = resolve(ctx.cwd, opts.out);
      // A resumed build takes its recorded settings unless a flag says otherwise (then they must match).
      let recorded: Partial<OrbitIdentity> = {};
      try {
        recorded = OrbitIdentity.parse(
          JSON.parse(await readFile(join(outDir, '.orbit', 'identity.json'), 'utf8')),
        );
      } catch {
        recorded = {};
      }
      const identity = OrbitIdentity.parse({
        seed: opts.seed !== undefined ? int(opts.seed, '--seed') : (recorded.seed ?? 7),
        since: opts.since ?? recorded.since ?? '2017-06',
        until: opts.until ?? recorded.until ?? thisMonth(),
        categories: opts.categories
          ? opts.categories.split(',').map((s) => s.trim())
          : (recorded.categories ?? ['cs.AI', 'cs.CL', 'cs.CV', 'cs.LG']),
        pageSize:
          opts.pageSize !== undefined
            ? int(opts.pageSize, '--page-size')
            : (recorded.pageSize ?? 100),
        maxPagesPerWindow:
          opts.maxPages !== undefined
            ? int(opts.maxPages, '--max-pages')
            : (recorded.maxPagesPerWindow ?? 20),
        dpi: opts.dpi !== undefined ? int(opts.dpi, '--dpi') : (recorded.dpi ?? 200),
        maxSidePx:
          opts.maxSide !== undefined
            ? int(opts.maxSide, '--max-side')
            : (recorded.maxSidePx ?? 8000),
        suiteName: opts.name ?? recorded.suiteName ?? outDir.split('/').filter(Boolean).pop()!,
        suiteVersion: opts.suiteVersion ?? recorded.suiteVersion ?? '1.0.0',
      });
      const limit = int(opts.limit, '--limit');
      const progress = ctx.progress();
      progress.start(limit, 'orbit');
      let resumedWith = 0;
      const result = await buildOrbitSuite({
        outDir,
        identity,
        limit,
        maxPapers: opts.maxPapers !== undefined ? int(opts.maxPapers, '--max-papers') : undefined,
        apiBase: opts.apiBase,
        oaiBase: opts.oaiBase,
        sourceBase: opts.sourceBase,
        http: fetchHttp,
        clock: systemClock,
        rasterizer: createFigureRasterizer({ dpi: identity.dpi, maxSidePx: identity.maxSidePx }),
        minIntervalMs: int(opts.delayMs, '--delay-ms'),
        maxRetries: int(opts.retries, '--retries'),
        backoffMs: int(opts.backoffMs, '--backoff-ms'),
        onEvent: (e) => {
          if (e.kind === 'resume') {
            resumedWith = e.accepted;
            for (let i = 0; i < Math.min(e.accepted, limit); i++) progress.tick();
          } else if (e.kind === 'accepted') progress.tick(`${e.arxivId} → ${e.task}`);
        },
      });
      progress.stop();
      const reasons = Object.entries(result.skippedByReason).sort(([a], [b]) => (a < b ? -1 : 1));
      ctx.stdout.write(
        [
          `orbit: ${result.accepted} task(s) in ${opts.out}${resumedWith ? ` (${resumedWith} from earlier runs)` : ''}; scanned ${result.scanned} paper(s) in this run`,
          ...(reasons.length
            ? [`skipped: ${reasons.map(([r, n]) => `${r} ${n}`).join(', ')}`]
            : []),
          `requests: ${result.requests} (${result.retries} retried)${result.exhausted ? '; candidate pool exhausted before the limit' : ''}`,
          '',
        ].join('\n'),
      );
      setExit(0);
    });
};
