import { z } from 'zod';

/**
 * List prices of one model in USD per million tokens. Used only to ESTIMATE the cost of logs
 * that carry no cost field (Codex exec JSONL); Claude Code logs carry the billed
 * `total_cost_usd` and are never re-priced.
 */
export const PriceTable = z
  .object({
    /** Ordinary (uncached) input tokens. */
    inputUsdPerMTok: z.number().nonnegative(),
    /**
     * Cached input tokens. When absent, cached input is priced at the full input rate, as
     * ReFigBench Table 23 does: the estimate is then an upper bound, never an under-count.
     */
    cachedInputUsdPerMTok: z.number().nonnegative().optional(),
    /** Cache writes (Anthropic-style logs); full input rate when absent. */
    cacheWriteUsdPerMTok: z.number().nonnegative().optional(),
    /** Output tokens, reasoning tokens included (OpenAI counts them as output). */
    outputUsdPerMTok: z.number().nonnegative(),
  })
  .strict();
export type PriceTable = z.infer<typeof PriceTable>;

/** Price tables by model name (lower-case), e.g. from `figboard.yml`'s `prices:` block. */
export const PriceTables = z.record(z.string(), PriceTable);
export type PriceTables = z.infer<typeof PriceTables>;

/**
 * Built-in list prices (USD per million tokens, OpenAI's public price page, 2025-08). Deliberately
 * short: a model that is not listed gets no estimate rather than a guessed one. Projects override
 * or extend these in `figboard.yml`.
 */
export const DEFAULT_PRICE_TABLES: PriceTables = {
  'gpt-5': { inputUsdPerMTok: 1.25, cachedInputUsdPerMTok: 0.125, outputUsdPerMTok: 10 },
  'gpt-5-codex': { inputUsdPerMTok: 1.25, cachedInputUsdPerMTok: 0.125, outputUsdPerMTok: 10 },
  'gpt-5-mini': { inputUsdPerMTok: 0.25, cachedInputUsdPerMTok: 0.025, outputUsdPerMTok: 2 },
  'gpt-5-nano': { inputUsdPerMTok: 0.05, cachedInputUsdPerMTok: 0.005, outputUsdPerMTok: 0.4 },
};

/**
 * The price table for a model name: exact (case-insensitive) match in `tables`, then in the
 * built-in defaults; `undefined` when the model is unknown (the caller reports "no estimate").
 */
export function priceFor(model: string, tables: PriceTables = {}): PriceTable | undefined {
  const key = model.trim().toLowerCase();
  for (const source of [tables, DEFAULT_PRICE_TABLES]) {
    for (const [name, price] of Object.entries(source)) {
      if (name.toLowerCase() === key) return price;
    }
  }
  return undefined;
}
