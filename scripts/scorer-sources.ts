import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import ts from 'typescript';
import { loadConfig } from '../evaluator/src/config/load-config.ts';
import { ScoringConfig } from '../evaluator/src/config/figboard-config.schema.ts';
import { SCORERS, type ScorerDefinition } from '../evaluator/src/scorers/scorer-registry.ts';
import { sha256 } from '../evaluator/src/util/sha256.ts';
import { stableStringify } from '../evaluator/src/util/stable-stringify.ts';

/**
 * The scorer version check. For every scorer of `evaluator/src/scorers/scorer-registry.ts` it
 * hashes the sources the scorer covers and its default settings; `scorer-sources.json` beside
 * the registry records those hashes per version. A covered file whose code changed while the
 * scorer's version stayed the same is an error, with the steps to fix it.
 */

/** Where the registry and the recorded hashes live (relative to the repository root). */
export const REGISTRY_PATH = 'evaluator/src/scorers/scorer-registry.ts';
export const LOCK_PATH = 'evaluator/src/scorers/scorer-sources.json';
export const CHANGELOG_PATH = 'CHANGELOG.md';

/**
 * How code is compared: the TypeScript printer's output without comments (so a comment or a
 * reformat is not a change), tagged with the compiler version that printed it. When the tag
 * differs from the recorded one, files are compared by their raw bytes instead.
 */
const NORMALISER = `typescript-printer-${ts.versionMajorMinor}`;

/** One covered file: SHA-256 of its normalised code and of its bytes. */
interface FileHashes {
  code: string;
  raw: string;
}

interface ScorerSources {
  version: number;
  /** SHA-256 over `settings` and every file's code hash. */
  hash: string;
  /** SHA-256 of the scorer's default settings (schema defaults and figboard.yml). */
  settings: string;
  /** Repository-relative path → hashes, sorted by path. */
  files: Record<string, FileHashes>;
}

/** `scorer-sources.json`. */
export interface ScorerSourcesLock {
  $comment: string;
  normaliser: string;
  scorers: Record<string, ScorerSources>;
}

/** Reads a repository file as text (the test swaps one in to show what a one-line change does). */
export type ReadFile = (repoPath: string) => string;

/** Comment-free, reformatted code of a TypeScript file; other files as they are. */
function normalise(path: string, text: string): string {
  if (!path.endsWith('.ts')) return text;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return ts.createPrinter({ removeComments: true }).printFile(file);
}

