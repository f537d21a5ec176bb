import { describe, expect, it } from 'vitest';
import { commitMessageProblems, MAX_SUBJECT } from '../../scripts/commit-message-rules.ts';

describe('commit-message rule (scripts/commit-message-rules.ts)', () => {
  it('accepts a short subject, a blank line and a body', () => {
    expect(commitMessageProblems('Render: count own soffice only\n\nWhy it matters.\n')).toEqual(
      [],
    );
  });

  it(`refuses a subject of ${MAX_SUBJECT + 1} characters and says how long it is`, () => {
    const subject = 'x'.repeat(MAX_SUBJECT + 1);
    expect(commitMessageProblems(`${subject}\n\nbody`)).toEqual([
      `subject is ${MAX_SUBJECT + 1} characters, at most ${MAX_SUBJECT} allowed: "${subject}"`,
    ]);
    expect(commitMessageProblems(`${'x'.repeat(MAX_SUBJECT)}\n\nbody`)).toEqual([]);
  });

  it('counts characters, not bytes (a subject with arrows and dashes)', () => {
    expect(commitMessageProblems(`${'→'.repeat(MAX_SUBJECT)}\n\nbody`)).toEqual([]);
  });

  it('refuses a message without a body, and a body glued to the subject', () => {
    expect(commitMessageProblems('Subject only\n')).toEqual([
      'no body: say why the change was made, after a blank line',
    ]);
    expect(commitMessageProblems('Subject\nbody right below')).toEqual([
      'no blank line between the subject and the body',
    ]);
    expect(commitMessageProblems('\n\nbody')).toContain('empty subject line');
  });
});
