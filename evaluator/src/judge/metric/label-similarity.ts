import { editSimilarity } from './edit-similarity.ts';
import { matchTokens } from './match-tokens.ts';
import { normalizeText, tokenizeText } from './tokenize-text.ts';

/**
 * How alike two labels are, in [0, 1]: the better of whole-string edit similarity and the
 * F1 of their fuzzy word matching, so "Transformer Block" ≈ "Transformer-Block" ≈
 * "Block Transformer" while "loop tpmorp" (a reversed "Prompt Pool") stays low.
 */
export function labelSimilarity(a: string, b: string): number {
  const na = normalizeText(a);
  const nb = normalizeText(b);
  if (na === '' || nb === '') return na === nb ? 1 : 0;
  if (na === nb) return 1;
  const whole = editSimilarity(na, nb);
  const m = matchTokens(tokenizeText(a), tokenizeText(b));
  const f1 = m.precision + m.recall === 0 ? 0 : (2 * m.precision * m.recall) / (m.precision + m.recall);
  return Math.max(whole, f1);
}
