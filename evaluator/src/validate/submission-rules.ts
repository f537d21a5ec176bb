/**
 * What a submission folder may contain, as data: the validator, `docs/SUBMITTING.md` and the PR
 * comment all describe the same rules from here.
 */

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

/** One allowed file inside `artifacts/<task-id>/`. */
export interface ArtifactFileRule {
  name: string;
  /** Largest accepted size in bytes. */
  maxBytes: number;
  /** What the file is, for messages. */
  what: string;
}

/** Per-track rules for the files inside each `artifacts/<task-id>/` folder. */
export const ARTIFACT_FILES: Record<'refig' | 'style', readonly ArtifactFileRule[]> = {
  refig: [
    { name: 'output.pptx', maxBytes: 50 * MiB, what: 'the one-slide deck' },
    { name: 'output.py', maxBytes: 1 * MiB, what: 'the python-pptx code that generated the deck' },
    { name: 'output.js', maxBytes: 1 * MiB, what: 'the PptxGenJS code that generated the deck' },
    {
      name: 'output.jsonl',
      maxBytes: 50 * MiB,
      what: 'the agent log (Claude Code stream-json or codex exec --json)',
    },
    {
      name: 'error.log',
      maxBytes: 1 * MiB,
      what: 'what went wrong when the agent produced no deck',
    },
  ],
  style: [
    { name: 'figure.py', maxBytes: 256 * KiB, what: 'the self-contained matplotlib script' },
    { name: 'output.png', maxBytes: 20 * MiB, what: 'the PNG the script produced' },
  ],
};

/** Files allowed at the top of `submissions/<id>/`, besides `artifacts/` and `results/`. */
export const TOP_LEVEL_FILES: readonly ArtifactFileRule[] = [
  { name: 'submission.yml', maxBytes: 64 * KiB, what: 'the manifest' },
  { name: 'SHA256SUMS', maxBytes: 8 * MiB, what: 'per-file SHA-256 manifest (sha256sum format)' },
  { name: 'README.md', maxBytes: 256 * KiB, what: 'an optional note about the entry' },
];

/** Whole-submission bounds: a PR is a git commit, so huge sets must come as an archive. */
export interface SubmissionLimits {
  /** Most files walked before the scan stops (a hostile folder cannot make us list forever). */
  maxFiles: number;
  /** Sum of all inline file sizes. */
  maxTotalBytes: number;
  /** Largest archive downloaded for `archive: {url, sha256}`. */
  maxArchiveBytes: number;
  /** Wall-clock limit for the whole archive download. */
  archiveTimeoutMs: number;
  /** Deepest folder nesting walked (artifacts/<task>/<file> is depth 3). */
  maxDepth: number;
}

export const DEFAULT_SUBMISSION_LIMITS: SubmissionLimits = {
  maxFiles: 50_000,
  maxTotalBytes: 1 * GiB,
  maxArchiveBytes: 2 * GiB,
  archiveTimeoutMs: 10 * 60_000,
  maxDepth: 6,
};

/** The folder the evaluator writes into; never part of what a submitter sends. */
export const RESULTS_DIR = 'results';
export const ARTIFACTS_DIR = 'artifacts';

/** Human-readable size, for messages: 1536 → "1.5 KiB". */
export function formatBytes(n: number): string {
  if (n < KiB) return `${n} B`;
  if (n < MiB) return `${+(n / KiB).toFixed(1)} KiB`;
  if (n < GiB) return `${+(n / MiB).toFixed(1)} MiB`;
  return `${+(n / GiB).toFixed(1)} GiB`;
}

/** The command that writes a correct `SHA256SUMS` (run inside the submission folder). */
export const SHA256SUMS_COMMAND =
  'find artifacts -type f | LC_ALL=C sort | xargs sha256sum > SHA256SUMS';
