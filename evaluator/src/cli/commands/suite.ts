import { UsageError } from '../../errors/index.ts';
import type { RegisterCommand } from './command.ts';

// Placeholder until its issue lands: the command exists so --help lists it, and says plainly it is not built yet.
export const registerSuite: RegisterCommand = (program) => {
  program
    .command('suite')
    .description('(not implemented yet)')
    .allowUnknownOption()
    .action(() => {
      throw new UsageError('refig suite is not implemented yet');
    });
};
