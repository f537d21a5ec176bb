/** Most tokens read from one text; the rest are ignored (bounded work on hostile decks). */
export const MAX_TOKENS_PER_TEXT = 2000;

/**
 * Canonical form used for every text comparison: Unicode NFKC, lower case, runs of anything
 * that is not a letter or digit turned into one space. "Cross-Attention" and "cross attention"
 * compare equal; OCR punctuation noise disappears.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Words of a text in reading order, normalised (see `normalizeText`). */
export function tokenizeText(text: string): string[] {
  const norm = normalizeText(text.length > 200_000 ? text.slice(0, 200_000) : text);
  if (norm === '') return [];
  const tokens = norm.split(' ');
  return tokens.length > MAX_TOKENS_PER_TEXT ? tokens.slice(0, MAX_TOKENS_PER_TEXT) : tokens;
}
