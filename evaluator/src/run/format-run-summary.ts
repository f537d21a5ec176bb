import type { RunAgentResult } from './run-agent-on-suite.ts';

/**
 * The one line `refig run` ends with: tasks run now, kept from an earlier run, failed now (run
 * without the track's primary output: a deck, a figure.py), without it overall (`no deck`, `no
 * figure`), and not started (early stop), so a run whose agent never worked cannot look like a
 * finished one.
 */
export function formatRunSummary(
  r: Pick<RunAgentResult, 'runs' | 'notRun'> & Partial<Pick<RunAgentResult, 'missingLabel'>>,
): string {
  const ran = r.runs.filter((x) => x.status === 'ran');
  const failed = ran.filter((x) => !x.deck).length;
  const noDeck = r.runs.filter((x) => !x.deck).length;
  const total = r.runs.length + r.notRun.length;
  return `run: ${total} task(s): ${ran.length} ran, ${r.runs.length - ran.length} kept, ${failed} failed, ${noDeck} ${r.missingLabel ?? 'no deck'}${r.notRun.length > 0 ? `, ${r.notRun.length} not started` : ''}`;
}
