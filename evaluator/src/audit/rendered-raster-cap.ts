import type { AuditRecord, PictureBox, RenderedRasters } from '../schemas/audit-record.schema.ts';
import { type CapConfig, DEFAULT_CAP_CONFIG, flatteningCap } from './flattening-cap.ts';
import { rasterUnderlayFlag, visibleTextBoxes } from './raster-underlay.ts';

/** How rendered raster regions are named in a `raster-underlay` flag's target. */
export const RENDERED_RASTER_ID = 'render';

/**
 * FigBoard's rule that does not depend on listing carriers (issue 22): when the render measured
 * what it owes to rasters (`RenderResult.rasters`, from the deck's image-free twin), c(P) is taken on
 * the larger of the audited and the rendered coverage, and the raster-underlay rule also looks
 * at the rendered raster regions. A cap only ever goes down here. Mutates and returns `audit`.
 */
export function applyRenderedRasters(
  audit: AuditRecord,
  rasters: RenderedRasters | null | undefined,
  cap: Readonly<CapConfig> = DEFAULT_CAP_CONFIG,
): AuditRecord {
  const size = audit.slideSize;
  if (!rasters || !size) return audit;
  audit.renderedRasterCoverage = rasters.coverage;
  const coverage = Math.max(audit.largestPictureCoverage, rasters.coverage);
  audit.cap = Math.min(audit.cap, flatteningCap(coverage, audit.counts, cap));
  if (audit.flags.some((f) => f.code === 'raster-underlay')) return audit;
  const rendered: PictureBox[] = rasters.regions.map((r) => ({
    id: RENDERED_RASTER_ID,
    box: {
      x: Math.round(r.x * size.cx),
      y: Math.round(r.y * size.cy),
      w: Math.round(r.w * size.cx),
      h: Math.round(r.h * size.cy),
    },
  }));
  // The same visible texts the audit's own underlay rule looked at.
  const flag = rasterUnderlayFlag(
    visibleTextBoxes(audit.flags, audit.textItems),
    [...(audit.pictureBoxes ?? []), ...rendered],
    size,
  );
  if (flag) {
    audit.flags.push(flag);
    audit.underlayCap = Math.min(audit.underlayCap ?? 100, cap.underlayCappedScore);
  }
  return audit;
}
