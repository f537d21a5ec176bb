/**
 * Caps a stored string at `max` characters with a visible mark, so a record or a report never
 * grows with what a submission puts in it: `abc… [truncated: 15728640 characters in all]`.
 * Deterministic (the same text always gives the same bytes); strings within the cap are
 * returned unchanged.
 */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [truncated: ${text.length} characters in all]`;
}

/**
 * Caps a sequence of texts against a per-text cap and a shared budget, in order: once the
 * budget is spent, later texts keep only the mark. Returns the capped texts.
 */
export function capTexts(texts: readonly string[], perText: number, budget: number): string[] {
  let left = budget;
  return texts.map((t) => {
    const capped = capText(t, Math.max(0, Math.min(perText, left)));
    left -= Math.min(t.length, perText);
    return capped;
  });
}

/** The first `max` items joined with ", ", and how many more there are: `a, b, … (3 more)`. */
export function listSome(items: readonly string[], max = 5): string {
  return items.length <= max
    ? items.join(', ')
    : `${items.slice(0, max).join(', ')}, … (${items.length - max} more)`;
}
