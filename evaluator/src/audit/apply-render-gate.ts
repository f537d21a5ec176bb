import type { AuditRecord, RenderResult } from '../schemas/audit-record.schema.ts';

/**
 * The render half of the gate g(P): records the render on the audit (its PNG under `renders/`)
 * and fails the gate when the deck did not render or rendered to other than one page. Mutates
 * and returns `audit`.
 */
export function applyRenderGate(audit: AuditRecord, render: RenderResult): AuditRecord {
  audit.render = { ...render, png: render.png === null ? null : `renders/${render.png}` };
  if (!render.passed) audit.gate = { passed: false, reason: render.reason, detail: render.detail };
  return audit;
}
