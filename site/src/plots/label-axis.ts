// Room for a chart's category labels (configuration names on the left of bar, interval and
// heatmap plots). Charts draw text at 12 px, whose average advance in the site's sans-serif is
// about 6.6 px: 7 px per character plus the tick's padding keeps a label inside the SVG. A label
// longer than the widest margin would be clipped at the SVG's edge; it is cut at its start with
// "…" instead, which keeps the end (the workflow, the reference-line badge) that tells rows apart.
// The tables under each chart carry the full names.

const CHAR_PX = 7;
const TICK_PAD = 16;
const MAX_MARGIN = 360;
const FIT = Math.floor((MAX_MARGIN - TICK_PAD) / CHAR_PX);

/** Left margin for these labels and the tick format that fits each into it. */
export function labelAxis(
  labels: readonly string[],
  minChars = 10,
): { margin: number; format: (label: string) => string } {
  const longest = Math.max(minChars, ...labels.map((l) => l.length));
  return {
    margin: Math.min(MAX_MARGIN, TICK_PAD + longest * CHAR_PX),
    format: (label) => (label.length > FIT ? `…${label.slice(label.length - FIT + 1)}` : label),
  };
}
