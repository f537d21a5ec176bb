/** Prices of one model, USD per million tokens (figboard.yml `prices`). */
export interface TokenPrices {
  inputUsdPerMTok: number;
  outputUsdPerMTok: number;
}

/**
 * THE token-cost formula of the judges: input and output tokens at the price table's rate per
 * million, unrounded (records round it to 6 decimals, estimates multiply it first). Agent-log
 * effort keeps its own (cached-input) formula in `effort/`, which is a scorer of its own.
 */
export function tokenCostUsd(
  prices: TokenPrices,
  inputTokens: number,
  outputTokens: number,
): number {
  return (inputTokens * prices.inputUsdPerMTok + outputTokens * prices.outputUsdPerMTok) / 1e6;
}
