import { TRACKS } from '../tracks/registry.ts';
import type { Problem } from '../errors/problem.ts';
import {
  LEADERBOARD_SCHEMA_VERSION,
  type ConfigurationRow,
  type Leaderboard,
} from '../schemas/leaderboard.schema.ts';
import { judgmentKind, scorersFor } from '../scorers/record-scorers.ts';
import { SCORER_VERSIONS } from '../scorers/scorer-registry.ts';
import { hashInputs } from '../util/hash-inputs.ts';
import { agreementSection } from './agreement-section.ts';
import { auditRow } from './audit-section.ts';
import { collectJudgeScores, type JudgeSeries } from './collect-judge-scores.ts';
import { assignRanks, configurationRow } from './configuration-rows.ts';
import { assignRankUncertainty } from './rank-uncertainty.ts';
import { effectEconomics } from './effect-economics.ts';
import { effectRow, harnessPairs, workflowPairs, type ComparedPair } from './effect-rows.ts';
import { effortRow } from './effort-section.ts';
import { eloSection, interAnnotatorAgreement } from './elo-section.ts';
import { boardJudgeSettings, findStaleRecords } from './find-stale-records.ts';
import { fieldSection } from './field-section.ts';
import type { LeaderboardInputs } from './leaderboard-inputs.ts';
import { resolveOptions, type LeaderboardOptions } from './leaderboard-options.ts';
import { reliabilitySection, type SeriesIndex } from './reliability-section.ts';
import { resolveAnnotations } from './resolve-annotations.ts';
import { resolveStyleAnnotations } from './resolve-style-annotations.ts';
import {
  cmp,
  isSample,
  roleOf,
  resolveConfigurations,
  unitId,
  type ConfigurationUnit,
} from './resolve-configurations.ts';
import { roundDeep } from '../util/round-deep.ts';
import { runStabilitySection } from './run-stability-section.ts';
import { sensitivitySection } from './sensitivity-section.ts';
import { styleComparisonsSection, stylePlayers } from './style-comparisons-section.ts';
import { styleRows } from './style-section.ts';
import { annotationTrack } from '../schemas/annotation.schema.ts';
import { taskRows } from './task-section.ts';

/** The board and every input problem met while building it. */
export interface BuiltLeaderboard {
  leaderboard: Leaderboard;
  problems: Problem[];
}

/**
 * Builds `leaderboard.json` from loaded inputs. Pure and deterministic: no clock, no global
 * randomness (each statistic seeds its own RNG), every list in a fixed order, numbers rounded to
 * 4 decimals. Input problems never stop the build: a bad submission or annotation line is
 * reported and left out, and the rest of the board is computed.
 */