/** Relative imports a module needs at run time (type-only imports and exports are skipped). */
function runtimeImports(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const add = (spec: ts.Expression | undefined) => {
    if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('.')) out.push(spec.text);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) add(node.moduleSpecifier);
    } else if (ts.isExportDeclaration(node)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) add(node.moduleSpecifier);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length === 1
    ) {
      add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/**
 * The repository paths a scorer covers: its entries and everything they import at run time
 * (transitively, within the repository), its unfollowed `files`, and its assets. Sorted.
 */
function scorerFiles(scorer: ScorerDefinition, read: ReadFile): string[] {
  const src = 'evaluator/src';
  const covered = new Set<string>();
  const stack = scorer.entries.map((e) => posix.join(src, e));
  while (stack.length > 0) {
    const path = stack.pop()!;
    if (covered.has(path)) continue;
    covered.add(path);
    if (!path.endsWith('.ts')) continue;
    for (const spec of runtimeImports(path, read(path)))
      stack.push(posix.normalize(posix.join(posix.dirname(path), spec)));
  }
  for (const f of scorer.files) covered.add(posix.join(src, f));
  for (const a of scorer.assets) covered.add(posix.join('evaluator', a));
  return [...covered].sort();
}

/** The scorer's settings as read from the schema defaults and from the repository's figboard.yml. */
function settingsOf(scorer: ScorerDefinition, read: ReadFile): unknown {
  const loaded = loadConfig(read('figboard.yml'), 'figboard.yml', {});
  if (!loaded.value)
    throw new Error(`figboard.yml is invalid: ${loaded.errors.map((e) => e.message).join('; ')}`);
  return {
    defaults: scorer.settings(ScoringConfig.parse({})),
    repository: scorer.settings(loaded.value.scoring),
  };
}

/** Hashes every scorer's sources and settings as they are now. */
export function computeScorerSources(read: ReadFile): ScorerSourcesLock {
  const scorers: Record<string, ScorerSources> = {};
  for (const scorer of SCORERS as readonly ScorerDefinition[]) {
    const files: Record<string, FileHashes> = {};
    for (const path of scorerFiles(scorer, read)) {
      const text = read(path);
      files[path] = { code: sha256(normalise(path, text)), raw: sha256(text) };
    }
    const settings = sha256(stableStringify(settingsOf(scorer, read)));
    const hash = sha256(
      stableStringify({ settings, files: Object.entries(files).map(([p, h]) => [p, h.code]) }),
    );
    scorers[scorer.id] = { version: scorer.version, hash, settings, files };
  }
  return {
    $comment:
      'Recorded by `npm run scorers` from evaluator/src/scorers/scorer-registry.ts; do not edit by hand. A test fails when a scorer’s code or settings change while its version stays the same.',
    normaliser: NORMALISER,
    scorers,
  };
}

/** What differs between the recorded and the current sources of one scorer. */
function changedFiles(
  recorded: ScorerSources,
  current: ScorerSources,
  sameNormaliser: boolean,
): string[] {
  const out: string[] = [];
  const key = sameNormaliser ? 'code' : 'raw';
  for (const [path, h] of Object.entries(current.files)) {
    const before = recorded.files[path];
    if (!before) out.push(`${path} (now covered)`);
    else if (before[key] !== h[key]) out.push(path);
  }
  for (const path of Object.keys(recorded.files))
    if (!(path in current.files)) out.push(`${path} (no longer covered)`);
  if (recorded.settings !== current.settings)
    out.push('its default settings (figboard.yml `scoring` / the config schema defaults)');
  return out;
}

/** Scorer ids and versions that have a `## <id> <version>` section in the changelog. */
export function changelogEntries(changelog: string): Set<string> {
  const out = new Set<string>();
  for (const m of changelog.matchAll(/^## ([a-z][a-z0-9-]*) (\d+)\b/gm)) out.add(`${m[1]} ${m[2]}`);
  return out;
}

/**
 * A disagreement between the registry, the code, the changelog and the recorded sources. Only
 * `record` problems are fixed by `npm run scorers`; the others need a person (a version bump, a
 * changelog section).
 */
export interface ScorerSourcesProblem {
  scorer: string;
  kind: 'needs-bump' | 'changelog' | 'registry-import' | 'version-back' | 'record';
  message: string;
}

/**
 * Every reason the recorded sources do not match the registry and the code, each with a message
 * that says what to do. Empty when all agree.
 */
export function checkScorerSources(
  lock: ScorerSourcesLock | null,
  current: ScorerSourcesLock,
  changelog: string,
): ScorerSourcesProblem[] {
  const problems: ScorerSourcesProblem[] = [];
  const push = (scorer: string, kind: ScorerSourcesProblem['kind'], message: string) =>
    problems.push({ scorer, kind, message });
  const entries = changelogEntries(changelog);
  for (const [id, now] of Object.entries(current.scorers)) {
    if (!entries.has(`${id} ${now.version}`))
      push(
        id,
        'changelog',
        `scorer "${id}" is at version ${now.version} but ${CHANGELOG_PATH} has no section "## ${id} ${now.version}": add one saying what changed in scores (how scores move, which records are re-scored).`,
      );
    if (Object.keys(now.files).some((f) => f === REGISTRY_PATH || f.includes('/scorers/')))
      push(
        id,
        'registry-import',
        `scorer "${id}" imports evaluator/src/scorers/: a scorer's code must not depend on the registry (a version bump of one scorer would look like a code change of another). Pass versions in from the pipeline instead.`,
      );
    const before = lock?.scorers[id];
    if (!before) {
      push(
        id,
        'record',
        `scorer "${id}" has no recorded sources in ${LOCK_PATH}: run \`npm run scorers\` to record them.`,
      );
      continue;
    }
    const sameNormaliser = lock!.normaliser === current.normaliser;
    const changed = changedFiles(before, now, sameNormaliser);
    if (now.version < before.version) {
      push(
        id,
        'version-back',
        `scorer "${id}" went back from version ${before.version} to ${now.version} in ${REGISTRY_PATH}: versions only go up.`,
      );
    } else if (now.version === before.version && changed.length > 0) {
      push(
        id,
        'needs-bump',
        [
          `scorer "${id}" changed but its version is still ${now.version}. Changed: ${changed.join(', ')}.`,
          'Scores are published data, so a change that can move a score needs a new version:',
          `  1. in ${REGISTRY_PATH} set the version of "${id}" to ${now.version + 1};`,
          `  2. add a section "## ${id} ${now.version + 1}" to ${CHANGELOG_PATH} saying what changed in scores;`,
          `  3. run \`npm run scorers\` to record the new sources hash;`,
          '  4. run `npm run main` and commit the regenerated sample results and leaderboard.json.',
        ].join('\n'),
      );
    } else if (now.version > before.version || (!sameNormaliser && changed.length === 0)) {
      push(
        id,
        'record',
        `scorer "${id}" is at version ${now.version} but ${LOCK_PATH} records version ${before.version}${sameNormaliser ? '' : ` and normaliser ${lock!.normaliser}`}: run \`npm run scorers\` to record the new sources hash.`,
      );
    } else if (before.hash !== now.hash) {
      push(
        id,
        'record',
        `${LOCK_PATH} is out of date for scorer "${id}" (same version, same code, other hash): run \`npm run scorers\`.`,
      );
    }
  }
  for (const id of Object.keys(lock?.scorers ?? {}))
    if (!(id in current.scorers))
      push(
        id,
        'record',
        `${LOCK_PATH} records scorer "${id}", which ${REGISTRY_PATH} no longer lists: run \`npm run scorers\`.`,
      );
  return problems;
}

/** Reads `scorer-sources.json`, or null when there is none yet. */
export function readLock(repoRoot: string): ScorerSourcesLock | null {
  const path = join(repoRoot, LOCK_PATH);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ScorerSourcesLock) : null;
}

/** The repository root (the parent of `scripts/`). */
export const REPO_ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** Reads repository files from disk. */
export const READ_FROM_REPO: ReadFile = (p) => readFileSync(join(REPO_ROOT, p), 'utf8');
