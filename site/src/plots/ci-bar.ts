/**
 * A confidence-interval bar for a table cell: the 0–100 scale as a thin track, the 95% interval
 * as a bar, the mean as a dot, so a column of them shows at a glance which intervals overlap.
 * Plain SVG from numbers only (no user text), the same size in every row.
 */
export function ciBar(
  ci: readonly [number, number],
  mean: number,
  opts: {
    /** Means of the suite's reference lines (baselines), drawn as thin ticks across the track. */
    marks?: readonly number[];
    /** Draw the bar grey: the row is itself a reference line. */
    muted?: boolean;
    width?: number;
    height?: number;
  } = {},
): string {
  const { marks = [], muted = false, width = 90, height = 14 } = opts;
  const colour = muted ? 'var(--muted)' : 'var(--accent)';
  const x = (v: number) => (Math.max(0, Math.min(100, v)) / 100) * (width - 4) + 2;
  const f = (v: number) => v.toFixed(1);
  const y = height / 2;
  return (
    `<svg class="ci-bar" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" aria-hidden="true">` +
    `<line x1="2" x2="${width - 2}" y1="${y}" y2="${y}" stroke="var(--line)" stroke-width="1"/>` +
    marks
      .map(
        (m) =>
          `<line class="line-mark" x1="${f(x(m))}" x2="${f(x(m))}" y1="1" y2="${height - 1}" stroke="var(--muted)" stroke-width="1.5"/>`,
      )
      .join('') +
    `<line x1="${f(x(ci[0]))}" x2="${f(Math.max(x(ci[1]), x(ci[0]) + 1))}" y1="${y}" y2="${y}" stroke="${colour}" stroke-width="5" stroke-linecap="round" opacity="0.45"/>` +
    `<circle cx="${f(x(mean))}" cy="${y}" r="3" fill="${colour}"/>` +
    '</svg>'
  );
}
