import { LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import type { Problem, ValidationResult } from '../errors/problem.ts';
import type { PriceTables } from '../effort/price-table.ts';
import type { JudgeSettings } from '../schemas/judgment-record.schema.ts';
import { yamlPosition } from '../util/yaml-position.ts';
import { llmJudgeSettings } from './llm-judge-settings.ts';
import {
  FigboardConfigLoose,
  LeaderboardConfig,
  LlmJudgeConfig,
  MetricJudgeConfig,
  ScoringConfig,
} from './figboard-config.schema.ts';

/** A judge ready to run (LLM judges with their key), or skipped with the reason. */
export type ResolvedJudge =
  | { kind: 'metric'; id: 'metric'; family: 'metric'; model: string; runs: 1; primary: boolean }
  | {
      kind: 'llm';
      id: string;
      family: string;
      model: string;
      runs: number;
      primary: boolean;
      config: LlmJudgeConfig;
      apiKey: string;
    };

export interface SkippedJudge {
  id: string;
  family: string;
  model: string;
  reason: string;
  /** Its settings (the board checks recorded verdicts against them even when it cannot run). */
  settings: JudgeSettings;
  /** Runs it would make and its price table: what a maintainer pays when approving it. */
  runs: number;
  prices: LlmJudgeConfig['prices'];
  /** Tracks it would judge (`tracks` of its config): which entries the cost estimate counts it for. */
  tracks: LlmJudgeConfig['tracks'];
}

/** The loaded configuration: runnable judges, skipped ones, the primary judge and scoring settings. */
export interface LoadedConfig {
  judges: ResolvedJudge[];
  skipped: SkippedJudge[];
  /** Id of the primary judge as configured (may be skipped). */
  primary: string;
  /** The judge actually reported first: the configured primary when runnable, else `metric`. */
  effectivePrimary: string;
  scoring: ScoringConfig;
  /** Statistics settings of `refig leaderboard`. */
  leaderboard: LeaderboardConfig;
  /** Agent-model list prices for estimating agent-log cost (see `priceFor`). */
  prices: PriceTables;
}

/** Model string recorded for the metric judge (its algorithm version). */
export const METRIC_MODEL = 'figboard-metric';

const MAX_ALIASES = 20;

/**
 * Parses `figboard.yml` text. Pure: the environment comes in as a record (the CLI passes
 * `process.env`); only the presence of each judge's `apiKeyEnv` is read. Every problem (YAML
 * syntax, schema, duplicate ids, not exactly one primary) is collected with its line. A judge
 * whose key is unset is skipped with a message, never an error: offline, the metric judge runs.
 */
export function loadConfig(
  text: string,
  file: string,
  env: Readonly<Record<string, string | undefined>>,
): ValidationResult<LoadedConfig> {
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
  for (const err of doc.errors) {
    const pos = lc.linePos(err.pos[0]);
    errors.push({
      severity: 'error',
      rule: 'yaml-syntax',
      file,
      line: pos.line,
      column: pos.col,
      message: err.message.split('\n')[0]!,
    });
  }
  if (errors.length > 0) return { errors, warnings };
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: MAX_ALIASES }) ?? {};
  } catch (err) {
    errors.push({
      severity: 'error',
      rule: 'yaml-syntax',
      file,
      message: (err as Error).message.split('\n')[0]!,
    });
    return { errors, warnings };
  }
  const top = FigboardConfigLoose.safeParse(raw);
  if (!top.success)
    for (const issue of top.error.issues) errors.push(issueProblem(issue, [], doc, lc, file));
  // Judges are checked one by one even when another section is wrong: every problem at once.
  const rawJudges: unknown[] = top.success
    ? top.data.judges
    : Array.isArray((raw as { judges?: unknown })?.judges)
      ? (raw as { judges: unknown[] }).judges
      : [];
  const judges: ResolvedJudge[] = [];
  const skipped: SkippedJudge[] = [];
  const seen = new Set<string>();
  const primaries: string[] = [];
  let metricPrimary = false;
  rawJudges.forEach((entry, i) => {
    const isMetric =
      typeof entry === 'object' && entry !== null && (entry as { id?: unknown }).id === 'metric';
    const parsed = isMetric ? MetricJudgeConfig.safeParse(entry) : LlmJudgeConfig.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push(issueProblem(issue, ['judges', i], doc, lc, file));
      return;
    }
    const j = parsed.data as LlmJudgeConfig | MetricJudgeConfig;
    if (seen.has(j.id)) {
      errors.push({
        ...at(['judges', i, 'id'], doc, lc),
        severity: 'error',
        rule: 'config-judge-duplicate',
        file,
        message: `judge id "${j.id}" appears twice`,
        hint: 'judge ids name result folders and must be unique',
      });
      return;
    }
    seen.add(j.id);
    if (j.primary) primaries.push(j.id);
    if (j.id === 'metric') {
      metricPrimary = j.primary;
      return;
    }
    const llm = j as LlmJudgeConfig;
    const apiKey = env[llm.apiKeyEnv];
    if (apiKey === undefined || apiKey === '') {
      skipped.push({
        id: llm.id,
        family: llm.family,
        model: llm.model,
        reason: `environment variable ${llm.apiKeyEnv} is not set`,
        settings: llmJudgeSettings(llm),
        runs: llm.runs,
        prices: llm.prices,
        tracks: llm.tracks,
      });
      return;
    }
    judges.push({
      kind: 'llm',
      id: llm.id,
      family: llm.family,
      model: llm.model,
      runs: llm.runs,
      primary: llm.primary,
      config: llm,
      apiKey,
    });
  });
  if (primaries.length > 1) {
    errors.push({
      severity: 'error',
      rule: 'config-primary',
      file,
      ...at(['judges'], doc, lc),
      message: `${primaries.length} judges are marked primary (${primaries.join(', ')})`,
      expected: 'exactly one primary: true',
      hint: 'the leaderboard reports run 1 of one primary judge',
    });
  }
  if (errors.length > 0 || !top.success) return { errors, warnings };
  const primary = primaries[0] ?? (rawJudges.length === 0 ? 'metric' : '');
  if (primary === '') {
    errors.push({
      severity: 'error',
      rule: 'config-primary',
      file,
      ...at(['judges'], doc, lc),
      message: 'no judge is marked primary',
      expected: 'exactly one primary: true',
      hint: 'add "primary: true" to the judge whose scores the leaderboard reports (or list "- id: metric" with primary: true)',
    });
    return { errors, warnings };
  }
  judges.unshift({
    kind: 'metric',
    id: 'metric',
    family: 'metric',
    model: METRIC_MODEL,
    runs: 1,
    primary: metricPrimary || primary === 'metric',
  });
  for (const s of skipped) {
    warnings.push({
      severity: 'warning',
      rule: 'config-judge-skipped',
      file,
      message: `judge "${s.id}" (${s.model}) is skipped: ${s.reason}`,
      hint: 'set the variable to run it; the metric judge always runs',
    });
  }
  const effectivePrimary = judges.some((j) => j.id === primary) ? primary : 'metric';
  return {
    value: {
      judges,
      skipped,
      primary,
      effectivePrimary,
      scoring: top.data.scoring,
      leaderboard: top.data.leaderboard,
      prices: top.data.prices,
    },
    errors,
    warnings,
  };
}

/** The configuration used when no `figboard.yml` exists: the metric judge with default scoring. */
export function defaultConfig(): LoadedConfig {
  return {
    judges: [
      {
        kind: 'metric',
        id: 'metric',
        family: 'metric',
        model: METRIC_MODEL,
        runs: 1,
        primary: true,
      },
    ],
    skipped: [],
    primary: 'metric',
    effectivePrimary: 'metric',
    scoring: ScoringConfig.parse({}),
    leaderboard: LeaderboardConfig.parse({}),
    prices: {},
  };
}

function issueProblem(
  issue: z.core.$ZodIssue,
  prefix: (string | number)[],
  doc: Document,
  lc: LineCounter,
  file: string,
): Problem {
  const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  const key =
    issue.code === 'unrecognized_keys' ? (issue as { keys?: string[] }).keys?.[0] : undefined;
  return {
    severity: 'error',
    rule: 'config-schema',
    file,
    ...at(path, doc, lc, key),
    message: `${path.length ? path.join('.') : '(top level)'}: ${issue.message}`,
  };
}

function at(
  path: (string | number)[],
  doc: Document,
  lc: LineCounter,
  key?: string,
): { line?: number; column?: number } {
  return yamlPosition(doc, path, lc, key) ?? {};
}
