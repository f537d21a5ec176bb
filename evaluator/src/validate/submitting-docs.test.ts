import { RUNNER_FILES, RUNNER_TASK_FILES } from './runner-files.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { SubmissionManifest } from '../schemas/submission.schema.ts';
import {
  ARTIFACT_FILES,
  DEFAULT_SUBMISSION_LIMITS,
  formatBytes,
  TOP_LEVEL_FILES,
} from './submission-rules.ts';

// docs/SUBMITTING.md is what submitters read; these checks keep it in step with the validator.
const DOC = readFileSync(new URL('../../../docs/SUBMITTING.md', import.meta.url), 'utf8');
const SOURCES = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => readFileSync(new URL(f, import.meta.url), 'utf8'))
  .join('\n');

describe('docs/SUBMITTING.md', () => {
  it('documents every rule the validator can report', () => {
    const rules = new Set([...SOURCES.matchAll(/rule: '([a-z0-9-]+)'/g)].map((m) => m[1]!));
    for (const m of SOURCES.matchAll(/ArchiveFetchError\('([a-z-]+)'/g)) rules.add(m[1]!);
    expect(rules.size).toBeGreaterThan(30);
    const documented = new Set(
      [...DOC.matchAll(/^\| `([a-z0-9-]+)` \| (error|warning) \|/gm)].map((m) => m[1]!),
    );
    expect([...rules].filter((r) => !documented.has(r)).sort()).toEqual([]);
  });

  it('states the same file names and size limits as the rules', () => {
    for (const track of ['refig', 'style'] as const) {
      for (const f of [...ARTIFACT_FILES[track], ...RUNNER_TASK_FILES[track]]) {
        const row = DOC.split('\n').find(
          (l) => l.startsWith(`| ${track} |`) && l.includes(`\`${f.name}\``),
        );
        expect(row, `${track} ${f.name}`).toBeDefined();
        expect(row).toContain(`| ${formatBytes(f.maxBytes)} |`);
      }
    }
    for (const f of [...TOP_LEVEL_FILES, ...RUNNER_FILES])
      expect(DOC).toContain(`| both | \`${f.name}\` | ${formatBytes(f.maxBytes)} |`);
    expect(DOC).toContain(formatBytes(DEFAULT_SUBMISSION_LIMITS.maxTotalBytes));
    expect(DOC).toContain(formatBytes(DEFAULT_SUBMISSION_LIMITS.maxArchiveBytes));
  });

  it('shows a manifest example that is valid against the schema', () => {
    const example = /```yaml\n([\s\S]*?)```/.exec(DOC)![1]!;
    const parsed = SubmissionManifest.safeParse(parseYaml(example));
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});
