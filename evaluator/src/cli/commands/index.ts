import { registerAudit } from './audit.ts';
import type { RegisterCommand } from './command.ts';
import { registerEvaluate } from './evaluate.ts';
import { registerLeaderboard } from './leaderboard.ts';
import { registerOrbit } from './orbit.ts';
import { registerOwnership } from './ownership.ts';
import { registerRender } from './render.ts';
import { registerSandbox } from './sandbox.ts';
import { registerScore } from './score.ts';
import { registerStyle } from './style.ts';
import { registerSuite } from './suite.ts';
import { registerTruth } from './truth.ts';
import { registerValidate } from './validate.ts';

/** Every refig subcommand, in the order `--help` lists them. */
export const COMMANDS: RegisterCommand[] = [
  registerAudit,
  registerRender,
  registerScore,
  registerEvaluate,
  registerStyle,
  registerSandbox,
  registerValidate,
  registerLeaderboard,
  registerOwnership,
  registerSuite,
  registerTruth,
  registerOrbit,
];
