// The refig CLI's cost as a user meets it, side by side with an earlier revision:
//   1. start-up: `refig --version` (CPU seconds) and `refig audit` of one small deck (wall seconds)
//   2. `refig audit` on 1,000 calibration-like decks (the 54 calibration decks cycled, each its own
//      file), decks per second through the CLI (the process's whole life, start-up included),
//      fastest and median of the rounds, with the default threads and with 1, 2, … threads
//   3. the same 1,000 decks audited in-process (one process, bytes read from disk each time)
// Run: npx tsx bench/audit-cli.ts [--rounds 3] [--decks 1000] [--against REV]
// With --against, REV (a commit, e.g. the merge base with main) is exported with `git archive`
// into a temporary folder sharing this checkout's node_modules and measured the same way in the
// same run, interleaved round by round, so both columns see the same machine load.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const TARGET_DECKS_PER_S = 700;
const TARGET_VERSION_CPU_S = 0.3;
const TARGET_ONE_DECK_WALL_S = 0.6;

interface Tree {
  label: string;
  root: string;
  /** The bin supports `--threads` (this revision). */
  threads: boolean;
}

interface Measured {
  fastest: number;
  median: number;
  all: number[];
}

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};

/** User + system CPU seconds of this process's waited-for children so far (Linux /proc, 10 ms ticks). */
function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, so cutime (16) and cstime (17) sit at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function summarise(values: number[], best: 'min' | 'max'): Measured {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    fastest: best === 'min' ? sorted[0]! : sorted[sorted.length - 1]!,
    median: sorted[Math.floor(sorted.length / 2)]!,
    all: values,
  };
}

/** Runs the tree's bin once; returns wall seconds and child CPU seconds. */
function runBin(
  tree: Tree,
  args: string[],
  cwd: string,
): { wall: number; cpu: number; stdout: string } {
  const cpu0 = childCpuSeconds();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(tree.root, 'evaluator/bin/refig.js'), ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0)
    throw new Error(`${tree.label}: refig ${args[0]} exited ${r.status}: ${r.stderr}`);
  return { wall, cpu: childCpuSeconds() - cpu0, stdout: r.stdout };
}

/** 1,000 (or --decks) calibration decks cycled into `dir` as separate files, in a stable order. */
function writeDecks(dir: string, n: number): string[] {
  const calibration = join(REPO, 'test/fixtures/calibration');
  const sources: string[] = [];
  for (const fig of readdirSync(calibration)
    .filter((f) => f.startsWith('fig'))
    .sort())
    for (const v of readdirSync(join(calibration, fig, 'variants')).sort())
      sources.push(join(calibration, fig, 'variants', v));
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const src = sources[i % sources.length]!;
    const name = `${String(i).padStart(4, '0')}-${src.split('/').slice(-3, -2)[0]}-${src.split('/').pop()}`;
    copyFileSync(src, join(dir, name));
    names.push(name);
  }
  return names;
}

function exportRevision(rev: string, into: string): Tree {
  const sha = execFileSync('git', ['rev-parse', '--short', rev], {
    cwd: REPO,
    encoding: 'utf8',
  }).trim();
  const archive = execFileSync('git', ['archive', '--format=tar', sha], {
    cwd: REPO,
    maxBuffer: 1 << 30,
  });
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-x', '-C', into], { input: archive });
  // The revision runs on this checkout's installed packages (its own lockfile may differ slightly).
  symlinkSync(join(REPO, 'node_modules'), join(into, 'node_modules'));
  return { label: `${rev} (${sha})`, root: into, threads: false };
}

