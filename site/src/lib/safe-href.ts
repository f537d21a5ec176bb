/**
 * Returns `raw` when it is an absolute http(s) URL, else null. Submission links are user input;
 * `javascript:` and `data:` URLs pass a plain URL check, so anything else is shown as text, never
 * as a link.
 */
export function safeHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}
