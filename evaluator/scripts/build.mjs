// Builds FigBoard's runnable JavaScript with esbuild and guards against running a stale build.
//
//   node evaluator/scripts/build.mjs          build every target whose sources changed (npm run build; install.sh runs it)
//   node evaluator/scripts/build.mjs --check  exit 1 when a target's build is missing or stale, build nothing
//
// Targets: `refig` (the CLI, evaluator/src/cli/main.ts → evaluator/dist/), `action` (the
// container Action, action/src/run.ts → action/dist/) and `bot` (the Probot app's server and
// Actions adapters → bot/dist/). Each is an ES-module bundle with code splitting: the CLI's entry
// chunk holds only the command table, and each command's code is a chunk loaded when that
// command runs. npm packages stay external (resolved from node_modules at run time); workspace
// code (@figboard/*) is bundled. esbuild is a dependency of the evaluator (not a dev dependency),
// so an `npm ci --omit=dev` install can build too.
//
// Staleness: a build folder is named after the hash of every file that went into it (esbuild's
// metafile lists them), and `<outBase>/current.json` records those files and their hashes. The
// bins (evaluator/bin/refig.js, action/bin/run.js, bot/bin/*.js) call `loadBuilt()`, which re-hashes the
// recorded inputs (a few ms) and rebuilds before running when any changed — so editing a source
// file and running `npx refig` runs the edit, never the old bundle. Where esbuild is not
// installed (a production image) a stale build is refused with a message instead.
// Builds are written to a temporary folder and renamed into place, so concurrent runs (parallel
// tests) never see a half-written build.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

/**
 * @typedef {{ entries: Record<string, string>, outBase: string }} Target
 *   entries: output name → entry source; outBase: where the builds go. Paths relative to the repository root.
 * @typedef {'refig' | 'action' | 'bot'} TargetName
 * @typedef {{ target: string, dir: string, root: string, entries: Record<string, string>, inputs: Record<string, string> }} BuildInfo
 *   what `build-info.json` (and `current.json`, the pointer to the current build) records
 */

/** What each target builds. @type {Readonly<Record<TargetName, Target>>} */
export const TARGETS = Object.freeze({
  refig: {
    entries: {
      main: 'evaluator/src/cli/main.ts',
      'audit-worker': 'evaluator/src/audit/audit-worker.ts',
    },
    outBase: 'evaluator/dist',
  },
  action: { entries: { run: 'action/src/run.ts' }, outBase: 'action/dist' },
  bot: {
    entries: {
      server: 'bot/src/adapters/server.ts',
      actions: 'bot/src/adapters/actions-adapter.ts',
    },
    outBase: 'bot/dist',
  },
});

/** Builds older than the newest KEEP of a target are deleted (a running process may still load chunks of a recent one). */
const KEEP = 3;

/**
 * One entry of a target's build, rebuilt first when its sources changed. Returns the imported module.
 * @param {TargetName} name
 * @param {{ entry?: string, log?: (line: string) => void }} [options] entry: defaults to the target's first
 * @returns {Promise<any>}
 */
export async function loadBuilt(name, options = {}) {
  const entry = options.entry ?? Object.keys(TARGETS[name].entries)[0];
  const log = options.log ?? ((/** @type {string} */ line) => process.stderr.write(`${line}\n`));
  let state = buildState(name);
  if (state.status !== 'fresh') {
    const esbuild = await importEsbuild();
    if (!esbuild) {
      throw new Error(
        `${state.reason}, and esbuild is not installed to rebuild it: run \`npm ci\` and then \`npm run build\` ` +
          '(scripts/install.sh does both)',
      );
    }
    log(`${state.reason}; building ${TARGETS[name].outBase} first`);
    await buildTarget(name, esbuild);
    state = buildState(name);
    if (state.status !== 'fresh')
      throw new Error(`${name}: the build is still stale after rebuilding: ${state.reason}`);
  }
  return import(pathToFileURL(join(state.dir, `${entry}.js`)).href);
}

/**
 * Whether a target has a build matching its sources: the one `current.json` names, else one of
 * the few kept builds (switching back to a branch reuses its build; the pointer moves to it).
 * @param {TargetName} name
 * @returns {{ status: 'fresh', dir: string } | { status: 'missing' | 'stale', reason: string }}
 */
export function buildState(name) {
  const target = TARGETS[name];
  const outBase = join(ROOT, target.outBase);
  const current = readJson(join(outBase, 'current.json'));
  if (!current) return { status: 'missing', reason: `no build in ${target.outBase}` };
  const verdict = matches(target, current);
  if (verdict === null) return { status: 'fresh', dir: join(outBase, current.dir) };
  for (const entry of existsSync(outBase) ? readdirSync(outBase) : []) {
    if (!entry.startsWith(`${name}-`) || entry === current.dir) continue;
    const info = readJson(join(outBase, entry, 'build-info.json'));
    if (info && info.dir === entry && matches(target, info) === null) {
      writePointer(outBase, info);
      return { status: 'fresh', dir: join(outBase, entry) };
    }
  }
  return { status: 'stale', reason: verdict };
}

/**
 * Null when the build described by `info` is complete and every input still has its hash; else why not.
 * @param {Target} target
 * @param {BuildInfo} info
 * @returns {string | null}
 */
function matches(target, info) {
  if (info.root !== ROOT) return `the build was made in ${info.root}`;
  const dir = join(ROOT, target.outBase, String(info.dir));
  for (const entry of Object.keys(target.entries)) {
    if (!existsSync(join(dir, `${entry}.js`))) return `${target.outBase}/${info.dir} is incomplete`;
  }
  for (const [file, hash] of Object.entries(info.inputs ?? {})) {
    let now;
    try {
      now = hashFile(join(ROOT, file));
    } catch {
      return `${file} was removed since the last build`;
    }
    if (now !== hash) return `${file} changed since the last build`;
  }
  return null;
}

