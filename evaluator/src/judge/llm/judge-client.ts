import { FigboardError } from '../../errors/index.ts';

/** A chat message part: text or an image (data URL). */
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } };

export interface JudgeRequest {
  model: string;
  system: string;
  user: ContentPart[];
  /** JSON Schema the reply must follow (structured output). */
  schema: { name: string; schema: Record<string, unknown> };
  temperature?: number;
  reasoningEffort?: string;
  /** Thinking switch of hybrid-reasoning models (see `LlmJudgeConfig.thinking`); unset = the server's default. */
  thinking?: boolean;
  maxOutputTokens?: number;
}

export interface JudgeResponse {
  content: string | null;
  usage: { inputTokens: number; outputTokens: number } | null;
  /** The model that answered as the endpoint names it (OpenAI: the dated snapshot of an alias). */
  model?: string | null;
}

/** What went wrong calling an endpoint; decides whether a retry can help. */
export type JudgeCallErrorKind =
  | 'rate-limit'
  | 'server'
  | 'timeout'
  | 'connection'
  | 'auth'
  | 'client';

/** A failed call to a judge endpoint. `retryAfterMs` comes from the server's `retry-after` headers. */
export class JudgeCallError extends FigboardError {
  readonly kind: JudgeCallErrorKind;
  readonly status: number | null;
  readonly retryAfterMs: number | null;

  constructor(
    message: string,
    kind: JudgeCallErrorKind,
    status: number | null,
    retryAfterMs: number | null,
    details: { where?: string; hint?: string; cause?: unknown } = {},
  ) {
    super(message, { code: `judge-${kind}`, ...details });
    this.kind = kind;
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }

  /** 429, 5xx, timeouts and dropped connections are worth retrying; bad requests are not. */
  get retryable(): boolean {
    return (
      this.kind === 'rate-limit' ||
      this.kind === 'server' ||
      this.kind === 'timeout' ||
      this.kind === 'connection'
    );
  }
}

/** The LLM endpoint port. The adapter is `createOpenAiJudgeClient` (any OpenAI-compatible server). */
export interface JudgeClient {
  complete(request: JudgeRequest): Promise<JudgeResponse>;
}
