import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderActionDocs, updateReadme } from '../scripts/render-readme.ts';

const dir = join(import.meta.dirname, '..');
const actionYml = readFileSync(join(dir, 'action.yml'), 'utf8');

describe('action/README.md', () => {
  it('documents exactly the inputs and outputs of action.yml (regenerate: npx tsx action/scripts/render-readme.ts --write)', () => {
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(updateReadme(readme, actionYml)).toBe(readme);
  });

  it('lists every input with its default and every output', () => {
    const docs = renderActionDocs(actionYml);
    for (const name of [
      'mode',
      'submissions',
      'shard-index',
      'shard-count',
      'output-dir',
      'results-path',
      'summary-json',
    ]) {
      expect(docs).toContain(`| \`${name}\` |`);
    }
    expect(docs).toContain('| `shard-count` | `1` |');
    // A stale README is caught: dropping an input changes the generated block.
    expect(
      renderActionDocs(actionYml.replace(/\n {2}workers:\n( {4}.*\n){3}/, '\n')),
    ).not.toContain('`workers`');
  });
});
