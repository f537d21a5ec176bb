import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 25 item 5: each small rule written once. These scans keep new copies from creeping back.
const ROOT = join(import.meta.dirname, '..', '..');
const SOURCES = [
  'evaluator/src',
  'action/src',
  'bot/src',
  'site/src',
  'site/scripts',
  'suites',
  'bench',
  'scripts',
];

/** Repository-relative paths of the non-test TypeScript and Astro sources. */
function sources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'dist' && e.name !== '.astro') walk(p);
      } else if (/\.(ts|astro)$/.test(e.name) && !/\.test\.ts$/.test(e.name)) {
        out.push(relative(ROOT, p));
      }
    }
  };
  for (const s of SOURCES) walk(join(ROOT, s));
  return out.sort();
}

/** Files whose text matches `pattern`. */
function filesMatching(pattern: RegExp): string[] {
  return sources().filter((f) => pattern.test(readFileSync(join(ROOT, f), 'utf8')));
}

describe('each small rule once (issue 25)', () => {
  it('the rubric axes are spelt out only in the record schema (judge/rubric.ts derives AXES from it)', () => {
    expect(filesMatching(/\[\s*'T',\s*'S',\s*'L',\s*'E',\s*'V'\s*\]/)).toEqual([
      'evaluator/src/schemas/common.schema.ts',
    ]);
  });

  it('one seeded generator: mulberry32 lives in stats/create-rng.ts only', () => {
    expect(filesMatching(/0x6d2b79f5/i)).toEqual(['evaluator/src/stats/create-rng.ts']);
  });

  it('one three-way string comparator: util/compare-code-units.ts', () => {
    const inline = /([\w.]+) < ([\w.]+) \? -1 : \1 > \2 \? 1 : 0/;
    expect(filesMatching(inline)).toEqual(['evaluator/src/util/compare-code-units.ts']);
  });

  it('one token-cost formula of the judges: judging/token-cost.ts (agent-log effort keeps its own)', () => {
    expect(filesMatching(/\* [\w.]+\.inputUsdPerMTok/)).toEqual([
      'evaluator/src/effort/parse-codex-log.ts',
      'evaluator/src/judging/token-cost.ts',
    ]);
  });

  it('evaluate-submission.ts is a short driver: the tracks hold the steps', () => {
    const lines = readFileSync(
      join(ROOT, 'evaluator/src/evaluate/evaluate-submission.ts'),
      'utf8',
    ).split('\n').length;
    expect(lines).toBeLessThanOrEqual(150);
  });

  it('one run-file pattern and no hand-built run file: results/results-layout.ts', () => {
    expect(filesMatching(/\brun-\(\\d|\brun-\\d|\/run-\$\{|`run-\$\{|run-1\.jsonl'/)).toEqual([
      'evaluator/src/results/results-layout.ts',
    ]);
  });

  it('one writer of summary.json: results/write-summary.ts', () => {
    expect(filesMatching(/write\w*\([^)]*'summary\.json'|RESULT_FILES\.summary\),\s*`/)).toEqual([
      'evaluator/src/results/write-summary.ts',
    ]);
  });

  it('one deep rounding: util/round-deep.ts', () => {
    expect(filesMatching(/function (roundDeep|roundNumbers|deepRound)\b/)).toEqual([
      'evaluator/src/util/round-deep.ts',
    ]);
  });

  it('one re-weighting: weights[k] / maxima[k] only in stats/weight-sensitivity.ts', () => {
    expect(filesMatching(/weights\[\w+\]\s*\/\s*maxima\[/)).toEqual([
      'evaluator/src/stats/weight-sensitivity.ts',
    ]);
  });
});
