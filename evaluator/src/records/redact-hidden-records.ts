import type { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import type { StyleRecord } from '../schemas/style-record.schema.ts';

/** What a withheld text field of a hidden task's record says instead. */
export const WITHHELD =
  'withheld: hidden task (its scoring material is sealed; only scores and counts are published)';

/**
 * The published form of a judgment of a hidden task (a task whose scoring material is sealed,
 * docs/SECURITY.md → "What a record of a hidden task shows"). Built from an allow-list, field by
 * field, so a field added later is withheld until someone decides it may be public:
 *
 * - kept: ids (task, submission, judge, family, model, run), status, gate, cap, subscores,
 *   rubric, total, final, usage, scorers, settings, inputHash — numbers and settings that say
 *   nothing about the truth; `failure.code`;
 * - counted: `errors` become `evidence.errors` = { major: n, minor: n }; `evidence.fractions`
 *   (per-axis shares) stays;
 * - withheld: every text that names the truth's labels, nodes, relations or groups (`reason`,
 *   `editability`, the error texts, per-axis evidence lists, `failure.message`).
 *
 * Pure and deterministic: the same record gives the same bytes, so a run that opens the sealed
 * truth and a run on the plaintext of the same hidden suite write identical records.
 */
export function redactHiddenJudgment(record: JudgmentRecord): JudgmentRecord {
  const fractions = record.evidence.fractions;
  // A record already redacted keeps its counts (its error texts are gone): redaction is idempotent.
  const errors =
    record.evidence.withheld === true
      ? record.evidence.errors
      : { major: record.errors.major.length, minor: record.errors.minor.length };
  return {
    task: record.task,
    submission: record.submission,
    judge: record.judge,
    family: record.family,
    model: record.model,
    run: record.run,
    status: record.status,
    ...(record.reference ? { reference: record.reference } : {}),
    gate: record.gate,
    cap: record.cap,
    subscores: record.subscores,
    ...(record.rubric ? { rubric: record.rubric } : {}),
    total: record.total,
    final: record.final,
    errors: { major: [], minor: [] },
    editability: WITHHELD,
    reason: WITHHELD,
    evidence: {
      withheld: true,
      errors,
      ...(fractions !== undefined ? { fractions } : {}),
    },
    usage: record.usage,
    failure: record.failure ? { code: record.failure.code, message: WITHHELD } : null,
    ...(record.scorers ? { scorers: record.scorers } : {}),
    ...(record.settings ? { settings: record.settings } : {}),
    inputHash: record.inputHash,
  };
}

/**
 * The published form of a style record of a hidden task: S, S_code, S_vision, status, split,
 * the criteria counts (met of total), each defect's kind, severity and box on the CANDIDATE's
 * image, the candidate's render digest, scorers and inputHash. Withheld: the per-criterion
 * details (they hold the criteria's expected values), a defect's `detail` text and its box on the
 * reference (both come from running the hidden reference code), and `failure.message`.
 * Allow-list, like `redactHiddenJudgment`.
 */
export function redactHiddenStyleRecord(record: StyleRecord): StyleRecord {
  return {
    task: record.task,
    submission: record.submission,
    split: record.split,
    status: record.status,
    S: record.S,
    code: record.code,
    vision: record.vision,
    criteria: { met: record.criteria.met, total: record.criteria.total, details: [] },
    defects: record.defects.map((d) => ({
      kind: d.kind,
      severity: d.severity,
      box: d.box,
      detail: WITHHELD,
    })),
    failure: record.failure ? { code: record.failure.code, message: WITHHELD } : null,
    ...(record.scorers ? { scorers: record.scorers } : {}),
    inputHash: record.inputHash,
    ...(record.render !== undefined ? { render: record.render } : {}),
  };
}
