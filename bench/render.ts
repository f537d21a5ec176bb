// Render benchmark: seconds per deck, batched soffice calls vs one soffice call per deck.
// Run: npx tsx bench/render.ts [--decks N] [--dpi D]
// Decks: the one-slide calibration variants in test/fixtures/calibration (all render to one page).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createLibreOfficeRenderer,
  type LibreOfficeRendererOptions,
} from '../evaluator/src/render/libreoffice-renderer.ts';
import type { RenderJob } from '../evaluator/src/render/renderer.ts';

export interface RenderBenchRow {
  mode: string;
  decks: number;
  seconds: number;
  secondsPerDeck: number;
  /** Decks that passed the render gate (all should). */
  passed: number;
}

/** The one-slide calibration decks, in a stable order, at most `limit`. */
export function benchDecks(limit: number): RenderJob[] {
  const root = fileURLToPath(new URL('../test/fixtures/calibration/', import.meta.url));
  const jobs: RenderJob[] = [];
  for (const fig of readdirSync(root)
    .filter((f) => f.startsWith('fig'))
    .sort()) {
    for (const v of readdirSync(join(root, fig, 'variants')).sort()) {
      if (v === 'twoslides.pptx') continue;
      jobs.push({ id: `${fig}-${v.replace(/\.pptx$/, '')}`, path: join(root, fig, 'variants', v) });
    }
  }
  return jobs.slice(0, limit);
}

async function timeIt(
  mode: string,
  jobs: RenderJob[],
  run: (outDir: string, tmpRoot: string) => Promise<number>,
): Promise<RenderBenchRow> {
  const scratch = mkdtempSync(join(tmpdir(), 'figboard-bench-render-'));
  try {
    const started = process.hrtime.bigint();
    const passed = await run(join(scratch, 'out'), scratch);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { mode, decks: jobs.length, seconds, secondsPerDeck: seconds / jobs.length, passed };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Renders the same decks (a) batched with 2 workers, with and without bubblewrap, (b) one soffice
 * call per deck reusing a warm profile (1 and 2 workers) and (c) one call per deck with a fresh
 * profile each time (what a naive implementation does). Every mode includes the PDF → PNG step.
 */
export async function runRenderBench(
  opts: { decks?: number; dpi?: number } = {},
): Promise<{ sandbox: string; rows: RenderBenchRow[] }> {
  const jobs = benchDecks(opts.decks ?? 40);
  const dpi = opts.dpi ?? 150;
  const sandbox = (await createLibreOfficeRenderer().sandbox()).mode;
  const call =
    (rOpts: LibreOfficeRendererOptions, workers: number) =>
    async (outDir: string, tmpRoot: string) => {
      const results = await createLibreOfficeRenderer({ ...rOpts, tmpRoot }).render(jobs, {
        outDir,
        dpi,
        workers,
        timeoutMs: 60_000,
      });
      return [...results.values()].filter((r) => r.passed).length;
    };
  const rows: RenderBenchRow[] = [];
  rows.push(await timeIt(`batched, 2 workers (sandbox ${sandbox})`, jobs, call({}, 2)));
  if (sandbox === 'bwrap')
    rows.push(await timeIt('batched, 2 workers (no sandbox)', jobs, call({ sandbox: 'none' }, 2)));
  rows.push(
    await timeIt('one call per deck, warm profile, 1 worker', jobs, call({ maxBatchSize: 1 }, 1)),
  );
  rows.push(
    await timeIt('one call per deck, warm profile, 2 workers', jobs, call({ maxBatchSize: 1 }, 2)),
  );
  rows.push(
    await timeIt('one call per deck, fresh profile, 1 worker', jobs, async (outDir, tmpRoot) => {
      // A new renderer call per deck = a new private profile per soffice start.
      let passed = 0;
      const renderer = createLibreOfficeRenderer({ tmpRoot });
      for (const job of jobs) {
        const r = await renderer.render([job], { outDir, dpi, workers: 1, timeoutMs: 60_000 });
        if (r.get(job.id)?.passed) passed += 1;
      }
      return passed;
    }),
  );
  return { sandbox, rows };
}

/** The side-by-side table the README and the closing note quote. */
export function formatRenderBench(rows: RenderBenchRow[]): string {
  const base = rows[0]?.secondsPerDeck ?? 1;
  const lines = [
    `${'mode'.padEnd(46)}${'decks'.padStart(6)}${'wall s'.padStart(9)}${'s/deck'.padStart(9)}${'× batched'.padStart(11)}${'passed'.padStart(8)}`,
  ];
  for (const r of rows) {
    lines.push(
      `${r.mode.padEnd(46)}${String(r.decks).padStart(6)}${r.seconds.toFixed(1).padStart(9)}${r.secondsPerDeck.toFixed(3).padStart(9)}${(r.secondsPerDeck / base).toFixed(1).padStart(11)}${String(r.passed).padStart(8)}`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  const { sandbox, rows } = await runRenderBench({ decks: arg('--decks'), dpi: arg('--dpi') });
  console.log(
    `render benchmark: ${rows[0]?.decks} one-slide calibration decks, LibreOffice sandbox available: ${sandbox}`,
  );
  console.log(formatRenderBench(rows));
  const naive = rows.find((r) => r.mode.startsWith('one call per deck, fresh'));
  const warm = rows.find((r) => r.mode.startsWith('one call per deck, warm profile, 1'));
  const batched = rows[0];
  if (batched && naive && warm) {
    console.log(
      `batched (2 workers) is ${(naive.secondsPerDeck / batched.secondsPerDeck).toFixed(1)}× faster than one call per deck with a fresh profile, ` +
        `${(warm.secondsPerDeck / batched.secondsPerDeck).toFixed(1)}× faster than one call per deck with a warm profile (target ≥ 5×)`,
    );
  }
}
