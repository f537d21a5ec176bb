import type { BoardIndex } from '../data/board-index.ts';
import type { Board } from '../data/load-site-data.ts';
import { int, num, percent, usd } from '../lib/format.ts';
import { configurationCell } from './leaderboard-table.ts';
import type { TableModel } from './table-model.ts';

type B = Omit<Board, 'tasks'>;

/** Table 15: per-configuration structural audit of the PPTX object trees. */
export function auditTable(board: B, ix: BoardIndex): TableModel {
  return {
    id: 'audit',
    caption: 'Structural audit per configuration (failure modes and object counts)',
    description:
      'Img% = any picture; Full% = largest picture covers ≥ 85% of the canvas; Cap = share given the 50-point flattening cap; NoConn% = no native connectors; medians of text boxes, non-line shapes and connectors; S < 15 = below half credit on semantic structure; < 50 = final score below 50.',
    rowHeader: 'configuration',
    columns: [
      { key: 'configuration', label: 'Configuration' },
      { key: 'n', label: 'Artifacts', numeric: true },
      { key: 'imgPct', label: 'Img%', numeric: true },
      { key: 'fullPct', label: 'Full%', numeric: true },
      { key: 'capPct', label: 'Cap%', numeric: true },
      { key: 'noConnPct', label: 'NoConn%', numeric: true },
      { key: 'medianTexts', label: 'Med. text', numeric: true },
      { key: 'medianShapes', label: 'Med. shapes', numeric: true },
      { key: 'medianConnectors', label: 'Med. conn.', numeric: true },
      { key: 'structureBelow15Pct', label: 'S < 15', numeric: true },
      { key: 'below50Pct', label: '< 50', numeric: true },
    ],
    rows: board.audit.map((a) => ({
      cells: {
        configuration: configurationCell(ix, a.configuration),
        n: { v: a.n, t: int(a.n) },
        imgPct: { v: a.imgPct, t: percent(a.imgPct) },
        fullPct: { v: a.fullPct, t: percent(a.fullPct) },
        capPct: { v: a.capPct, t: percent(a.capPct) },
        noConnPct: { v: a.noConnPct, t: percent(a.noConnPct) },
        medianTexts: { v: a.medianTexts, t: num(a.medianTexts, a.medianTexts % 1 ? 1 : 0) },
        medianShapes: { v: a.medianShapes, t: num(a.medianShapes, a.medianShapes % 1 ? 1 : 0) },
        medianConnectors: {
          v: a.medianConnectors,
          t: num(a.medianConnectors, a.medianConnectors % 1 ? 1 : 0),
        },
        structureBelow15Pct: { v: a.structureBelow15Pct, t: percent(a.structureBelow15Pct) },
        below50Pct: { v: a.below50Pct, t: percent(a.below50Pct) },
      },
    })),
  };
}

/** Tables 22–23: effort and cost per configuration, from the agent logs. */
export function effortTable(board: B, ix: BoardIndex): TableModel {
  return {
    id: 'effort',
    caption: 'Generation effort and cost per configuration (from the agent logs)',
    description:
      'Medians per task; total tokens = uncached input + cache writes + cache reads + output; cost marked "est." is estimated from a price table because the log format records none.',
    rowHeader: 'configuration',
    columns: [
      { key: 'configuration', label: 'Configuration' },
      { key: 'n', label: 'Logs', numeric: true },
      { key: 'formats', label: 'Log formats', sortable: false },
      { key: 'turns', label: 'Med. turns', numeric: true },
      { key: 'tools', label: 'Med. tool calls', numeric: true },
      { key: 'output', label: 'Med. output tok.', numeric: true },
      { key: 'total', label: 'Med. total tok.', numeric: true },
      { key: 'duration', label: 'Med. duration (s)', numeric: true },
      { key: 'cost', label: 'Cost / artifact', numeric: true },
      { key: 'totalCost', label: 'Total cost', numeric: true },
      { key: 'estimated', label: 'Cost estimated' },
    ],
    rows: board.effort.map((e) => ({
      cells: {
        configuration: configurationCell(ix, e.configuration),
        n: { v: e.n, t: int(e.n) },
        formats: {
          v: Object.entries(e.formats)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => `${k}: ${v}`)
            .join('; '),
        },
        turns: { v: e.medianTurns, t: num(e.medianTurns, 1) },
        tools: { v: e.medianToolCalls, t: num(e.medianToolCalls, 1) },
        output: { v: e.medianOutputTokens, t: int(e.medianOutputTokens) },
        total: { v: e.medianTotalTokens, t: int(e.medianTotalTokens) },
        duration: { v: e.medianDurationS, t: num(e.medianDurationS, 0) },
        cost: {
          v: e.costPerArtifact,
          t: `${usd(e.costPerArtifact)}${e.costEstimated && e.costPerArtifact !== null ? ' est.' : ''}`,
        },
        totalCost: { v: e.totalCost, t: usd(e.totalCost) },
        estimated: { v: e.costEstimated ? 'yes' : 'no' },
      },
    })),
  };
}
