import { z } from 'zod';

/**
 * Why a task of a sealed suite could not be scored (issue 16 item 3). Each cause is told apart,
 * because each has its own remedy: no key (the public checkout: expected), a key that is not the
 * bundle's (a wrong or rotated secret), a file that does not authenticate (the bundle was edited
 * or damaged), a bundle that cannot be read at all.
 */
export const NotScoredCode = z.enum([
  'suite-key-missing',
  'suite-key-mismatch',
  'sealed-file-damaged',
  'sealed-bundle-invalid',
]);
export type NotScoredCode = z.infer<typeof NotScoredCode>;

/** A task not scored by a run, and why. Never a 0: it is left out of every mean and listed. */
export const NotScoredTask = z.object({ task: z.string(), code: NotScoredCode }).strict();
export type NotScoredTask = z.infer<typeof NotScoredTask>;
