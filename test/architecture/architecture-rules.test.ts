import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The named rules of docs/ARCHITECTURE.md that a scan can check (issue 25 item 6). Each test
// names the rule as the document states it, so a failure says which sentence became false.
const ROOT = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'evaluator/package.json'), 'utf8')) as {
  exports: Record<string, string>;
};

/** Repository-relative paths of the .ts/.astro/.mjs files under `dir`. */
function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (!['node_modules', 'dist', '.astro'].includes(e.name)) walk(p);
      } else if (/\.(ts|astro|mjs)$/.test(e.name)) out.push(relative(ROOT, p));
    }
  };
  walk(join(ROOT, dir));
  return out.sort();
}

/** Module specifiers a file imports or re-exports (static and dynamic). */
function specifiers(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(
    /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)|(?:^|\n)\s*import\s*'([^']+)'/g,
  ))
    out.push((m[1] ?? m[2] ?? m[3])!);
  return out;
}

/** Whether `spec` reaches into evaluator/src by path instead of through the exports map. */
const deepIntoEvaluator = (spec: string) =>
  /(^|\/)evaluator\/src\//.test(spec) || /^@figboard\/evaluator\/src\b/.test(spec);

const BARRELS = new Set(
  Object.keys(pkg.exports).map((k) =>
    k === '.' ? '@figboard/evaluator' : `@figboard/evaluator/${k.slice(2)}`,
  ),
);

/**
 * Cross-package tests under test/ that still import evaluator internals by path (41 files when
 * issue 25 counted them, 32 before the testkit barrel took the rest). The list may only shrink: a new test uses the barrels.
 */
const TESTS_IMPORTING_INTERNALS = [
  // the CLI's leaderboard summary line, which no barrel exports (cli/ is the adapter layer)
  'test/integration/scorer-version-bump.native.test.ts',
  // the one door of tests to the CLI in-process (`main`); other tests import it from here
  'test/support/run-refig.ts',
];

/**
 * Files besides the runner (`evaluator/src/untrusted/run-process-group.ts`) that may start
 * processes themselves, and why: none of them touches submitted files. Test files (`*.test.ts`,
 * `test-support/`, `test/setup/`) drive real processes on purpose and are not listed.
 */
const CHILD_PROCESS_ALLOWED: Record<string, string> = {
  'bench/audit-cli.ts': 'benchmark harness: runs the built refig and git on this repository',
  'scripts/check-commit-messages.ts': 'build check: git log of this repository',
  'scripts/lint-python.ts': "build check: pyflakes over the repository's own Python",
  'site/scripts/build-site.ts': 'site build: runs astro build on the site sources',
  'site/src/data/load-site-data.ts': 'site build: git log of the data checkout for commit links',
  'suites/scripts/run-style-measured.ts':
    "maintainer script: the reference agent on a suite's own tasks",
  'suites/style-authored-hidden/build/build-authored-hidden.ts': 'suite build: git ls-files here',
};

describe('docs/ARCHITECTURE.md rules', () => {
  it('"the Action, bot and site can only use what a barrel lists": no deep path into evaluator/src, only exported barrels', () => {
    const bad: string[] = [];
    for (const dir of ['action', 'bot', 'site'])
      for (const f of files(dir))
        for (const s of specifiers(f)) {
          if (deepIntoEvaluator(s)) bad.push(`${f}: ${s}`);
          else if (s.startsWith('@figboard/evaluator') && !BARRELS.has(s))
            bad.push(`${f}: ${s} (not in the exports map)`);
        }
    expect(bad).toEqual([]);
  });

  it('tests under test/ use the barrels; the ones that still import internals are listed and the list only shrinks', () => {
    const deep = files('test').filter((f) => specifiers(f).some(deepIntoEvaluator));
    expect(deep).toEqual(TESTS_IMPORTING_INTERNALS);
  });

  it('"one process runner": only the runner imports node:child_process, besides a listed few', () => {
    const isTest = (f: string) =>
      /\.test\.ts$/.test(f) || f.includes('test-support/') || f.startsWith('test/setup/');
    const importers = ['evaluator', 'action', 'bot', 'site', 'test', 'bench', 'suites', 'scripts']
      .flatMap((d) => files(d))
      .filter((f) => !isTest(f))
      .filter((f) => specifiers(f).some((s) => s === 'node:child_process' || s === 'child_process'))
      .sort();
    expect(importers).toEqual(
      [
        'evaluator/src/untrusted/run-process-group.ts',
        ...Object.keys(CHILD_PROCESS_ALLOWED),
      ].sort(),
    );
  });

  it('"evaluator/ is a pure core": no @actions/*, probot, Action/bot/site code or cli/ import outside cli/', () => {
    const bad: string[] = [];
    for (const f of files('evaluator/src')) {
      if (f.startsWith('evaluator/src/cli/')) continue;
      for (const s of specifiers(f))
        if (
          s.startsWith('@actions/') ||
          s === 'probot' ||
          /^@figboard\/(action|bot|site)\b/.test(s) ||
          /(^|\/)cli\//.test(s)
        )
          bad.push(`${f}: ${s}`);
    }
    expect(bad).toEqual([]);
  });

  it('"never reads process.env": no process.env in the core outside cli/ and tests', () => {
    const bad = files('evaluator/src').filter((f) => {
      if (
        f.startsWith('evaluator/src/cli/') ||
        /\.test\.ts$/.test(f) ||
        f.includes('test-support/')
      )
        return false;
      const code = readFileSync(join(ROOT, f), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      return /process\.env\b/.test(code);
    });
    expect(bad).toEqual([]);
  });

  it('"one writer per record": the results file names are spelt only in the results store', () => {
    const names = /'(artifacts\.jsonl|effort\.jsonl|style\.jsonl|summary\.json)'/;
    const spelt = [
      ...files('evaluator/src'),
      ...files('action/src'),
      ...files('bot/src'),
      ...files('site/src'),
    ]
      .filter((f) => !/\.test\.ts$/.test(f) && !f.includes('test-support/'))
      .filter((f) => names.test(readFileSync(join(ROOT, f), 'utf8')));
    // style/evaluate-style-submission.ts (the style.jsonl writer) is covered by the style scorers
    // at their released version; it takes the name from the store with their next bump.
    expect(spelt).toEqual([
      'evaluator/src/results/results-layout.ts',
      'evaluator/src/style/evaluate-style-submission.ts',
    ]);
  });
});
