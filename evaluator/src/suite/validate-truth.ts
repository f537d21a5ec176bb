import { Truth } from '../schemas/task.schema.ts';
import { checkTruthGeometry } from './check-truth-geometry.ts';

/** What a truth is checked against: the task it describes and its image. */
export interface TruthTarget {
  taskId: string;
  width: number;
  height: number;
  /** The truth file, named in every problem. */
  file: string;
}

/** A validated truth, or the reasons it is not one (each `[rule] message`). */
export interface TruthValidation {
  truth: Truth | null;
  problems: string[];
  warnings: string[];
}

/**
 * The one validating check every way of saving a truth goes through (the editor's save,
 * `refig truth check`): the zod schema, the task's id and image size, and the geometry rules of
 * `refig suite verify` ({@link checkTruthGeometry}). Collects every problem.
 */
export function validateTruth(value: unknown, target: TruthTarget): TruthValidation {
  const parsed = Truth.safeParse(value);
  if (!parsed.success)
    return {
      truth: null,
      problems: parsed.error.issues.map(
        (i) => `[truth-json-schema] ${i.path.join('.') || '(root)'}: ${i.message}`,
      ),
      warnings: [],
    };
  const truth = parsed.data;
  const problems: string[] = [];
  if (truth.id !== target.taskId)
    problems.push(`[truth-id] expected "${target.taskId}", got "${truth.id}"`);
  if (truth.width !== target.width || truth.height !== target.height)
    problems.push(
      `[truth-size-mismatch] expected ${target.width}×${target.height}, got ${truth.width}×${truth.height}`,
    );
  const geometry = checkTruthGeometry(
    truth,
    target.width,
    target.height,
    target.file,
    target.taskId,
  );
  for (const p of geometry.filter((g) => g.severity === 'error'))
    problems.push(`[${p.rule}] ${p.message}${p.got ? ` (got ${p.got})` : ''}`);
  return {
    truth: problems.length ? null : truth,
    problems,
    warnings: geometry
      .filter((g) => g.severity === 'warning')
      .map((g) => `[${g.rule}] ${g.message}`),
  };
}
