/** A JSON object parsed from one line of an agent log, with its 1-based line number. */
export interface LogEvent {
  line: number;
  value: Record<string, unknown>;
}

/** The events of a JSONL log plus what could not be read. */
export interface SplitLog {
  events: LogEvent[];
  /** Lines that are not JSON objects (counted; the first few are quoted in problems). */
  badLines: number;
  problems: string[];
}

/** Lines longer than this are not parsed: a log line is an event, not a payload dump. */
const MAX_LINE_CHARS = 8 * 1024 * 1024;
const MAX_QUOTED_PROBLEMS = 5;

/**
 * Splits an agent log into JSON events, one per non-blank line. Bad lines are counted and
 * reported, never fatal: a killed agent leaves a half-written last line, and the rest of the log
 * is still worth reading. Work is linear in the input size, so a hostile log costs bounded time.
 */
export function splitLogEvents(content: string): SplitLog {
  const events: LogEvent[] = [];
  const problems: string[] = [];
  let badLines = 0;
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    const bad = (why: string) => {
      badLines++;
      if (badLines <= MAX_QUOTED_PROBLEMS) problems.push(`line ${i + 1}: ${why}`);
    };
    if (raw.length > MAX_LINE_CHARS) {
      bad(`line longer than ${MAX_LINE_CHARS} characters; skipped`);
      continue;
    }
    if (raw[0] !== '{') {
      bad('not a JSON object; skipped');
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      bad('not valid JSON (interrupted write?); skipped');
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      bad('not a JSON object; skipped');
      continue;
    }
    events.push({ line: i + 1, value: value as Record<string, unknown> });
  }
  if (badLines > MAX_QUOTED_PROBLEMS)
    problems.push(`${badLines - MAX_QUOTED_PROBLEMS} more unreadable lines`);
  return { events, badLines, problems };
}

/** A non-negative integer field of an object, or undefined when absent or not a count. */
export function countField(obj: unknown, key: string): number | undefined {
  if (obj === null || typeof obj !== 'object') return undefined;
  const v = (obj as Record<string, unknown>)[key];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
}

/** A finite non-negative number field of an object, or undefined. */
export function numberField(obj: unknown, key: string): number | undefined {
  if (obj === null || typeof obj !== 'object') return undefined;
  const v = (obj as Record<string, unknown>)[key];
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
}
