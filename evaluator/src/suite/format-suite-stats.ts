import type { FieldStatsRow, ImageStats, SuiteManifest } from '../schemas/suite.schema.ts';
import type { ProvenanceStats } from './compute-provenance-stats.ts';
import type { StyleSuiteStats } from './compute-style-stats.ts';

/** Thousands separators without the locale (same bytes on every machine). */
function int(n: number): string {
  const s = String(Math.round(Math.abs(n)));
  return (n < 0 ? '-' : '') + s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function num(n: number, decimals: number): string {
  const [whole, frac] = Math.abs(n).toFixed(decimals).split('.');
  return (n < 0 ? '-' : '') + int(Number(whole)) + (frac ? `.${frac}` : '');
}

const kib = (bytes: number) => `${num(bytes / 1024, 2)} KiB`;
const mib = (bytes: number) => `${num(bytes / 1024 / 1024, 2)} MiB`;

/** Left-aligned first column, right-aligned others; a rule under the header. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const FORMAT_LABEL: Record<string, string> = { png: 'PNG', jpeg: 'JPEG' };

/**
 * The text `refig suite stats` prints: ReFigBench Table 1 (image statistics) and Tables 9/10
 * (composition and file size per source field), laid out like the paper.
 */
export function formatSuiteStats(
  manifest: Pick<SuiteManifest, 'name' | 'version' | 'track'>,
  taskCount: number,
  image: ImageStats | null,
  fields: FieldStatsRow[],
  provenance?: ProvenanceStats,
): string {
  const out: string[] = [
    `Suite ${manifest.name} ${manifest.version} (${manifest.track} track, ${taskCount} task${taskCount === 1 ? '' : 's'})`,
    '',
  ];
  if (!image) {
    out.push('No images: nothing to summarise.');
    return `${out.join('\n')}\n`;
  }
  const formats = Object.entries(image.formats)
    .sort(([, a], [, b]) => b - a)
    .map(([f, n]) => `${int(n)} ${FORMAT_LABEL[f] ?? f}`)
    .join(' / ');
  out.push('Table 1: image-level statistics (decoded area in megapixels, MP)');
  out.push(
    table(
      ['Statistic', 'Value'],
      [
        ['Source figures', int(image.images ?? taskCount)],
        ['File format', formats],
        ['Distinct resolutions', int(image.distinctResolutions)],
        [
          'Median width × height (px)',
          `${num(image.medianWidth, Number.isInteger(image.medianWidth) ? 0 : 1)} × ${num(image.medianHeight, Number.isInteger(image.medianHeight) ? 0 : 1)}`,
        ],
        ['Width range (px)', `${int(image.widthRange[0])}–${int(image.widthRange[1])}`],
        ['Height range (px)', `${int(image.heightRange[0])}–${int(image.heightRange[1])}`],
        [
          'Decoded area, median / 95th pct. (MP)',
          `${num(image.megapixelsMedian, 2)} / ${num(image.megapixelsP95, 2)}`,
        ],
        ...(image.megapixelsMax !== undefined
          ? [['Largest decoded area (MP)', num(image.megapixelsMax, 2)]]
          : []),
        [
          'Landscape / portrait / square',
          `${int(image.orientation.landscape)} / ${int(image.orientation.portrait)} / ${int(image.orientation.square)}`,
        ],
      ],
    ),
  );
  const perField = fields.filter((r) => r.field !== 'all');
  const all = fields.find((r) => r.field === 'all');
  out.push('', 'Table 9: composition by source field');
  out.push(
    table(
      ['Field', 'N', 'Share'],
      [...perField, ...(all ? [all] : [])].map((r) => [
        r.field === 'all' ? 'All' : r.field,
        int(r.images),
        `${num(r.share * 100, 1)}%`,
      ]),
    ),
  );
  out.push('', 'Table 10: input image file size by source field');
  out.push(
    table(
      ['Field', 'Images', 'Total', 'Mean', 'P25', 'P50', 'P75'],
      fields.map((r) => [
        r.field === 'all' ? 'All' : r.field,
        int(r.images),
        mib(r.bytesTotal),
        kib(r.bytesMean),
        kib(r.bytesP25),
        kib(r.bytesP50),
        kib(r.bytesP75),
      ]),
    ),
  );
  if (provenance) {
    const p = provenance;
    out.push('', 'Provenance and checked truth');
    out.push(
      table(
        ['Statistic', 'Value'],
        [
          ['Source repositories', int(p.repositories)],
          ['Papers (with an arXiv id)', `${int(p.papers)} (${int(p.papersWithArxiv)})`],
          ['Licenses', p.licenses.map((l) => `${l.license} ${int(l.tasks)}`).join(' / ')],
          ['Public split (truth.json)', int(p.publicTruth)],
          ['Hidden split (truth sealed in sealed.json)', int(p.hidden)],
          ['Without checked truth (never ranked)', int(p.unverified)],
        ],
      ),
    );
  }
  return `${out.join('\n')}\n`;
}

const pct = (share: number) => `${(100 * share).toFixed(1)}%`;

/**
 * The text `refig suite stats` prints for a style suite: references per chart type and split
 * (FigMirror Figures 5 and 8), the split sizes, how often each Table 4 dimension was varied, and
 * the licenses.
 */
export function formatStyleSuiteStats(
  manifest: Pick<SuiteManifest, 'name' | 'version' | 'track'>,
  stats: StyleSuiteStats,
): string {
  const n = stats.tasks;
  const out: string[] = [
    `Suite ${manifest.name} ${manifest.version} (${manifest.track} track, ${n} task${n === 1 ? '' : 's'})`,
    '',
    `Chart types by split (FigMirror Figures 5/8): ${stats.chartTypes.length} chart types`,
    table(
      ['Chart type', 'Hand-curated', 'Augmented', 'Total', 'Share'],
      [
        ...stats.chartTypes.map((r) => [
          r.chartType,
          int(r.handCurated),
          int(r.augmented),
          int(r.total),
          pct(r.share),
        ]),
        [
          'all',
          int(stats.splits['hand-curated']),
          int(stats.splits.augmented),
          int(n),
          n ? '100.0%' : '0.0%',
        ],
      ],
    ),
    '',
    'Splits',
    table(
      ['Split', 'References', 'Share'],
      (['hand-curated', 'augmented'] as const).map((s) => [
        s,
        int(stats.splits[s]),
        pct(n ? stats.splits[s] / n : 0),
      ]),
    ),
  ];
  const generated =
    stats.dimensionsPerTask['1'] + stats.dimensionsPerTask['2'] + stats.dimensionsPerTask['3'];
  if (generated > 0) {
    out.push(
      '',
      `Target data: variation dimensions (FigMirror Table 4) over ${generated} generated task(s); 1 / 2 / 3 dimensions in ${stats.dimensionsPerTask['1']} / ${stats.dimensionsPerTask['2']} / ${stats.dimensionsPerTask['3']}`,
      table(
        ['Dimension', 'Tasks'],
        stats.dimensions.map((d) => [d.dimension, int(d.tasks)]),
      ),
    );
  }
  out.push(
    '',
    'Licenses',
    table(
      ['License', 'Tasks', 'Redistributable'],
      stats.licenses.map((l) => [l.license, int(l.tasks), int(l.redistributable)]),
    ),
  );
  return `${out.join('\n')}\n`;
}
