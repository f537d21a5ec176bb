/**
 * Making user-provided text safe inside a GitHub comment. Team names, file names, problem
 * messages and task ids all come from a pull request, so in a comment they must not ping people
 * (`@org/team`), link issues (`#1`, `GH-1`), commits (a hex SHA) or addresses (`www.`, `://`),
 * inject HTML (`<img onerror>`), start markdown constructs (links, images, headings, emphasis),
 * break out of a table cell (`|`, newlines) or reorder what a reader sees (bidi marks).
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
  // Control characters and bidi controls (U+061C, U+200E/F, U+202A–E, U+2066–9: they could
  // disguise text) become spaces.
  s = s
    .replace(/[\u0000-\u001f\u007f-\u009f]|\p{Bidi_Control}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.length > max) s = `${s.slice(0, max - 1)}…`;
  return s;
}

/**
 * One line of plain text for a comment or a table cell: whitespace collapsed, at most `max`
 * characters, markdown punctuation backslash-escaped, HTML escaped, and every construct GitHub
 * autolinks broken with a zero-width space so nothing is pinged or linked: `@` mentions, `#12`
 * and `GH-12` references, `://` and `www.` addresses, and 7–40 hex digits (a commit SHA).
 */
export function inlineText(value: unknown, max = 300): string {
  // Every 6 digits, so no piece of a SHA is itself long enough to link.
  return escapeText(value, max).replace(/\b[0-9a-f]{7,40}\b/gi, (run) =>
    run.replace(/.{6}(?!$)/g, `$&${ZWSP}`),
  );
}

/**
 * Text shown as code (file paths, rule ids, commits): an HTML `<code>` element. Markdown still
 * applies between inline HTML tags, so the content gets the same escaping as `inlineText` — a
 * `[x](y)` in a file name cannot become a link, `|` cannot split a table cell, `@` cannot ping.
 * Hex runs stay whole: GitHub links no commit inside `<code>`, and a SHA shown there must copy.
 */
export function inlineCode(value: unknown, max = 200): string {
  return `<code>${escapeText(value, max)}</code>`;
}

function escapeText(value: unknown, max: number): string {
  const s = clean(value, max)
    .replace(MARKDOWN_PUNCTUATION, (c) => `\\${c}`)
    // Before HTML escaping, so the `#` of the entity `&#39;` is left alone.
    .replace(/#(?=\d)/g, `#${ZWSP}`);
  return escapeHtml(s)
    .replace(/@/g, `@${ZWSP}`)
    .replace(/:\/\//g, `:${ZWSP}//`)
    .replace(/\b(www)\./gi, `$1${ZWSP}.`)
    .replace(/\b(gh)-(?=\d)/gi, `$1${ZWSP}-`);
}

/** A number for display with fixed decimals; `—` when absent. */
export function formatNumber(value: number | null | undefined, decimals = 1): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(decimals) : '—';
}
