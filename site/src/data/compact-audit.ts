import type { AuditRecord } from '@figboard/evaluator/schemas/index.ts';

/** The few audit numbers a reader (or an annotator) needs beside a rendering. */
export interface CompactAudit {
  textBoxes: number;
  textShapes: number;
  shapes: number;
  connectors: number;
  connectorsAttached: number;
  freeforms: number;
  groups: number;
  pictures: number;
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
    connectors: c.connectors,
    connectorsAttached: c.connectorsAttached,
    freeforms: c.freeforms,
    groups: c.groups,
    pictures: c.pictures,
    largestPictureCoverage: audit.largestPictureCoverage,
    cap: audit.cap,
    // flag details can quote slide text (untrusted): keep them short; they are rendered as text
    flags: audit.flags.map((f) => ({ code: f.code, detail: f.detail.slice(0, 200) })),
  };
}
