import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 25 item 1: the tracks are plugins, so code outside the registry and the track folders
// does not branch on a track id. What is left is listed here, one `file: reason` each, at most 5.
const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Folders scanned: every package's sources, the benchmarks and the repository scripts. */
const SCOPE = ['evaluator', 'action', 'bot', 'site', 'bench', 'scripts', 'suites'];

/**
 * The registry and the track folders: the places a track id may be branched on. The evaluator's
 * `TRACKS`, and the per-track modules of the packages that present a track their own way (the
 * Action's bundle, the bot's comment, the site's pages), each a registry keyed by the same ids.
 */
const TRACK_DIRS = [
  'evaluator/src/tracks/',
  'action/src/tracks/',
  'bot/src/tracks/',
  'site/src/tracks/',
];

/** Files that still branch on a track id, and why the branch stays where it is. */
const ALLOWED: Record<string, string> = {};

/** A comparison of a track with a track id, or a flag or switch standing for one. */
const BRANCH = [
  /\btrack\s*(===|!==)\s*'(style|refig)'/i,
  /'(style|refig)'\s*(===|!==)\s*[\w.?]*track\b/i,
  /Track\([^)]*\)\s*(===|!==)\s*'(style|refig)'/,
  /\bcase\s+'(style|refig)'\s*:/,
  /\bis(Style|Refig)\b/,
  /\bkind\s*(===|!==)\s*'(style|refig)'/,
];

const isBranch = (line: string) => BRANCH.some((re) => re.test(line));

/** Repository-relative source files under `dir` (tests, dependencies and builds left out). */
function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (!['node_modules', 'dist', '.astro', '.cache'].includes(e.name)) walk(p);
      } else if (/\.(ts|tsx|mts|mjs|astro)$/.test(e.name) && !/\.test\.ts$/.test(e.name))
        out.push(relative(ROOT, p));
    }
  };
  walk(join(ROOT, dir));
  return out.sort();
}

/** `file:line: text` of every track branch outside the registry and the track folders. */
function branches(): string[] {
  const out: string[] = [];
  for (const dir of SCOPE)
    for (const file of sources(dir)) {
      if (TRACK_DIRS.some((d) => file.startsWith(d))) continue;
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((text, i) => {
          if (isBranch(text)) out.push(`${file}:${i + 1}: ${text.trim()}`);
        });
    }
  return out;
}

describe('track branches outside the registry and the track folders', () => {
  it('the scan sees each form a track branch takes, and not a record kind', () => {
    for (const line of [
      "if (manifest.track === 'style') {",
      "sub.manifest.track !== 'refig'",
      "'refig' === outcome.summary.track",
      "annotationTrack(x.annotation) === 'refig'",
      "    case 'style':",
      "const isStyle = read.value.track === 'style';",
      'if (isRefig) return;',
      "src.kind === 'style'",
    ])
      expect(isBranch(line), line).toBe(true);
    for (const line of [
      "s.records === 'style'",
      'TRACKS[manifest.track].suite.verify(suite, manifest, dir)',
      "track: 'style',",
    ])
      expect(isBranch(line), line).toBe(false);
  });

  it('are only in the files listed with a reason, at most 5', () => {
    expect(Object.keys(ALLOWED).length).toBeLessThanOrEqual(5);
    for (const reason of Object.values(ALLOWED)) expect(reason.length).toBeGreaterThan(20);
    const found = branches();
    const files = [...new Set(found.map((b) => b.slice(0, b.indexOf(':'))))].sort();
    // A new branch names its line; a converted file must leave the list.
    expect(found.filter((b) => !Object.hasOwn(ALLOWED, b.slice(0, b.indexOf(':'))))).toEqual([]);
    expect(files).toEqual(Object.keys(ALLOWED).sort());
  });
});
