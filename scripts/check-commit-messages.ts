import { execFileSync } from 'node:child_process';
import {
  ALLOWED_OLD_COMMITS,
  commitMessageProblems,
  MAX_SUBJECT,
  RELEASE_BASE,
} from './commit-message-rules.ts';

/**
 * `npm run lint:commits`: every non-merge commit after the last release ({@link RELEASE_BASE})
 * must follow the commit-message rule (CONTRIBUTING.md). A shallow clone without the release
 * commit cannot be checked and says so instead of failing.
 */
function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function hasCommit(ref: string): boolean {
  try {
    git('cat-file', '-e', `${ref}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

if (!hasCommit(RELEASE_BASE)) {
  const shallow = git('rev-parse', '--is-shallow-repository').trim() === 'true';
  if (!shallow) {
    console.error(`lint:commits: the release commit ${RELEASE_BASE} is not in this repository`);
    process.exit(1);
  }
  console.log(
    `lint:commits: skipped, shallow clone without ${RELEASE_BASE} (git fetch --unshallow)`,
  );
  process.exit(0);
}

// NUL-separated records: full hash, then the raw message.
const log = git('log', '--no-merges', '--format=%H%n%B%x00', `${RELEASE_BASE}..HEAD`);
let checked = 0;
const bad: string[] = [];
for (const record of log.split('\0')) {
  const text = record.replace(/^\n+/, '');
  if (text === '') continue;
  const newline = text.indexOf('\n');
  const hash = text.slice(0, newline);
  checked += 1;
  if (ALLOWED_OLD_COMMITS.has(hash)) continue;
  for (const problem of commitMessageProblems(text.slice(newline + 1)))
    bad.push(`${hash.slice(0, 7)}: ${problem}`);
}
if (bad.length > 0) {
  console.error(
    `lint:commits: ${bad.length} problem(s) in commits after ${RELEASE_BASE} (subject ≤ ${MAX_SUBJECT} characters, blank line, a body saying why; CONTRIBUTING.md):`,
  );
  for (const line of bad) console.error(`  ${line}`);
  console.error('Fix with git commit --amend or git rebase -i before the branch is merged.');
  process.exit(1);
}
console.log(`lint:commits: ${checked} commit(s) after ${RELEASE_BASE} follow the rule`);
