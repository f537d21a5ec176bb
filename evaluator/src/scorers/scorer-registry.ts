import type { ScoringConfig } from '../config/figboard-config.schema.ts';

/**
 * What both style channels cover besides their own code: the sandboxed run of a figure script
 * (both score the figure it draws), the task and candidate readers, the glue that scores a
 * candidate, the data-fidelity check (it fails the code channel and adds a vision defect), and
 * the Python harness.
 */
const STYLE_RUN = {
  entries: [
    'style/run-figure-script.ts',
    'style/load-style-task.ts',
    'style/read-candidate-script.ts',
    'style/check-data-fidelity.ts',
    'sandbox/bubblewrap-sandbox.ts',
  ],
  files: ['style/score-style-candidate.ts', 'style/evaluate-style-submission.ts'],
  assets: [
    'python/figboard_harness.py',
    'python/figboard_measure.py',
    'python/figboard_cli.py',
    'python/figboard_safe_load.py',
    'python/figboard_introspect.py',
    'python/figboard_pixels.py',
    'python/matplotlibrc',
  ],
} as const;

/**
 * THE list of scorers and their versions. Scores are published data: when a change to a
 * scorer's code or defaults can move a score, its version goes up here, `CHANGELOG.md` gets a
 * section `## <id> <version>` saying how scores move, and `npm run scorers` records the new
 * sources hash (`scorer-sources.json`; a test fails until all three agree).
 *
 * A version enters the input hash of every record the scorer decides and is written into the
 * record (`scorers`), so `refig evaluate` re-scores records of another version and
 * `refig leaderboard` never ranks them with current ones.
 *
 * What a scorer covers: its `entries`, every module they import at run time (followed
 * transitively, type-only imports skipped: shared helpers such as `util/round.ts` belong to
 * every scorer that reaches them), the `files` hashed as they are (glue that wires several
 * scorers; its imports are not followed), the non-TypeScript `assets`, and its `settings`: the
 * defaults of `figboard.yml`'s `scoring` section it reads (both the schema defaults and the
 * repository's `figboard.yml` are hashed). Comments and formatting do not count as a change.
 */
export const SCORERS = [
  {
    id: 'audit',
    version: 6,
    what: 'gate g(P) and structural audit O(P): safe PPTX reader, object tree, flags, flattening cap c(P), raster-underlay cap, LibreOffice render gate',
    entries: [
      'audit/audit-file.ts',
      'audit/apply-render-gate.ts',
      'render/libreoffice-renderer.ts',
      'render/pdf-to-png.ts',
    ],
    files: [],
    assets: [],
    settings: (s: ScoringConfig) => ({
      cap: s.cap,
      render: { dpi: s.render.dpi, timeoutSeconds: s.render.timeoutSeconds },
    }),
  },
  {
    id: 'metric',
    version: 7,
    what: 'the metric judge: T/S/L/E/V against checked truth (truth.json or sealed truth; ranked) or, as an unranked preview, the figure graph extracted from the raster (with confidences), the audit and render-vs-source image comparison; s = g·min(Q, c)',
    entries: [
      'judge/metric/metric-judge.ts',
      'judge/metric/load-reference.ts',
      'image/align-for-comparison.ts',
      'ocr/tesseract-ocr.ts',
      'evaluate/build-judgment-record.ts',
    ],
    files: ['evaluate/judge-runner.ts'],
    assets: [],
    settings: (s: ScoringConfig) => ({ rubric: s.rubric, ocr: s.ocr }),
  },
  {
    id: 'llm',
    version: 4,
    what: "the refig LLM judges' prompt, reply schema and reply checks, images sent, request body; s = g·min(Q, c)",
    entries: [
      'judge/llm/llm-judge.ts',
      'judge/llm/openai-judge-client.ts',
      'image/encode-data-url.ts',
      'evaluate/build-judgment-record.ts',
    ],
    files: ['evaluate/judge-runner.ts'],
    assets: [],
    settings: (s: ScoringConfig) => ({ rubric: s.rubric }),
  },
  {
    id: 'style-code',
    version: 8,
    what: 'style track code channel S_code: sandboxed run + introspection, criteria extraction, criteria met (CIEDE2000, tolerances)',
    entries: ['style/score-code-channel.ts', 'style/extract-criteria.ts', ...STYLE_RUN.entries],
    files: STYLE_RUN.files,
    assets: STYLE_RUN.assets,
    settings: () => ({}),
  },
  {
    id: 'style-vision',
    version: 8,
    what: 'style track vision channel S_vision (deterministic defect detectors, 5/10/25 penalties) and S = 0.35·S_code + 0.65·S_vision',
    entries: [
      'style/detect-visual-defects.ts',
      'style/score-vision-channel.ts',
      ...STYLE_RUN.entries,
    ],
    files: STYLE_RUN.files,
    assets: STYLE_RUN.assets,
    settings: () => ({}),
  },
  {
    id: 'style-llm-vision',
    version: 4,
    what: "the style track's LLM vision judges: prompt (both images + numbered figure.py), reply schema, box checks, cited-line clipping, S_vision and S with the judge",
    entries: [
      'style/llm-vision-judge.ts',
      'style/judge-style-vision.ts',
      'judge/llm/openai-judge-client.ts',
    ],
    files: [],
    assets: [],
    settings: () => ({}),
  },
  {
    id: 'effort',
    version: 1,
    what: 'effort and cost parsed from agent logs (not a score, but published: turns, tokens, cost)',
    entries: ['effort/parse-agent-log.ts', 'effort/price-table.ts'],
    files: [],
    assets: [],
    settings: () => ({}),
  },
] as const satisfies readonly ScorerDefinition[];

/** One scorer: see `SCORERS`. Paths are relative to `evaluator/src/` (assets: `evaluator/`). */
export interface ScorerDefinition {
  id: string;
  /** A positive integer; only ever goes up. */
  version: number;
  /** One line: what the scorer decides. */
  what: string;
  entries: readonly string[];
  files: readonly string[];
  assets: readonly string[];
  /** The part of the `scoring` configuration the scorer reads. */
  settings: (scoring: ScoringConfig) => unknown;
}

export type ScorerId = (typeof SCORERS)[number]['id'];

/** Version of each scorer, as `{ audit: 1, metric: 1, … }`. */
export type ScorerVersions = Readonly<Record<ScorerId, number>>;

/** The versions of this build: what records made now carry. */
export const SCORER_VERSIONS: ScorerVersions = Object.freeze(
  Object.fromEntries(SCORERS.map((s) => [s.id, s.version])) as Record<ScorerId, number>,
);
