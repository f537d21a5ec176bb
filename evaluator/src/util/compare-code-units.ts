/**
 * THE string order of every canonical listing (task ids, record files, object keys, submission
 * ids): plain UTF-16 code-unit comparison, as `<` does — locale and ICU independent, so the same
 * input sorts the same on every machine. Never `localeCompare` for anything that reaches a
 * record, a hash or the board.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