export function buildLeaderboard(
  inputs: LeaderboardInputs,
  options: LeaderboardOptions,
): BuiltLeaderboard {
  const o = resolveOptions(options);
  const problems: Problem[] = [...inputs.problems];
  const progress = o.progress;
  progress?.start(9, 'leaderboard');

  // 1. Configurations: group submissions by (model, harness, workflow), check suites.
  const suites = [...inputs.suites].sort((a, b) => cmp(a.manifest.name, b.manifest.name));
  const { units, style, accepted, bySubmission } = resolveConfigurations(
    inputs.submissions,
    suites,
    problems,
  );
  // Records made by other scorer versions than this board's are never ranked with current
  // ones: their entries are left out of what those records feed and listed for rescoring.
  const versions = options.scorers ?? SCORER_VERSIONS;
  const judgeSettings = boardJudgeSettings(
    accepted,
    new Map((options.judges ?? []).flatMap((j) => (j.settings ? [[j.id, j.settings]] : []))),
  );
  const stale = accepted.flatMap((s) =>
    findStaleRecords(s, versions, judgeSettings, o.rubric, problems),
  );
  const staleIn = (unit: { submissions: readonly { id: string }[] }, records: string) =>
    unit.submissions.some((sub) =>
      stale.some((x) => x.submission === sub.id && x.records === records),
    );
  progress?.tick('configurations');

  // 2. Judge score series per configuration (missing = 0, judge failure = excluded).
  const series: SeriesIndex = new Map();
  for (const unit of units)
    series.set(
      unit.id,
      new Map(
        collectJudgeScores(unit, problems)
          .filter((s) => !staleIn(unit, `judgments/${s.judge}`))
          .map((s) => [s.judge, s]),
      ),
    );
  const judges = judgeList(series, o.primaryJudge, options.judges ?? []);
  const primaryOf = (u: ConfigurationUnit): JudgeSeries | undefined =>
    series.get(u.id)?.get(o.primaryJudge);
  if (units.length > 0 && !units.some((u) => primaryOf(u))) {
    problems.push({
      severity: 'warning',
      rule: 'primary-judge-no-records',
      file: 'figboard.yml',
      message: `primary judge "${o.primaryJudge}" has no judgment records; rankings per judge are still listed`,
    });
  }
  progress?.tick('scores');

  // 3. Effort first (configuration rows show cost and turns), then configuration rows.
  const effort = units.flatMap((u) => effortRow(u) ?? []);
  const effortById = new Map(effort.map((e) => [e.configuration, e]));
  const configurations: ConfigurationRow[] = [];
  for (const judge of judges) {
    for (const unit of units) {
      const s = series.get(unit.id)?.get(judge.id);
      if (s) configurations.push(configurationRow(unit, s, effortById.get(unit.id), o));
    }
  }
  for (const row of configurations)
    if (row.mean === null)
      problems.push({
        severity: 'warning',
        rule: 'configuration-nothing-scored',
        file: `submissions/${row.submissions[0]}/results/judgments/${row.judge}`,
        message: `configuration ${row.id} has no scored task on ${row.suite} with judge ${row.judge} (${row.judgeFailures} judge failure(s), ${row.unverified ?? 0} without checked truth, ${row.notScored ?? 0} hidden not scored): shown without a mean, CI or rank`,
      });
  assignRanks(configurations);
  const rowSeries = new Map<ConfigurationRow, JudgeSeries>();
  for (const row of configurations) {
    const unit = units.find((u) => u.id === row.id && u.suite.manifest.name === row.suite)!;
    rowSeries.set(row, series.get(unit.id)!.get(row.judge)!);
  }
  // Rank intervals and ties among ranked rows only (several-attempt entries are not ranked).
  assignRankUncertainty(
    configurations.filter((r) => r.rank !== null),
    (row) => rowSeries.get(row)!.final[0]!,
    o,
  );
  configurations.sort(
    (a, b) =>
      cmp(a.judge, b.judge) ||
      cmp(a.suite, b.suite) ||
      (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
      // unranked rows (reference lines, several-attempt entries) by mean, best first
      (b.mean ?? -1) - (a.mean ?? -1) ||
      cmp(a.id, b.id),
  );
  progress?.tick('configurations');

  // 4. Paired workflow and harness effects, every judge, with the two sides' effort beside Δ.
  const wPairs = workflowPairs(units);
  const effects = (pairs: ComparedPair[]) =>
    judges.flatMap((judge) =>
      pairs.flatMap((pair) => {
        const from = series.get(pair.from.id)?.get(judge.id);
        const to = series.get(pair.to.id)?.get(judge.id);
        const row = from && to ? effectRow(pair, from, to, o) : null;
        return row
          ? [
              {
                ...row,
                economics: effectEconomics(
                  effortById.get(pair.from.id),
                  effortById.get(pair.to.id),
                ),
              },
            ]
          : [];
      }),
    );
  const byEffectKey = (
    a: Leaderboard['pairedEffects'][number],
    b: Leaderboard['pairedEffects'][number],
  ) => cmp(a.judge, b.judge) || cmp(a.from, b.from) || cmp(a.to, b.to);
  const pairedEffects = effects(wPairs).sort(byEffectKey);
  const harnessEffects = effects(harnessPairs(units, o.harnessOrder)).sort(byEffectKey);
  progress?.tick('effects');

  // 5. Human preferences: validate annotations, Bradley–Terry Elo with cluster bootstrap.
  const annotations = resolveAnnotations(
    inputs.annotations.filter(
      (x) => TRACKS[annotationTrack(x.annotation)].leaderboard.rankedByConfiguration,
    ),
    bySubmission,
    inputs.submissions,
    inputs.excludedSubmissions ?? [],
    problems,
  );
  const elo = eloSection(annotations, units, o);
  progress?.tick('elo');

  // 6. Judge reliability across runs and judge families; per-run rankings and effects.
  const judgeReliability = reliabilitySection(units, series, judges);
  const runStability = runStabilitySection(
    units,
    series,
    judges,
    [...wPairs, ...harnessPairs(units, o.harnessOrder)],
    o,
  );
  progress?.tick('reliability');

  // 7. Judge–human agreement.
  const meansByJudge = new Map<string, Map<string, number>>();
  for (const row of configurations) {
    if (row.mean === null) continue;
    const m = meansByJudge.get(row.judge) ?? new Map<string, number>();
    m.set(row.id, row.mean);
    meansByJudge.set(row.judge, m);
  }
  const agreement = {
    ...agreementSection(
      annotations,
      series,
      judges.map((j) => j.id),
      meansByJudge,
      elo,
      o,
    ),
    interAnnotator: interAnnotatorAgreement(annotations),
  };
  progress?.tick('agreement');

  // 8. Rubric weight sensitivity for the primary judge, on the suite with the most judged
  //    configurations (means of different suites are not comparable).
  const judgedBySuite = new Map<string, number>();
  for (const u of units)
    if (primaryOf(u))
      judgedBySuite.set(u.suite.manifest.name, (judgedBySuite.get(u.suite.manifest.name) ?? 0) + 1);
  const sensitivitySuite = [...judgedBySuite.entries()].sort(
    (a, b) => b[1] - a[1] || cmp(a[0], b[0]),
  )[0]?.[0];
  const sensitivity = {
    ...sensitivitySection(
      o.primaryJudge,
      units.filter((u) => u.suite.manifest.name === sensitivitySuite),
      primaryOf,
      wPairs.filter((p) => p.from.suite.manifest.name === sensitivitySuite),
      elo,
      o,
    ),
    ...(sensitivitySuite === undefined ? {} : { suite: sensitivitySuite }),
  };
  progress?.tick('sensitivity');

  // 9. By-field, audit, style and per-task sections; assemble, sort, round.
  const byField = fieldSection(configurations, suites);
  const audit = units.flatMap((u) =>
    staleIn(u, 'artifacts') ? [] : (auditRow(u, primaryOf(u)) ?? []),
  );
  const styleSection = style.flatMap(({ submission, suite }) =>
    staleIn({ submissions: [submission] }, 'style')
      ? []
      : styleRows(
          submission,
          suite,
          o,
          new Set(
            stale
              .filter((x) => x.submission === submission.id && x.judge !== null)
              .map((x) => x.judge!),
          ),
        ),
  );
  // Style comparisons: paired effects of S and the human style pairs (FigMirror §5, B.5).
  const players = stylePlayers(style);
  const playerBySubmission = new Map(players.flatMap((p) => p.submissions.map((s) => [s.id, p])));
  const styleAnnotations = resolveStyleAnnotations(
    inputs.annotations.filter(
      (x) => !TRACKS[annotationTrack(x.annotation)].leaderboard.rankedByConfiguration,
    ),
    playerBySubmission,
    inputs.submissions,
    inputs.excludedSubmissions ?? [],
    problems,
  );
  const styleComparisons = styleComparisonsSection(
    players,
    styleAnnotations,
    (submission) => !staleIn({ submissions: [submission] }, 'style'),
    o,
  );
  const tasks = suites.flatMap((suite) => {
    const inSuite = units.filter((u) => u.suite === suite);
    return inSuite.length > 0 ? taskRows(suite, inSuite, primaryOf) : [];
  });
  progress?.tick('sections');
  progress?.stop();

  const leaderboard: Leaderboard = {
    schemaVersion: LEADERBOARD_SCHEMA_VERSION,
    inputsHash: hashInputs({ files: [...inputs.files].sort((a, b) => cmp(a.path, b.path)) }),
    generator: { name: 'figboard', version: o.generatorVersion },
    scorers: { ...versions },
    rubric: { ...o.rubric },
    judges: judges.map((j) => ({
      ...j,
      primary: j.id === o.primaryJudge,
      scorers: scorersFor(judgmentKind(j.id), versions),
      settings: judgeSettings.get(j.id) ?? null,
    })),
    primaryJudge: o.primaryJudge,
    settings: {
      bootstrapResamples: o.bootstrapResamples,
      bootstrapSeed: o.bootstrapSeed,
      eloResamples: o.eloResamples,
      eloSeed: o.eloSeed,
      tieMargin: o.tieMargin,
      provisionalBelow: o.provisionalBelow,
      agreementResamples: o.agreementResamples,
      agreementSeed: o.agreementSeed,
      harnessOrder: [...o.harnessOrder],
      pairCoverageThreshold: o.pairCoverageThreshold,
    },
    suites: suites.map((s) => ({
      name: s.manifest.name,
      version: s.manifest.version,
      track: s.manifest.track,
      taskCount: s.manifest.tasks.length,
      fields: countFields(s.fields),
      // Refig suites: tasks with checked truth (what the metric judge ranks) and hidden ones.
      ...(s.verified ? { verified: s.verified.filter((v) => v === true).length } : {}),
      ...(s.sealedTasks ? { hidden: s.sealedTasks.length } : {}),
    })),
    submissions: accepted.map((s) => {
      const m = s.manifest;
      return {
        id: s.id,
        configuration: bySubmission.get(s.id)?.id ?? unitId(m),
        track: m.track,
        team: m.team,
        contact: m.contact,
        model: {
          name: m.model.name,
          provider: m.model.provider,
          snapshot: m.model.snapshot,
          reasoningEffort: m.model.reasoningEffort ?? null,
        },
        harness: { ...m.harness },
        workflow: {
          name: m.workflow.name,
          kind: m.workflow.kind,
          description: m.workflow.description,
        },
        suite: { ...m.suite },
        attempts: m.attempts,
        date: m.date,
        mergedAt: s.mergedAt ?? null,
        owners: s.ownerNames ?? null,
        ...(s.verified ? { verified: { ...s.verified } } : {}),
        license: m.license,
        links: { ...m.links },
        sample: isSample(s),
        role: roleOf(s),
      };
    }),
    configurations,
    pairedEffects,
    harnessEffects,
    elo,
    runStability,
    judgeReliability,
    agreement,
    sensitivity,
    byField,
    audit,
    effort,
    style: styleSection,
    styleComparisons,
    tasks,
    rescoring: stale.map((x) => ({ ...x, recorded: [...x.recorded] })),
    problems: problems.map((p) => ({
      severity: p.severity,
      rule: p.rule,
      file: p.line === undefined ? p.file : `${p.file}:${p.line}`,
      message: p.message,
    })),
  };
  // NaN stays (JSON null: no value), never a made-up 0; see util/round-deep.ts.
  return { leaderboard: roundDeep(leaderboard, 'keep'), problems };
}

/** Judges found in the records, merged with configured metadata; sorted by id. */
function judgeList(
  series: SeriesIndex,
  primary: string,
  configured: readonly { id: string; family?: string; model?: string; runs?: number }[],
) {
  const found = new Map<string, { id: string; family: string; model: string; runs: number }>();
  for (const perUnit of series.values()) {
    for (const s of perUnit.values()) {
      const j = found.get(s.judge) ?? { id: s.judge, family: s.family, model: s.model, runs: 0 };
      j.runs = Math.max(j.runs, s.runs.length);
      found.set(s.judge, j);
    }
  }
  for (const c of configured) {
    const j = found.get(c.id);
    if (j) {
      j.family = c.family ?? j.family;
      j.model = c.model ?? j.model;
    } else if (c.id === primary) {
      found.set(c.id, { id: c.id, family: c.family ?? '', model: c.model ?? '', runs: 0 });
    }
  }
  return [...found.values()].sort((a, b) => cmp(a.id, b.id));
}

function countFields(fields: readonly (string | null)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of fields) out[f ?? 'unknown'] = (out[f ?? 'unknown'] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => cmp(a, b)));
}
