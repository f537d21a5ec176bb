import OpenAI from 'openai';
import {
  JudgeCallError,
  type JudgeClient,
  type JudgeRequest,
  type JudgeResponse,
} from './judge-client.ts';

export interface OpenAiJudgeClientOptions {
  baseURL: string;
  /** What serves the endpoint: decides how `thinking` is sent (default `openai`). */
  server?: 'openai' | 'vllm' | 'ollama';
  apiKey: string;
  /** Per-request time limit. */
  timeoutMs: number;
  /** Clock for `retry-after` given as an HTTP date. */
  now?: () => number;
}

/**
 * The LLM endpoint adapter: the official `openai` client against any OpenAI-compatible server
 * (OpenAI, vLLM, Ollama, …) through Chat Completions with `response_format: json_schema`. The
 * client's own retries are off (`maxRetries: 0`): FigBoard retries itself with a seeded,
 * injectable backoff so tests are fast and runs reproducible. Errors become `JudgeCallError`s.
 */
export function createOpenAiJudgeClient(options: OpenAiJudgeClientOptions): JudgeClient {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  const now = options.now ?? (() => Date.now());
  return {
    async complete(request: JudgeRequest): Promise<JudgeResponse> {
      const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
        model: request.model,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: request.schema.name, strict: true, schema: request.schema.schema },
        },
      };
      if (request.temperature !== undefined) body.temperature = request.temperature;
      if (request.reasoningEffort !== undefined)
        body.reasoning_effort = request.reasoningEffort as OpenAI.ReasoningEffort;
      if (request.maxOutputTokens !== undefined)
        body.max_completion_tokens = request.maxOutputTokens;
      Object.assign(body, thinkingFields(options.server ?? 'openai', request.thinking));
      try {
        const res = await client.chat.completions.create(body);
        const choice = res.choices?.[0];
        return {
          model: typeof res.model === 'string' && res.model !== '' ? res.model : null,
          content: choice?.message?.content ?? null,
          usage: res.usage
            ? {
                inputTokens: res.usage.prompt_tokens ?? 0,
                outputTokens: res.usage.completion_tokens ?? 0,
              }
            : null,
        };
      } catch (err) {
        throw toJudgeCallError(err, options.baseURL, now);
      }
    },
  };
}

/**
 * The request fields that carry the thinking switch, per server: vLLM (and SGLang) pass
 * `chat_template_kwargs` to the model's chat template, where Qwen3 reads `enable_thinking`;
 * Ollama's OpenAI-compatible endpoint maps `reasoning_effort: "none"` to thinking off (its native
 * `think` field is not read there). OpenAI has no such switch (the config refuses it).
 */
export function thinkingFields(
  server: 'openai' | 'vllm' | 'ollama',
  thinking: boolean | undefined,
): Record<string, unknown> {
  if (thinking === undefined || server === 'openai') return {};
  if (server === 'vllm') return { chat_template_kwargs: { enable_thinking: thinking } };
  return thinking ? {} : { reasoning_effort: 'none' };
}

function toJudgeCallError(err: unknown, where: string, now: () => number): JudgeCallError {
  if (err instanceof OpenAI.APIConnectionTimeoutError)
    return new JudgeCallError('the judge endpoint did not answer in time', 'timeout', null, null, {
      where,
      cause: err,
    });
  if (err instanceof OpenAI.APIConnectionError)
    return new JudgeCallError(
      `cannot reach the judge endpoint: ${err.message}`,
      'connection',
      null,
      null,
      { where, cause: err },
    );
  if (err instanceof OpenAI.APIError) {
    const status = err.status ?? null;
    const retryAfterMs = parseRetryAfter(err.headers, now);
    const msg = `the judge endpoint answered ${status ?? '?'}: ${err.message}`;
    if (status === 429)
      return new JudgeCallError(msg, 'rate-limit', status, retryAfterMs, { where, cause: err });
    if (status === 408)
      return new JudgeCallError(msg, 'timeout', status, retryAfterMs, { where, cause: err });
    if (status !== null && (status >= 500 || status === 409))
      return new JudgeCallError(msg, 'server', status, retryAfterMs, { where, cause: err });
    if (status === 401 || status === 403)
      return new JudgeCallError(msg, 'auth', status, null, {
        where,
        hint: 'check the API key in the environment variable named by apiKeyEnv',
        cause: err,
      });
    return new JudgeCallError(msg, 'client', status, null, { where, cause: err });
  }
  return new JudgeCallError(
    `judge call failed: ${(err as Error)?.message ?? String(err)}`,
    'connection',
    null,
    null,
    { where, cause: err },
  );
}

/** `retry-after-ms` (OpenAI), or `retry-after` in seconds or as an HTTP date; null when absent. */
export function parseRetryAfter(
  headers: Headers | undefined | null,
  now: () => number,
): number | null {
  if (!headers) return null;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms));
  const ra = headers.get('retry-after');
  if (ra === null) return null;
  if (/^\d+(\.\d+)?$/.test(ra.trim())) return Math.round(Number(ra) * 1000);
  const date = Date.parse(ra);
  return Number.isFinite(date) ? Math.max(0, date - now()) : null;
}
