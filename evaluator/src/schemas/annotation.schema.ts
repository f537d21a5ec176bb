import { z } from 'zod';
import { Id } from './common.schema.ts';

/** The track an annotation judges: a refig slide pair or a style pair. */
const AnnotationTrack = z.enum(['refig', 'style']);
type AnnotationTrack = z.infer<typeof AnnotationTrack>;

/**
 * One blinded pairwise human judgment (`annotations/*.jsonl`, one per line). `a` and `b` are
 * submission ids; `shownOrder` records which was on the left so order effects can be checked;
 * `choice` refers to A/B, not to screen side.
 *
 * One schema serves both tracks (same file folder, same reader, same blinding and tie rules):
 * without `track` (or with `track: "refig"`) it compares two slides rebuilding one source figure
 * (ReFigBench Appendix J); with `track: "style"` `task` is a style reference and `a`, `b` are two
 * style candidates for it, and `choice` names the one that matches the reference's style better
 * (FigMirror B.5). Which submissions and tasks a line may name is checked against the board when
 * it is built (`resolveAnnotations`, `resolveStyleAnnotations`).
 */
export const Annotation = z
  .object({
    /** `style` = a style pair (reference + two style candidates); absent or `refig` = a refig pair. */
    track: AnnotationTrack.optional().describe(
      '`style` = a style pair (reference + two style candidates); absent or `refig` = a refig pair.',
    ),
    task: Id,
    a: Id,
    b: Id,
    /** `AB` = A was shown on the left, `BA` = B was shown on the left. */
    shownOrder: z
      .enum(['AB', 'BA'])
      .describe('`AB` = A was shown on the left, `BA` = B was shown on the left.'),
    choice: z.enum(['A', 'B', 'tie']),
    /** Required for ties: both good (`shared-success`) or both bad (`shared-failure`). */
    tieKind: z
      .enum(['shared-success', 'shared-failure'])
      .nullable()
      .describe('Required for ties: both good (`shared-success`) or both bad (`shared-failure`).'),
    reason: z.string().max(2000),
    /** Pseudonymous annotator id. */
    annotator: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .describe('Pseudonymous annotator id.'),
    /** ISO 8601 time of the judgment. */
    time: z.string().datetime({ offset: true }).describe('ISO 8601 time of the judgment.'),
  })
  .strict()
  .refine((x) => x.a !== x.b, { message: 'a and b must be different submissions', path: ['b'] })
  .refine((x) => (x.choice === 'tie') === (x.tieKind !== null), {
    message: 'tieKind is required for a tie and must be null otherwise',
    path: ['tieKind'],
  });
export type Annotation = z.infer<typeof Annotation>;

/** The track of an annotation line (`refig` when the line does not say). */
export function annotationTrack(x: Pick<Annotation, 'track'>): AnnotationTrack {
  return x.track ?? 'refig';
}
