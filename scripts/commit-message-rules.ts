/**
 * The commit-message rule of CONTRIBUTING.md ("Commit messages"): a subject of at most 72
 * characters, a blank line, and a body saying why. Pure, so the unit tests check it without git.
 */

/** Longest subject line, in characters (what `git log --oneline` and GitHub show uncut). */
export const MAX_SUBJECT = 72;

/**
 * The last released commit: the check covers the commits after it. Commits before the rule was
 * written (up to main's f3cc77f) are allowed by hash below, so old history is not rewritten.
 */
export const RELEASE_BASE = '428549b';

/** Commits after {@link RELEASE_BASE} that predate the rule (or its merge) and break it. */
export const ALLOWED_OLD_COMMITS: ReadonlySet<string> = new Set([
  '138f004252a04a546a8528e5b874f9d1258d8256',
  '9e4e9da0540336bddba7f33780dd28512496072f',
  // Branches written in parallel while the rule itself was being added, merged on 2026-12-03.
  '05fccbc60ec5e0ba95cc36379789b24c0ba2784b',
  '226b453f419ee1d1cd33754196a82d21b7be37ed',
  '42db5695a9962323b4a1836bfd0ebfbd81538a51',
  '6a15bc5763569710872456eb45e4359a274ddeee',
  '7e05175cab8b9d14aa6c846f29ab2b6b8543ce46',
  '942a151bea34079b1a499f04443cde898d51d2eb',
  'cb68cfd87f72afa2997e04b5e4fef5b61495c358',
  'dcf6f490485af4a1ed372784e3afe61c09698bdd',
]);

/** One problem of one commit message, phrased to be printed after the commit's short hash. */
export type CommitMessageProblem = string;

/** What is wrong with a commit message (`git log --format=%B`), or nothing. */
export function commitMessageProblems(message: string): CommitMessageProblem[] {
  const lines = message.replace(/\s+$/, '').split('\n');
  const subject = lines[0] ?? '';
  const problems: CommitMessageProblem[] = [];
  if (subject.trim() === '') problems.push('empty subject line');
  if ([...subject].length > MAX_SUBJECT)
    problems.push(
      `subject is ${[...subject].length} characters, at most ${MAX_SUBJECT} allowed: "${subject}"`,
    );
  if (lines.length > 1 && (lines[1] ?? '').trim() !== '')
    problems.push('no blank line between the subject and the body');
  if (lines.slice(1).every((l) => l.trim() === ''))
    problems.push('no body: say why the change was made, after a blank line');
  return problems;
}
