import { z } from 'zod';
import type { AxisName, Subscores } from '../../schemas/common.schema.ts';
import { AXES, AXIS_LABELS, type RubricWeights } from '../rubric.ts';

/** The structured reply an LLM judge must return (ReFigBench Appendix F). */
export const JudgeReply = z
  .object({
    score: z.number(),
    subscores: z
      .object({ T: z.number(), S: z.number(), L: z.number(), E: z.number(), V: z.number() })
      .strict(),
    major_errors: z.array(z.string().max(2000)).max(50),
    minor_errors: z.array(z.string().max(2000)).max(50),
    editability_assessment: z.string().max(4000),
    reason: z.string().max(8000),
  })
  .strict();
export type JudgeReply = z.infer<typeof JudgeReply>;

/** |score − ΣT..V| allowed (models round subscores to halves). */
export const SUM_TOLERANCE = 0.5;

/**
 * JSON Schema for `response_format: {type: 'json_schema', strict: true}`. Strict mode wants every
 * property required and no extra properties; ranges are stated in descriptions (not every
 * OpenAI-compatible server accepts `minimum`/`maximum`) and checked by `checkJudgeReply`.
 */
export function judgeReplyJsonSchema(rubric: RubricWeights): Record<string, unknown> {
  const axis = (a: AxisName) => ({
    type: 'number',
    description: `${AXIS_LABELS[a]}: 0 to ${rubric[a]} points`,
  });
  return {
    type: 'object',
    additionalProperties: false,
    required: [
      'score',
      'subscores',
      'major_errors',
      'minor_errors',
      'editability_assessment',
      'reason',
    ],
    properties: {
      score: {
        type: 'number',
        description: 'total out of 100; must equal the sum of the five subscores',
      },
      subscores: {
        type: 'object',
        additionalProperties: false,
        required: [...AXES],
        properties: Object.fromEntries(AXES.map((a) => [a, axis(a)])),
      },
      major_errors: {
        type: 'array',
        items: { type: 'string' },
        description: 'errors that change the meaning or usability of the slide',
      },
      minor_errors: {
        type: 'array',
        items: { type: 'string' },
        description: 'cosmetic or small errors',
      },
      editability_assessment: {
        type: 'string',
        description: 'how editable the slide is: native text, shapes, connectors, pictures',
      },
      reason: { type: 'string', description: 'concise justification of the score' },
    },
  };
}

/** Every problem with a reply, or none. Collects all so a failure record explains itself. */
export function checkJudgeReply(
  content: string | null,
  rubric: RubricWeights,
):
  | { reply: JudgeReply; problems: [] }
  | { reply: null; problems: string[]; code: 'malformed-json' | 'invalid-reply' } {
  if (content === null || content.trim() === '')
    return { reply: null, problems: ['empty reply'], code: 'malformed-json' };
  let json: unknown;
  try {
    json = JSON.parse(stripFence(content));
  } catch (err) {
    return {
      reply: null,
      problems: [`reply is not JSON: ${(err as Error).message}`],
      code: 'malformed-json',
    };
  }
  const parsed = JudgeReply.safeParse(json);
  if (!parsed.success) {
    return {
      reply: null,
      problems: parsed.error.issues
        .slice(0, 10)
        .map((i) => `${i.path.join('.') || '(reply)'}: ${i.message}`),
      code: 'invalid-reply',
    };
  }
  const r = parsed.data;
  const problems: string[] = [];
  for (const a of AXES) {
    const v = r.subscores[a];
    if (!Number.isFinite(v) || v < 0 || v > rubric[a])
      problems.push(`subscores.${a} = ${v} is outside 0…${rubric[a]}`);
  }
  const sum = AXES.reduce((s, a) => s + r.subscores[a], 0);
  if (!Number.isFinite(r.score) || r.score < 0 || r.score > 100)
    problems.push(`score = ${r.score} is outside 0…100`);
  if (Math.abs(sum - r.score) > SUM_TOLERANCE)
    problems.push(`score ${r.score} ≠ sum of subscores ${Math.round(sum * 100) / 100}`);
  return problems.length === 0
    ? { reply: r, problems: [] }
    : { reply: null, problems, code: 'invalid-reply' };
}

/** Some servers wrap JSON in a Markdown fence even in JSON mode. */
function stripFence(s: string): string {
  const m = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(s);
  return m ? m[1]! : s;
}

/** The five subscores of an accepted reply, as a record's `subscores`. */
export function subscoresOf(reply: JudgeReply): Subscores {
  return { ...reply.subscores };
}
