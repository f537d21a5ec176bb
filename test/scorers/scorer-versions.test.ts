import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCORERS } from '@figboard/evaluator/scorers';
import {
  CHANGELOG_PATH,
  changelogEntries,
  checkScorerSources,
  computeScorerSources,
  READ_FROM_REPO,
  readLock,
  REGISTRY_PATH,
  REPO_ROOT,
  type ReadFile,
} from '../../scripts/scorer-sources.ts';

const changelog = readFileSync(join(REPO_ROOT, CHANGELOG_PATH), 'utf8');
const lock = readLock(REPO_ROOT);
const current = computeScorerSources(READ_FROM_REPO);

/** The repository as it is, except `path` whose text goes through `edit`. */
function withEdit(path: string, edit: (text: string) => string): ReadFile {
  return (p) => (p === path ? edit(READ_FROM_REPO(p)) : READ_FROM_REPO(p));
}

/** What the tests below change things against: the sources as they are (the committed lock is checked by the first test). */
const baseline = current;

const LAYOUT = 'evaluator/src/judge/metric/score-layout.ts';
const ONE_LINE = (t: string) => {
  const out = t.replace('const POSITION_RANGE = 0.2;', 'const POSITION_RANGE = 0.25;');
  if (out === t) throw new Error(`the test's one-line edit no longer applies to ${LAYOUT}`);
  return out;
};

describe('scorer versions (evaluator/src/scorers/scorer-registry.ts)', () => {
  it('the code, the registry, CHANGELOG.md and scorer-sources.json agree', () => {
    // On failure the message says which scorer changed and what to do.
    const problems = checkScorerSources(lock, current, changelog);
    expect(problems.map((p) => p.message).join('\n\n')).toBe('');
  });

  it('a one-line change of the metric judge without a version bump is refused, naming the scorer and the file', () => {
    const edited = computeScorerSources(withEdit(LAYOUT, ONE_LINE));
    const problems = checkScorerSources(baseline, edited, changelog);
    expect(problems.map((p) => [p.scorer, p.kind])).toEqual([['metric', 'needs-bump']]);
    const message = problems[0]!.message;
    expect(message).toContain(
      `scorer "metric" changed but its version is still ${baseline.scorers.metric!.version}`,
    );
    expect(message).toContain(LAYOUT);
    const next = baseline.scorers.metric!.version + 1;
    expect(message).toContain(`in ${REGISTRY_PATH} set the version of "metric" to ${next}`);
    expect(message).toContain(`## metric ${next}`);
    expect(message).toContain('npm run scorers');
  });

  it('after the bump, the change needs its CHANGELOG section, then only a recording', () => {
    const edited = computeScorerSources(withEdit(LAYOUT, ONE_LINE));
    const next = baseline.scorers.metric!.version + 1;
    edited.scorers.metric!.version = next; // what bumping the registry does
    const without = checkScorerSources(baseline, edited, changelog);
    expect(without.map((p) => [p.scorer, p.kind]).sort()).toEqual([
      ['metric', 'changelog'],
      ['metric', 'record'],
    ]);
    const withSection = checkScorerSources(
      lock,
      edited,
      `${changelog}\n## metric ${next}\n\nPosition range 0.25.\n`,
    );
    expect(withSection.map((p) => p.kind)).toEqual(['record']);
  });

  it('comments and formatting are not changes; a covered file of a shared helper feeds every scorer that imports it', () => {
    const commented = computeScorerSources(
      withEdit(LAYOUT, (t) =>
        t.replace('export function scoreLayout(', '// why\nexport function scoreLayout('),
      ),
    );
    expect(checkScorerSources(baseline, commented, changelog)).toEqual([]);
    const round = 'evaluator/src/util/round.ts';
    const roundEdited = computeScorerSources(
      withEdit(round, (t) => `${t}\nexport const EXTRA = 1;\n`),
    );
    const bumped = checkScorerSources(baseline, roundEdited, changelog)
      .filter((p) => p.kind === 'needs-bump')
      .map((p) => p.scorer)
      .sort();
    const covering = Object.entries(current.scorers)
      .filter(([, s]) => round in s.files)
      .map(([id]) => id)
      .sort();
    expect(covering.length).toBeGreaterThan(2);
    expect(bumped).toEqual(covering);
  });

  it('every scorer covers its entries, and none covers the registry or files outside the repository', () => {
    for (const scorer of SCORERS) {
      const files = Object.keys(current.scorers[scorer.id]!.files);
      for (const e of scorer.entries) expect(files).toContain(`evaluator/src/${e}`);
      expect(files.every((f) => f.startsWith('evaluator/') && !f.includes('..'))).toBe(true);
      expect(files).not.toContain(REGISTRY_PATH);
    }
  });

  it('the changelog parser reads "## <scorer> <version>" sections only', () => {
    expect([...changelogEntries('## metric 2\n### audit 3\n## style-code 10 — note\n')]).toEqual([
      'metric 2',
      'style-code 10',
    ]);
  });
});
