/**
 * Making user-provided text safe inside a GitHub comment. Team names, file names, problem
 * messages and task ids all come from a pull request, so in a comment they must not ping people
 * (`@org/team`), link issues (`#1`), inject HTML (`<img onerror>`), start markdown constructs
 * (links, images, headings, emphasis) or break out of a table cell (`|`, newlines).
 */

const ZWSP = '\u200b';
// Characters that start markdown constructs mid-line; list markers (+ - 1.) only matter at a line start, which
// inline text never is (templates put it after a bullet or inside a table cell).
const MARKDOWN_PUNCTUATION = /[\\`*_{}[\]()#|~!]/g;

function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function clean(value: unknown, max: number): string {
  let s = String(value ?? '');
  // Control characters (incl. bidi overrides that could disguise text) become spaces.
  s = s
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.length > max) s = `${s.slice(0, max - 1)}…`;
  return s;
}

/**
 * One line of plain text for a comment or a table cell: whitespace collapsed, at most `max`
 * characters, HTML escaped, markdown punctuation backslash-escaped, and `@`/`#` references and
 * `://` autolinks broken with a zero-width space so nothing is pinged or linked.
 */
export function inlineText(value: unknown, max = 300): string {
  const s = clean(value, max);
  return escapeHtml(s)
    .replace(MARKDOWN_PUNCTUATION, (c) => `\\${c}`)
    .replace(/@/g, `@${ZWSP}`)
    .replace(/:\/\//g, `:${ZWSP}//`);
}

/**
 * Text shown as code (file paths, rule ids): an HTML `<code>` element. Markdown still applies
 * between inline HTML tags, so the content gets the same escaping as `inlineText` — a `[x](y)`
 * in a file name cannot become a link, `|` cannot split a table cell, `@` cannot ping.
 */
export function inlineCode(value: unknown, max = 200): string {
  return `<code>${inlineText(value, max)}</code>`;
}

/** A number for display with fixed decimals; `—` when absent. */
export function formatNumber(value: number | null | undefined, decimals = 1): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(decimals) : '—';
}
