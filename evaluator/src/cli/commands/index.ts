import type { RegisterCommand } from './command.ts';

/** A subcommand and how to load it: its module (and everything that module imports) is loaded only when needed. */
export interface CommandEntry {
  name: string;
  load: () => Promise<RegisterCommand>;
}

/** Every refig subcommand, in the order `--help` lists them. */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'audit', load: async () => (await import('./audit.ts')).registerAudit },
  { name: 'render', load: async () => (await import('./render.ts')).registerRender },
  { name: 'score', load: async () => (await import('./score.ts')).registerScore },
  { name: 'evaluate', load: async () => (await import('./evaluate.ts')).registerEvaluate },
  { name: 'style', load: async () => (await import('./style.ts')).registerStyle },
  { name: 'sandbox', load: async () => (await import('./sandbox.ts')).registerSandbox },
  { name: 'run', load: async () => (await import('./run.ts')).registerRun },
  { name: 'validate', load: async () => (await import('./validate.ts')).registerValidate },
  { name: 'leaderboard', load: async () => (await import('./leaderboard.ts')).registerLeaderboard },
  { name: 'scorecard', load: async () => (await import('./scorecard.ts')).registerScorecard },
  { name: 'ownership', load: async () => (await import('./ownership.ts')).registerOwnership },
  { name: 'suite', load: async () => (await import('./suite.ts')).registerSuite },
  { name: 'truth', load: async () => (await import('./truth.ts')).registerTruth },
  { name: 'orbit', load: async () => (await import('./orbit.ts')).registerOrbit },
];

/**
 * The commands a command line needs registered: the one it names; none for a bare
 * `--version`; all of them otherwise (`--help`, `help`, an unknown name — so the help and the
 * "did you mean" suggestion list every command).
 */
export function commandsFor(argv: readonly string[]): readonly CommandEntry[] {
  const args = argv.slice(2);
  const first = args.find((a) => !a.startsWith('-'));
  const named = COMMANDS.filter((c) => c.name === first);
  if (named.length > 0) return named;
  if (first === undefined && args.length > 0 && args.every((a) => a === '-V' || a === '--version'))
    return [];
  return COMMANDS;
}