/** In-process decks/s of the deck folder in a fresh child process (tsx): `rounds` timed passes after a warm-up pass. */
function inProcess(tree: Tree, deckDir: string, rounds: number): number[] {
  const script = `
    import { readdirSync } from 'node:fs';
    const { auditFile } = await import(${JSON.stringify(pathToFileURL(join(tree.root, 'evaluator/src/audit/audit-file.ts')).href)});
    const { stableStringify } = await import(${JSON.stringify(pathToFileURL(join(tree.root, 'evaluator/src/util/stable-stringify.ts')).href)});
    const dir = ${JSON.stringify(deckDir)};
    const files = readdirSync(dir).sort().map((f) => dir + '/' + f);
    const rates = [];
    for (let r = 0; r <= ${rounds}; r++) {
      const t0 = performance.now();
      for (const f of files) stableStringify(await auditFile(f, { name: f }));
      if (r > 0) rates.push(files.length / ((performance.now() - t0) / 1000));
    }
    console.log(JSON.stringify(rates));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: tree.root,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${tree.label}: in-process bench failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as number[];
}

interface TreeSamples {
  version: number[];
  one: number[];
  cli: number[];
  /** Decks per CPU-second of the same runs (all threads of the process): what load cannot spoil. */
  cliCpu: number[];
  byThreads: Map<string, number[]>;
  inProcess: number[];
}

/**
 * Measures every tree, interleaved: each round runs the same measurement on each tree in turn,
 * so a change of machine load during the run touches both columns alike.
 */
function measureAll(trees: Tree[], deckDir: string, names: string[], rounds: number) {
  const oneDeck = names[names.findIndex((n) => n.endsWith('faithful.pptx'))]!;
  // Warm the file cache and (for this revision) bring the build up to date before timing.
  for (const tree of trees) runBin(tree, ['audit', oneDeck], deckDir);
  const samples: TreeSamples[] = trees.map(() => ({
    version: [],
    one: [],
    cli: [],
    cliCpu: [],
    byThreads: new Map(),
    inProcess: [],
  }));
  const each = (fn: (tree: Tree, s: TreeSamples) => void) => {
    for (const [i, tree] of trees.entries()) fn(tree, samples[i]!);
  };
  const cliRun = (tree: Tree, threads: string | null) => {
    const args = threads === null ? ['audit', ...names] : ['audit', '--threads', threads, ...names];
    const r = runBin(tree, args, deckDir);
    const lines = r.stdout.split('\n').length - 1;
    if (lines !== names.length)
      throw new Error(`${tree.label}: ${lines} lines for ${names.length} decks`);
    return { wall: names.length / r.wall, cpu: names.length / Math.max(r.cpu, 0.01) };
  };
  const cliRate = (tree: Tree, threads: string | null) => cliRun(tree, threads).wall;
  for (let k = 0; k < 5; k++)
    each((tree, s) => {
      s.version.push(runBin(tree, ['--version'], deckDir).cpu);
      s.one.push(runBin(tree, ['audit', oneDeck], deckDir).wall);
    });
  const threadCounts = Array.from({ length: Math.min(availableParallelism(), 4) }, (_, i) =>
    String(i + 1),
  );
  for (let r = 0; r < rounds; r++) {
    each((tree, s) => {
      const run = cliRun(tree, null);
      s.cli.push(run.wall);
      s.cliCpu.push(run.cpu);
    });
    each((tree, s) => {
      if (!tree.threads) return;
      for (const t of threadCounts)
        s.byThreads.set(t, [...(s.byThreads.get(t) ?? []), cliRate(tree, t)]);
    });
    each((tree, s) => s.inProcess.push(...inProcess(tree, deckDir, 1)));
  }
  return samples.map((s) => ({
    version: summarise(s.version, 'min'),
    one: summarise(s.one, 'min'),
    cli: summarise(s.cli, 'max'),
    cliCpu: summarise(s.cliCpu, 'max'),
    byThreads: [...s.byThreads].map(([threads, rates]) => ({
      threads,
      rate: summarise(rates, 'max'),
    })),
    inProcess: summarise(s.inProcess, 'max'),
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rounds = Number(arg('--rounds', '3'));
  const decks = Number(arg('--decks', '1000'));
  const against = arg('--against', '');
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error('--rounds must be a positive integer');
  if (!Number.isInteger(decks) || decks < 1) throw new Error('--decks must be a positive integer');
  const work = mkdtempSync(join(tmpdir(), 'figboard-bench-cli-'));
  try {
    const deckDir = join(work, 'decks');
    mkdirSync(deckDir);
    const names = writeDecks(deckDir, decks);
    const trees: Tree[] = [{ label: 'this checkout', root: resolve(REPO), threads: true }];
    if (against) trees.push(exportRevision(against, join(work, 'previous')));
    const load = () =>
      loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    const before = load();
    const results = measureAll(trees, deckDir, names, rounds);
    console.log(
      `refig CLI benchmark — node ${process.version}, ${availableParallelism()} cores, ${decks} decks, ${rounds} rounds; load average ${before} → ${load()}`,
    );
    const head = ['metric', ...trees.map((t) => t.label), 'target'];
    const row = (metric: string, cells: string[], target: string) => [metric, ...cells, target];
    const f = (x: number, digits = 0) => x.toFixed(digits);
    const rows = [
      row(
        'refig --version, CPU s (fastest of 5)',
        results.map((r) => f(r.version.fastest, 2)),
        `≤ ${TARGET_VERSION_CPU_S}`,
      ),
      row(
        'refig audit one deck, wall s (fastest of 5)',
        results.map((r) => f(r.one.fastest, 2)),
        `≤ ${TARGET_ONE_DECK_WALL_S}`,
      ),
      row(
        `CLI decks/s, ${decks} decks, fastest of ${rounds}`,
        results.map((r) => f(r.cli.fastest)),
        `≥ ${TARGET_DECKS_PER_S}`,
      ),
      row(
        `CLI decks/s, ${decks} decks, median of ${rounds}`,
        results.map((r) => f(r.cli.median)),
        `≥ ${TARGET_DECKS_PER_S}`,
      ),
      row(
        `CLI decks per CPU-second, ${decks} decks, best of ${rounds}`,
        results.map((r) => f(r.cliCpu.fastest)),
        '',
      ),
      ...(results[0]?.byThreads ?? []).map((b) =>
        row(
          `CLI decks/s with --threads ${b.threads}, fastest / median`,
          results.map((_, i) => (i === 0 ? `${f(b.rate.fastest)} / ${f(b.rate.median)}` : '')),
          '',
        ),
      ),
      row(
        `in-process decks/s, ${decks} decks, fastest of ${rounds}`,
        results.map((r) => f(r.inProcess.fastest)),
        '',
      ),
      row(
        `in-process decks/s, ${decks} decks, median of ${rounds}`,
        results.map((r) => f(r.inProcess.median)),
        '',
      ),
    ];
    console.log([head, head.map(() => '---'), ...rows].map((r) => r.join(' | ')).join('\n'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
