import type { BoardIndex } from '../data/board-index.ts';
import type { Board } from '../data/load-site-data.ts';
import { interval, num } from '../lib/format.ts';
import { siteUrl } from '../lib/site-url.ts';
import { configurationCell } from './leaderboard-table.ts';
import type { TableModel } from './table-model.ts';

/** An interval's shown cell and its two CSV cells (`<key>Ci`, `<key>Low`, `<key>High`). */
function ciCells(key: string, ci: [number, number] | undefined) {
  if (!ci)
    return {
      [`${key}Ci`]: { v: null, t: '—' },
      [`${key}Low`]: { v: null },
      [`${key}High`]: { v: null },
    };
  return {
    [`${key}Ci`]: { v: ci[0], t: interval(ci) },
    [`${key}Low`]: { v: ci[0] },
    [`${key}High`]: { v: ci[1] },
  };
}

/**
 * Style track: S = 0.35·S_code + 0.65·S_vision per configuration, suite and split, each with its
 * bootstrap 95% CI over references, and per LLM vision judge S_vision and S with that judge.
 */
export function styleTable(
  style: Board['style'],
  ix: BoardIndex,
  split: string | null = null,
  suite: string | null = null,
): TableModel {
  const rows = style
    .filter((s) => split === null || s.split === split)
    .filter((s) => suite === null || s.suite === suite)
    .sort((a, b) => b.S - a.S || a.submission.localeCompare(b.submission));
  // One column group per LLM vision judge that has records in these rows (sorted by id).
  const judges = [...new Set(rows.flatMap((s) => (s.llm ?? []).map((j) => j.judge)))].sort();
  // Column keys are [A-Za-z0-9_]: a judge is named by its index here, by its id in labels and CSV headers.
  const judgeColumns: TableModel['columns'] = judges.flatMap((judge, i) => [
    {
      key: `llm${i}Vision`,
      label: `S_vision (${judge})`,
      csvLabel: `S_vision_${judge}`,
      numeric: true,
      description: `S_vision with LLM vision judge ${judge}: per reference the mean over its runs, 95% bootstrap CI over references`,
    },
    { key: `llm${i}VisionCi`, label: `S_vision (${judge}) 95% CI`, numeric: true, csv: false },
    {
      key: `llm${i}VisionLow`,
      label: `S_vision (${judge}) CI low`,
      csvLabel: `S_vision_${judge}_ci_low`,
      numeric: true,
      show: false,
    },
    {
      key: `llm${i}VisionHigh`,
      label: `S_vision (${judge}) CI high`,
      csvLabel: `S_vision_${judge}_ci_high`,
      numeric: true,
      show: false,
    },
    {
      key: `llm${i}S`,
      label: `S (${judge})`,
      csvLabel: `S_${judge}`,
      numeric: true,
      description: `0.35·S_code + 0.65·S_vision with judge ${judge}`,
    },
    { key: `llm${i}SCi`, label: `S (${judge}) 95% CI`, numeric: true, csv: false },
    {
      key: `llm${i}Failed`,
      label: `Failed (${judge})`,
      csvLabel: `failed_${judge}`,
      numeric: true,
      description: 'References every run of which failed (no score, never counted as 0)',
    },
  ]);
  return {
    id: ['style', suite, split]
      .filter((p): p is string => p !== null)
      .join('-')
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-'),
    caption:
      split === null
        ? 'Style track: S, S_code and S_vision per suite and split'
        : `Style track${suite ? `, suite ${suite}` : ''}, split ${split}`,
    rowHeader: 'configuration',
    sortedBy: { key: 'S', direction: 'descending' },
    columns: [
      { key: 'configuration', label: 'Configuration' },
      { key: 'submission', label: 'Submission' },
      { key: 'suite', label: 'Suite' },
      { key: 'split', label: 'Split' },
      { key: 'n', label: 'Tasks', numeric: true },
      {
        key: 'notScored',
        label: 'Not scored',
        numeric: true,
        show: false,
        description:
          'Hidden tasks without a record (sealed scoring material, no key): not in the means',
      },
      { key: 'S', label: 'S', numeric: true, description: '0.35·S_code + 0.65·S_vision' },
      { key: 'ci', label: '95% CI', numeric: true, csv: false },
      { key: 'ciLow', label: 'CI low', numeric: true, show: false },
      { key: 'ciHigh', label: 'CI high', numeric: true, show: false },
      {
        key: 'code',
        label: 'S_code',
        numeric: true,
        description: 'Share of the reference’s style criteria the code meets',
      },
      { key: 'codeCi', label: 'S_code 95% CI', numeric: true, csv: false },
      { key: 'codeLow', label: 'S_code CI low', numeric: true, show: false },
      { key: 'codeHigh', label: 'S_code CI high', numeric: true, show: false },
      {
        key: 'vision',
        label: 'S_vision',
        numeric: true,
        description: '100 minus defect penalties',
      },
      {
        key: 'visionCi',
        label: 'S_vision 95% CI',
        numeric: true,
        csv: false,
        description: 'deterministic channel, bootstrap over references',
      },
      { key: 'visionLow', label: 'S_vision CI low', numeric: true, show: false },
      { key: 'visionHigh', label: 'S_vision CI high', numeric: true, show: false },
      ...judgeColumns,
    ],
    rows: rows.map((s) => ({
      data: {
        line: ix.role(s.configuration) !== 'entry' || ix.sample(s.configuration) ? 'yes' : 'no',
      },
      cells: {
        configuration: configurationCell(ix, s.configuration),
        submission: { v: s.submission, href: siteUrl(`submissions/${s.submission}/`) },
        suite: { v: s.suite ?? '' },
        split: { v: s.split },
        n: {
          v: s.n,
          // Hidden tasks without a record (sealed material, no key) are not averaged in as 0.
          sub: s.notScored ? `${s.notScored} hidden not scored, left out of the means` : undefined,
        },
        notScored: { v: s.notScored ?? 0 },
        S: { v: s.S, t: num(s.S) },
        ci: { v: s.ci[0], t: interval(s.ci) },
        ciLow: { v: s.ci[0] },
        ciHigh: { v: s.ci[1] },
        code: { v: s.code, t: num(s.code) },
        ...ciCells('code', s.codeCi),
        vision: { v: s.vision, t: num(s.vision) },
        ...ciCells('vision', s.visionCi),
        ...Object.fromEntries(
          judges.flatMap((judge, i) => {
            const j = (s.llm ?? []).find((x) => x.judge === judge);
            const none = { v: null, t: '—' };
            const k = (name: string) => `llm${i}${name}`;
            if (!j)
              return ['Vision', 'VisionCi', 'VisionLow', 'VisionHigh', 'S', 'SCi', 'Failed'].map(
                (name) => [k(name), none],
              );
            return [
              [k('Vision'), j.vision === null ? none : { v: j.vision, t: num(j.vision) }],
              [k('VisionCi'), j.visionCi ? { v: j.visionCi[0], t: interval(j.visionCi) } : none],
              [k('VisionLow'), { v: j.visionCi?.[0] ?? null }],
              [k('VisionHigh'), { v: j.visionCi?.[1] ?? null }],
              [k('S'), j.S === null ? none : { v: j.S, t: num(j.S) }],
              [k('SCi'), j.ci ? { v: j.ci[0], t: interval(j.ci) } : none],
              [k('Failed'), { v: j.failed }],
            ];
          }),
        ),
      },
    })),
  };
}
