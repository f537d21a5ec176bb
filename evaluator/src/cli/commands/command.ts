import type { Command } from 'commander';
import type { CliContext } from '../context.ts';

/** Each command file exports one of these: it adds its subcommand to the program. `setExit`
 * records the exit code the command wants (the CLI returns it after parsing). */
export type RegisterCommand = (
  program: Command,
  ctx: CliContext,
  setExit: (code: number) => void,
) => void;
