import type { AuditRecord } from '@figboard/evaluator/schemas';

/** The audit numbers a reader (or an annotator) needs beside a rendering. */
export interface CompactAudit {
  textBoxes: number;
  /** Shapes carrying non-blank text: text boxes and labelled shapes. */
  textShapes: number;
  shapes: number;
  /** `p:sp` drawn as a line or a connector preset (arrows that are not connectors). */
  lineShapes: number;
  connectors: number;
  connectorsAttached: number;
  freeforms: number;
  groups: number;
  pictures: number;
  /** Tables, charts and other graphic frames. */
  frames: number;
  /** Largest picture's share of the canvas, 0–1. */
  largestPictureCoverage: number;
  cap: number;
  flags: { code: string; detail: string }[];
}

/** Reduces a full audit record to its compact form (null when there is no audit). */
export function compactAudit(audit: AuditRecord | null): CompactAudit | null {
  if (!audit) return null;
  const c = audit.counts;
  return {
    textBoxes: c.textBoxes,
    textShapes: c.textShapes,
    shapes: c.shapes,
    lineShapes: c.lineShapes,
    connectors: c.connectors,
    connectorsAttached: c.connectorsAttached,
    freeforms: c.freeforms,
    groups: c.groups,
    pictures: c.pictures,
    frames: c.tables + c.charts + c.otherFrames,
    largestPictureCoverage: audit.largestPictureCoverage,
    cap: audit.cap,
    // flag details can quote slide text (untrusted): keep them short; they are rendered as text
    flags: audit.flags.map((f) => ({ code: f.code, detail: f.detail.slice(0, 200) })),
  };
}

/**
 * The audit as term/value lines, the same wherever it is shown (task pages, the annotate page):
 * text shapes beside text boxes (labelled shapes are text too), line shapes beside connectors
 * (arrows drawn as lines are not connectors), connectors attached at both ends vs loose, pictures
 * with the largest one's share of the slide.
 */
export function auditLines(a: CompactAudit): { term: string; value: string }[] {
  const lines = [
    {
      term: 'Text',
      value: `${a.textShapes} shape${a.textShapes === 1 ? '' : 's'} with text (${a.textBoxes} text box${a.textBoxes === 1 ? '' : 'es'})`,
    },
    {
      term: 'Shapes',
      value: `${a.shapes}${a.freeforms ? ` + ${a.freeforms} freeform${a.freeforms === 1 ? '' : 's'}` : ''}`,
    },
    { term: 'Lines', value: `${a.lineShapes} line shape${a.lineShapes === 1 ? '' : 's'}` },
    {
      term: 'Connectors',
      value: `${a.connectors} (${a.connectorsAttached} attached at both ends, ${a.connectors - a.connectorsAttached} loose)`,
    },
    { term: 'Groups', value: String(a.groups) },
    {
      term: 'Pictures',
      value: `${a.pictures}${a.pictures ? ` (largest covers ${(a.largestPictureCoverage * 100).toFixed(0)}% of the slide)` : ''}`,
    },
  ];
  if (a.frames > 0) lines.push({ term: 'Tables, charts', value: String(a.frames) });
  return lines;
}
