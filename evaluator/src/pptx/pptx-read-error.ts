import { FigboardError, type ErrorDetails } from '../errors/index.ts';
import type { GateReason } from '../schemas/audit-record.schema.ts';

/**
 * The safe reader refused a deck. `reason` is the stable gate reason code written into the audit
 * record (`gate.reason`); `code` carries the same value so the CLI and PR comments can print it.
 */
export class PptxReadError extends FigboardError {
  readonly reason: GateReason;

  constructor(reason: GateReason, message: string, details: Omit<ErrorDetails, 'code'> = {}) {
    super(message, { ...details, code: reason });
    this.reason = reason;
  }
}
