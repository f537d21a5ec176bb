import type { Subscores } from '../schemas/common.schema.ts';
import type { Usage } from '../schemas/judgment-record.schema.ts';

/**
 * What a judge returns for one artifact that passed the gate: subscores (points), the errors it
 * found, an editability assessment and a reason, plus evidence. `failed` means no valid verdict
 * could be obtained (never replaced by a default score).
 */
export interface Verdict {
  status: 'ok' | 'failed';
  subscores: Subscores | null;
  errors: { major: string[]; minor: string[] };
  editability: string;
  reason: string;
  evidence: Record<string, unknown>;
  usage: Usage | null;
  failure: { code: string; message: string } | null;
}