/** @param {string} path @returns {BuildInfo | null} */
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Points `current.json` at a build, atomically (write a temporary file, then rename).
 * @param {string} outBase
 * @param {BuildInfo} info
 */
function writePointer(outBase, info) {
  const tmp = join(outBase, `.current-${process.pid}-${Date.now().toString(36)}.json`);
  writeFileSync(tmp, `${JSON.stringify(info, null, 2)}\n`);
  renameSync(tmp, join(outBase, 'current.json'));
}

/**
 * Builds one target into `<outBase>/<name>-<hash of its inputs>/` and points `current.json` at it.
 * @param {TargetName} name
 * @param {typeof import('esbuild')} esbuild
 */
export async function buildTarget(name, esbuild) {
  const target = TARGETS[name];
  const outBase = join(ROOT, target.outBase);
  mkdirSync(outBase, { recursive: true });
  const tmp = join(outBase, `.tmp-${process.pid}-${Date.now().toString(36)}`);
  const started = performance.now();
  try {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: target.entries,
      entryNames: '[name]',
      chunkNames: 'chunks/[name]-[hash]',
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
      plugins: [externalPackages(), sourceImportMeta(Object.values(target.entries))],
    });
    /** @type {Record<string, string>} */
    const inputs = {};
    for (const file of Object.keys(result.metafile.inputs).sort()) {
      if (file.includes('node_modules/')) continue;
      inputs[file] = hashFile(join(ROOT, file));
    }
    // The builder decides the bytes too: a change to this script is a change of every build.
    inputs[relative(ROOT, SELF)] = hashFile(SELF);
    const id = createHash('sha256')
      .update(ROOT)
      .update(JSON.stringify(inputs))
      .digest('hex')
      .slice(0, 16);
    const dirName = `${name}-${id}`;
    const info = { target: name, dir: dirName, root: ROOT, entries: target.entries, inputs };
    writeFileSync(join(tmp, 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
    const final = join(outBase, dirName);
    if (!existsSync(final)) {
      try {
        renameSync(tmp, final);
      } catch (err) {
        // Another process built the same inputs at the same moment: its folder is identical.
        if (!existsSync(final)) throw err;
      }
    }
    writePointer(outBase, info);
    prune(outBase, name, dirName);
    return {
      dir: final,
      files: Object.keys(inputs).length,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * npm packages stay external; only relative imports and workspace packages are bundled.
 * @returns {import('esbuild').Plugin}
 */
function externalPackages() {
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@figboard/') || isAbsolute(args.path)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * `import.meta.url` (and `.dirname`/`.filename`) keep naming the source file they were written
 * in, so code that finds files beside itself (the Python harness, templates) works the same from
 * a bundle. The checkout's path is part of the build id, so a moved checkout rebuilds. Entry
 * files are left alone: their code stays in the entry chunk, so there `import.meta.url` names
 * the bundle (the CLI finds its audit worker beside itself that way).
 * @param {string[]} entries entry sources, relative to the repository root
 * @returns {import('esbuild').Plugin}
 */
function sourceImportMeta(entries) {
  const skip = new Set(entries.map((e) => resolve(ROOT, e)));
  return {
    name: 'source-import-meta',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes('node_modules') || skip.has(resolve(args.path))) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.')) return undefined;
        const file = resolve(args.path);
        return {
          loader: 'ts',
          contents: text
            .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
            .replaceAll('import.meta.dirname', JSON.stringify(resolve(file, '..')))
            .replaceAll('import.meta.filename', JSON.stringify(file)),
        };
      });
    },
  };
}

/**
 * Deletes all but the newest KEEP builds of a target (never `keep`, the one just made).
 * @param {string} outBase
 * @param {string} name
 * @param {string} keep
 */
function prune(outBase, name, keep) {
  const now = Date.now();
  const builds = [];
  for (const entry of readdirSync(outBase)) {
    const path = join(outBase, entry);
    const age = now - statSync(path).mtimeMs;
    // A temporary folder older than ten minutes belongs to a build that died.
    if (entry.startsWith('.tmp-') && age > 600_000) rmSync(path, { recursive: true, force: true });
    if (entry.startsWith(`${name}-`) && entry !== keep) builds.push({ path, age });
  }
  builds.sort((a, b) => a.age - b.age);
  for (const old of builds.slice(KEEP - 1)) rmSync(old.path, { recursive: true, force: true });
}

/** @param {string} path */
function hashFile(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);
}

/** esbuild, or null where it is not installed. @returns {Promise<typeof import('esbuild') | null>} */
async function importEsbuild() {
  try {
    return await import('esbuild');
  } catch {
    return null;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === SELF) {
  const check = process.argv.includes('--check');
  let failed = false;
  for (const name of /** @type {TargetName[]} */ (Object.keys(TARGETS))) {
    const state = buildState(name);
    if (state.status === 'fresh') {
      console.log(`build: ${name} up to date (${relative(ROOT, state.dir)})`);
      continue;
    }
    if (check) {
      console.error(`build: ${name}: ${state.reason}`);
      failed = true;
      continue;
    }
    const esbuild = await importEsbuild();
    if (!esbuild) {
      console.error(
        'build: esbuild is not installed (a dependency of @figboard/evaluator): run npm ci',
      );
      process.exit(1);
    }
    const built = await buildTarget(name, esbuild);
    console.log(
      `build: ${name} → ${relative(ROOT, built.dir)} (${built.files} source files, ${built.ms} ms)`,
    );
  }
  if (failed) process.exitCode = 1;
}
