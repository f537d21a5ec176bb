import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stableStringify } from '../evaluator/src/util/stable-stringify.ts';
import {
  CHANGELOG_PATH,
  checkScorerSources,
  computeScorerSources,
  LOCK_PATH,
  READ_FROM_REPO,
  readLock,
  REPO_ROOT,
} from './scorer-sources.ts';

// `npm run scorers`: records the sources hash of every scorer in scorer-sources.json. Refuses
// while a scorer changed without a version bump or a version has no CHANGELOG.md section, so
// recording can never hide a change that moves scores.
const current = computeScorerSources(READ_FROM_REPO);
const changelog = readFileSync(join(REPO_ROOT, CHANGELOG_PATH), 'utf8');
const blocking = checkScorerSources(readLock(REPO_ROOT), current, changelog).filter(
  (p) => p.kind !== 'record',
);
if (blocking.length > 0) {
  for (const p of blocking) process.stderr.write(`${p.message}\n\n`);
  process.stderr.write(`Nothing recorded: fix the ${blocking.length} problem(s) above first.\n`);
  process.exitCode = 1;
} else {
  writeFileSync(join(REPO_ROOT, LOCK_PATH), `${stableStringify(current, 2)}\n`);
  for (const [id, s] of Object.entries(current.scorers))
    process.stdout.write(
      `${id.padEnd(18)} version ${s.version}  ${Object.keys(s.files).length} files  ${s.hash.slice(0, 12)}\n`,
    );
  process.stdout.write(`wrote ${LOCK_PATH}\n`);
}
