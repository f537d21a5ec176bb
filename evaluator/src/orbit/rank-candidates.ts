import type { SelectionCandidate } from '../schemas/task.schema.ts';
import type { FigureCandidate } from './find-figure-candidates.ts';

/** Caption terms that signal an overview figure (ReFigBench §3) and pass the strict gate. */
export const SIGNAL_TERMS: Record<string, number> = {
  overview: 5,
  framework: 4,
  architecture: 4,
  pipeline: 4,
  method: 2,
};

/** Softer hints that raise the score but never pass the gate alone. */
const HINTS: Record<string, number> = {
  proposed: 1,
  our: 1,
  overall: 1,
  illustration: 1,
  illustrates: 1,
  approach: 1,
  workflow: 1,
  system: 1,
};

/** Terms typical of result, example and analysis figures. */
const PENALTIES: Record<string, number> = {
  result: 2,
  results: 2,
  accuracy: 2,
  performance: 2,
  comparison: 2,
  compared: 1,
  ablation: 2,
  qualitative: 2,
  quantitative: 2,
  examples: 2,
  example: 1,
  visualization: 2,
  visualizations: 2,
  curve: 2,
  curves: 2,
  plot: 2,
  loss: 1,
  distribution: 1,
};

/** Minimum score a candidate needs besides a signal term (the "strict" setting). */
export const STRICT_MIN_SCORE = 4;

const RASTERIZABLE = /\.(pdf|png|jpe?g|eps|ps)$/i;

/** Plain lower-case words of a TeX caption (commands dropped, their arguments kept). */
function words(tex: string): string[] {
  return tex
    .replace(/\\[A-Za-z]+\*?/g, ' ')
    .replace(/[{}$\\~^_[\]]/g, ' ')
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter((w) => w !== '');
}

/** Scores one candidate from its caption, label and position; returns score, evidence and gate. */
export function scoreCandidate(c: FigureCandidate): SelectionCandidate {
  const w = words(c.caption);
  const set = new Set(w);
  const evidence: string[] = [];
  let score = 0;
  let signal = false;
  for (const [term, weight] of Object.entries(SIGNAL_TERMS)) {
    // "methods"/"frameworks" count too.
    if (set.has(term) || set.has(`${term}s`)) {
      score += weight;
      signal = true;
      evidence.push(`caption "${term}" +${weight}`);
    }
  }
  for (const [term, weight] of Object.entries(HINTS)) {
    if (set.has(term)) {
      score += weight;
      evidence.push(`caption "${term}" +${weight}`);
    }
  }
  const first = w.slice(0, 4).join(' ');
  if (/^(an |the )?(overview|overall|illustration|architecture|framework|pipeline)/.test(first)) {
    score += 2;
    evidence.push('caption opens with an overview term +2');
  }
  let penalty = 0;
  for (const [term, weight] of Object.entries(PENALTIES)) {
    if (set.has(term)) {
      penalty += weight;
      evidence.push(`caption "${term}" -${weight}`);
    }
  }
  score -= Math.min(penalty, 6);
  if (c.label && /overview|framework|arch|pipeline|method|model/i.test(c.label)) {
    score += 2;
    evidence.push(`label "${c.label}" +2`);
  }
  if (c.figureIndex === 0) {
    score += 1;
    evidence.push('first figure of the paper +1');
  }
  if (c.graphicsInFigure > 1) {
    score -= 1;
    evidence.push(`composite figure (${c.graphicsInFigure} graphics) -1`);
  }
  let passed = signal && score >= STRICT_MIN_SCORE;
  if (!signal) evidence.push('gate: no overview signal term in the caption');
  else if (score < STRICT_MIN_SCORE)
    evidence.push(`gate: score ${score} below ${STRICT_MIN_SCORE}`);
  if (c.resolved === null) {
    passed = false;
    evidence.push(`gate: graphic "${c.graphic}" not found in the package`);
  } else if (!RASTERIZABLE.test(c.resolved)) {
    passed = false;
    evidence.push(`gate: unsupported graphic format ${c.resolved}`);
  }
  return {
    path: c.resolved ?? c.graphic,
    caption: c.caption,
    label: c.label,
    score,
    evidence,
    passedGate: passed,
  };
}

/**
 * Ranks all candidates of a paper: score descending, then document order (earlier figures
 * first), so ties resolve the same way every time.
 */
export function rankCandidates(candidates: readonly FigureCandidate[]): SelectionCandidate[] {
  return candidates
    .map((c, i) => ({ s: scoreCandidate(c), i }))
    .sort((a, b) => b.s.score - a.s.score || a.i - b.i)
    .map(({ s }) => s);
}
