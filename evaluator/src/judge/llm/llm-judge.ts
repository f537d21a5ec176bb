import type { PriceTable } from '../../effort/price-table.ts';
import { tokenCostUsd } from '../../judging/token-cost.ts';
import type { AuditRecord } from '../../schemas/audit-record.schema.ts';
import type { Rng } from '../../stats/create-rng.ts';
import { round } from '../../util/round.ts';
import type { RubricWeights } from '../rubric.ts';
import type { Verdict } from '../verdict.ts';
import { type BackoffOptions, backoffDelay } from './backoff.ts';
import { judgeSystemPrompt, judgeUserContent } from './build-judge-prompt.ts';
import { JudgeCallError, type JudgeClient } from './judge-client.ts';
import { checkJudgeReply, judgeReplyJsonSchema, subscoresOf } from './judge-reply.ts';

/** Price of a judge model in USD per million tokens (the `PriceTable` of the effort parser). */
export type JudgePrices = Pick<PriceTable, 'inputUsdPerMTok' | 'outputUsdPerMTok'>;

export interface LlmJudgeSettings {
  model: string;
  temperature?: number;
  reasoningEffort?: string;
  /** Thinking switch (see `LlmJudgeConfig.thinking`); unset = the server's default. */
  thinking?: boolean;
  /** Calls per task before giving up (first try included). */
  maxAttempts: number;
  maxOutputTokens?: number;
  prices: JudgePrices | null;
}

/** Side effects the LLM judge needs, injected so tests are fast and runs reproducible. */
export interface LlmJudgeDeps {
  client: JudgeClient;
  sleep: (ms: number) => Promise<void>;
  /** Seeded RNG for backoff jitter. */
  rng: Rng;
  backoff?: BackoffOptions;
}

export interface LlmJudgeInput {
  sourceDataUrl: string;
  renderDataUrl: string;
  /** Audit (with objects) of a deck that passed the gate. */
  audit: AuditRecord;
  rubric: RubricWeights;
}

/** A failure that concerns the judge itself (bad key, unknown model): stop this judge, record nothing. */
export function isJudgeWideFailure(err: unknown): boolean {
  return err instanceof JudgeCallError && (err.kind === 'auth' || err.status === 404);
}

/**
 * Asks an LLM judge for a verdict: source image, rendered slide, object summary and the slide
 * text in a delimited data block, with a JSON-schema structured reply. Each reply is checked
 * (valid JSON, the schema, every subscore within its maximum, score = Σ subscores ± 0.5); a bad
 * reply is asked for again at once, a 429/5xx/timeout/connection error after a backoff that
 * honours `retry-after`. After `maxAttempts` the verdict is `failed` with the last problem —
 * never a default score. Token usage (summed over attempts) and its cost are recorded.
 * Judge-wide failures (401/403/404) are thrown (see `isJudgeWideFailure`).
 */
export async function judgeWithLlm(
  settings: LlmJudgeSettings,
  deps: LlmJudgeDeps,
  input: LlmJudgeInput,
): Promise<Verdict> {
  const request = {
    model: settings.model,
    system: judgeSystemPrompt(input.rubric),
    user: judgeUserContent(input.sourceDataUrl, input.renderDataUrl, input.audit),
    schema: { name: 'refig_judgment', schema: judgeReplyJsonSchema(input.rubric) },
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    ...(settings.reasoningEffort !== undefined
      ? { reasoningEffort: settings.reasoningEffort }
      : {}),
    ...(settings.thinking !== undefined ? { thinking: settings.thinking } : {}),
    ...(settings.maxOutputTokens !== undefined
      ? { maxOutputTokens: settings.maxOutputTokens }
      : {}),
  };
  let inputTokens = 0;
  let outputTokens = 0;
  let servedModel: string | null = null;
  const log: string[] = [];
  let last: { code: string; message: string } = {
    code: 'no-attempt',
    message: 'no attempt was made',
  };
  let retriesAfterError = 0;
  const usage = (attempts: number) => ({
    inputTokens,
    outputTokens,
    costUsd: settings.prices
      ? round(tokenCostUsd(settings.prices, inputTokens, outputTokens), 6)
      : null,
    attempts,
    model: servedModel,
  });
  for (let attempt = 1; attempt <= settings.maxAttempts; attempt++) {
    try {
      const res = await deps.client.complete(request);
      inputTokens += res.usage?.inputTokens ?? 0;
      servedModel = res.model ?? servedModel;
      outputTokens += res.usage?.outputTokens ?? 0;
      const checked = checkJudgeReply(res.content, input.rubric);
      if (checked.reply !== null) {
        const r = checked.reply;
        return {
          status: 'ok',
          subscores: subscoresOf(r),
          errors: { major: r.major_errors, minor: r.minor_errors },
          editability: r.editability_assessment,
          reason: r.reason,
          evidence: { reply: r, attempts: [...log, `${attempt}: ok`] },
          usage: usage(attempt),
          failure: null,
        };
      }
      last = { code: checked.code, message: checked.problems.join('; ') };
      log.push(`${attempt}: ${checked.code}: ${last.message.slice(0, 300)}`);
      // A bad reply is the model's doing, not the server's load: ask again without waiting.
    } catch (err) {
      if (!(err instanceof JudgeCallError)) throw err;
      if (isJudgeWideFailure(err)) throw err;
      last = { code: err.code, message: err.message };
      log.push(
        `${attempt}: ${err.code}${err.retryAfterMs !== null ? ` (retry-after ${err.retryAfterMs} ms)` : ''}`,
      );
      if (!err.retryable) break;
      if (attempt < settings.maxAttempts) {
        retriesAfterError += 1;
        await deps.sleep(backoffDelay(retriesAfterError, deps.rng, err.retryAfterMs, deps.backoff));
      }
    }
  }
  return {
    status: 'failed',
    subscores: null,
    errors: { major: [], minor: [] },
    editability: '',
    reason: `no valid judgment after ${log.length} attempt(s)`,
    evidence: { attempts: log },
    usage: usage(log.length),
    failure: last,
  };
}
