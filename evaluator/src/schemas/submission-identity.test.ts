import { describe, expect, it } from 'vitest';
import { configurationNames, SubmissionManifest } from './submission.schema.ts';

/*
 * Issue 22 (smaller ones): `slug()` dropped every non-ASCII character, so all-CJK model names
 * collided on an empty slug (one early merge would own them all) while Cyrillic look-alikes of
 * a Latin name got rows of their own.
 */

const names = (model: string, harness = 'Claude Code', workflow = 'pptx-skill') =>
  configurationNames({
    model: { name: model, provider: 'p', snapshot: 's' },
    harness: { name: harness, version: '1' },
    workflow: { name: workflow, kind: 'specialized' },
  } as SubmissionManifest);

const manifest = {
  id: 'entry',
  track: 'refig',
  suite: { name: 'refig-sample', version: '1.0.0' },
  team: 'Team',
  contact: 'a@example.org',
  model: { name: 'Model', provider: 'p', snapshot: 's' },
  harness: { name: 'Claude Code', version: '1.0.0' },
  workflow: { name: 'pptx-skill', kind: 'specialized' },
  attempts: 1,
  date: '2026-01-01',
  license: 'MIT',
};

describe('configuration identity slugs', () => {
  it('keeps names in any script: two all-CJK names are two names, neither empty', () => {
    expect(names('通义千问')).toBe('通义千问__claude-code__pptx-skill');
    expect(names('文心一言')).not.toBe(names('通义千问'));
    // Cyrillic without a Latin look-alike stays Cyrillic; м, о, е take their Latin skeleton.
    expect(names('Модель')).toBe('moдeль__claude-code__pptx-skill');
  });

  it('gives look-alikes one slug: Cyrillic and Greek confusables, fullwidth, invisible marks', () => {
    const latin = names('Sample Model A');
    expect(names('Sаmplе Mоdеl А')).toBe(latin); // Cyrillic а е о А
    expect(names('Sαmple Mοdel Α')).toBe(latin); // Greek α ο Α
    expect(names('Ｓａｍｐｌｅ Ｍｏｄｅｌ Ａ')).toBe(latin);
    expect(names('Sample\u200b Model\u00ad A')).toBe(latin);
    expect(names('Sample Model B')).not.toBe(latin);
  });

  it('an identity field with an empty slug is an error naming the field', () => {
    expect(SubmissionManifest.safeParse(manifest).success).toBe(true);
    const bad = SubmissionManifest.safeParse({
      ...manifest,
      model: { ...manifest.model, name: '🙂🙂' },
      harness: { ...manifest.harness, version: '---' },
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'model.name',
        'model.name "🙂🙂" has no letter or digit, so it names no configuration (its slug is empty); use a name with letters or digits',
      ],
      [
        'harness.version',
        'harness.version "---" has no letter or digit, so it names no configuration (its slug is empty); use a name with letters or digits',
      ],
    ]);
  });
});
