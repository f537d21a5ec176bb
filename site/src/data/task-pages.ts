/** Tasks per index page. */
export const TASKS_PER_PAGE = 100;

/**
 * Site-relative path of page `n` of a suite's task index: `tasks/<suite>/`, then
 * `tasks/<suite>/page/<n>/` (one level deeper than a task page, so no task id can collide).
 */
export function taskIndexPath(suite: string, n: number): string {
  return n <= 1 ? `tasks/${suite}/` : `tasks/${suite}/page/${n}/`;
}
