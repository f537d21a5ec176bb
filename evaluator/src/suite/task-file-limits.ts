/** Upper bounds of a task folder's JSON files; anything larger is refused, not read. */
export const TASK_JSON_MAX_BYTES = 1024 * 1024;
export const TRUTH_JSON_MAX_BYTES = 16 * 1024 * 1024;
