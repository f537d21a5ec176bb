import { UsageError } from '../../errors/index.ts';
import type { RegisterCommand } from './command.ts';

// Placeholder until its issue lands: the command exists so --help lists it, and says plainly it is not built yet.
export const registerEvaluate: RegisterCommand = (program) => {
  program
    .command('evaluate')
    .description('(not implemented yet)')
    .allowUnknownOption()
    .action(() => {
      throw new UsageError('refig evaluate is not implemented yet');
    });
};
