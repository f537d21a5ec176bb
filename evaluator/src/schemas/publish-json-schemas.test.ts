import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { buildJsonSchemas } from './publish-json-schemas.ts';

const SCHEMAS_DIR = new URL('../../../schemas/', import.meta.url);

describe('published JSON Schemas (schemas/*.schema.json)', () => {
  const built = buildJsonSchemas();

  it('are up to date with the zod schemas — run `npm run schemas` after changing a schema', () => {
    const committed = readdirSync(SCHEMAS_DIR)
      .filter((f) => f.endsWith('.schema.json'))
      .sort();
    expect(committed, 'schemas/ holds exactly one file per exported zod schema').toEqual(
      [...built.keys()].sort(),
    );
    const stale = [...built]
      .filter(([file, text]) => readFileSync(new URL(file, SCHEMAS_DIR), 'utf8') !== text)
      .map(([f]) => f);
    expect(stale, 'these files differ from what the zod schemas generate').toEqual([]);
  });

  it('cover the manifests people write, under the names the docs use', () => {
    for (const f of [
      'submission.schema.json',
      'suite.schema.json',
      'refig-task.schema.json',
      'annotation.schema.json',
      'leaderboard.schema.json',
      'validation-report.schema.json',
    ]) {
      expect(built.has(f), f).toBe(true);
    }
    const submission = JSON.parse(built.get('submission.schema.json')!);
    expect(submission.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(submission.required).toEqual(
      expect.arrayContaining(['id', 'track', 'suite', 'team', 'model', 'harness', 'workflow']),
    );
    expect(submission.properties.workflow.properties.kind.enum).toEqual([
      'direct',
      'specialized',
      'other',
    ]);
    // Descriptions reach the file, so editors can show them while a submitter types.
    expect(submission.properties.id.description).toMatch(/folder name/);
  });

  it('the documented yaml-language-server hint points at the published file', () => {
    const doc = readFileSync(new URL('../../../docs/SUBMITTING.md', import.meta.url), 'utf8');
    const hint = /# yaml-language-server: \$schema=(\S+)/.exec(doc);
    expect(hint?.[1]).toBe('../../schemas/submission.schema.json');
    // The template in the docs is itself a valid-looking manifest (parses as YAML with the documented keys).
    const template = /```yaml\n([\s\S]*?)```/.exec(doc)![1]!;
    expect(Object.keys(parseYaml(template))).toEqual(
      expect.arrayContaining(['id', 'track', 'suite', 'model', 'harness', 'workflow']),
    );
  });
});
