import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FigboardError } from '@figboard/evaluator/errors';
import { Leaderboard } from '@figboard/evaluator/schemas';

/** Largest `leaderboard.json` the site accepts (a generated 10 × 1,000 board is about 4.5 MB). */
const MAX_LEADERBOARD_BYTES = 64 * 1024 * 1024;

/** The validated board plus its exact bytes (the site republishes them unchanged). */
export interface LoadedLeaderboard {
  path: string;
  bytes: Buffer;
  board: Leaderboard;
}

/**
 * Reads `<dataDir>/leaderboard.json` and validates it with the evaluator's `Leaderboard` schema
 * (zod 4, the same schema the `refig leaderboard` command writes with). Every schema problem is
 * listed, not just the first, so one build shows everything to fix.
 *
 * @throws FigboardError `site-data-missing` | `site-data-too-large` | `site-data-json` | `site-data-schema`
 */
export async function readLeaderboard(dataDir: string): Promise<LoadedLeaderboard> {
  const path = join(dataDir, 'leaderboard.json');
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (cause) {
    throw new FigboardError('leaderboard.json not found', {
      code: 'site-data-missing',
      where: path,
      expected: 'a leaderboard.json written by `refig leaderboard`',
      got: 'no such file',
      hint: 'run `npx refig leaderboard --out leaderboard.json` at the repository root, or set FIGBOARD_DATA_DIR to a folder that has one',
      cause,
    });
  }
  if (size > MAX_LEADERBOARD_BYTES) {
    throw new FigboardError('leaderboard.json is too large', {
      code: 'site-data-too-large',
      where: path,
      expected: `at most ${MAX_LEADERBOARD_BYTES} bytes`,
      got: `${size} bytes`,
    });
  }
  const bytes = await readFile(path);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (cause) {
    throw new FigboardError('leaderboard.json is not valid JSON', {
      code: 'site-data-json',
      where: path,
      expected: 'JSON',
      got: (cause as Error).message,
      cause,
    });
  }
  const parsed = Leaderboard.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const shown = issues.slice(0, 20).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    if (issues.length > shown.length) shown.push(`… and ${issues.length - shown.length} more`);
    throw new FigboardError(
      `leaderboard.json does not match the Leaderboard schema (${issues.length} problem${issues.length === 1 ? '' : 's'})`,
      {
        code: 'site-data-schema',
        where: path,
        expected: 'the schema in evaluator/src/schemas/leaderboard.schema.ts',
        got: shown.join('; '),
        hint: 'regenerate it with the same FigBoard version as the site (`npx refig leaderboard`)',
      },
    );
  }
  return { path, bytes, board: parsed.data };
}
