import type { AuditRecord, RenderResult } from '../schemas/audit-record.schema.ts';
import { type CapConfig, DEFAULT_CAP_CONFIG } from './flattening-cap.ts';
import { applyRenderedRasters } from './rendered-raster-cap.ts';

/**
 * The render half of the gate g(P): records the render on the audit (its PNG under `renders/`)
 * and fails the gate when the deck did not render or rendered to other than one page; applies
 * the caps to the rasters the render measured (`rendered-raster-cap.ts`). Mutates and returns
 * `audit`.
 */
export function applyRenderGate(
  audit: AuditRecord,
  render: RenderResult,
  cap: Readonly<CapConfig> = DEFAULT_CAP_CONFIG,
): AuditRecord {
  audit.render = { ...render, png: render.png === null ? null : `renders/${render.png}` };
  if (!render.passed) audit.gate = { passed: false, reason: render.reason, detail: render.detail };
  return applyRenderedRasters(audit, render.rasters, cap);
}
