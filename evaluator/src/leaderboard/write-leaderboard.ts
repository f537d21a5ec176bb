import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InternalError } from '../errors/figboard-error.ts';
import { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { writeFileAtomic } from '../util/write-file-atomic.ts';

/**
 * The exact bytes of `leaderboard.json`: validated against the published schema first (a board
 * the site would misread is a bug, never written), then keys sorted, two-space indent, final
 * newline.
 */
export function serializeLeaderboard(board: Leaderboard): string {
  const parsed = Leaderboard.safeParse(board);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new InternalError('the built leaderboard does not match its schema', {
      where: 'leaderboard.json',
      expected: 'a Leaderboard',
      got: issues.join('; '),
    });
  }
  return `${stableStringify(board, 2)}\n`;
}

/** Writes `leaderboard.json` atomically (temporary file + rename): a reader never sees half a board. */
export async function writeLeaderboard(path: string, board: Leaderboard): Promise<string> {
  const text = serializeLeaderboard(board);
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, text);
  return text;
}
