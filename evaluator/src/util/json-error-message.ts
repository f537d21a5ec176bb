/**
 * The message of a `JSON.parse` error, the same on every supported Node version: V8 in Node 24
 * appends " (line L column C)" to what Node 20 and 22 say. Messages reach published data
 * (`leaderboard.json`'s problems, failed records), which must not depend on the Node that ran.
 */
export function jsonErrorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/ \(line \d+ column \d+\)$/, '');
}
