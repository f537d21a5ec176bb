import { UsageError } from '../../errors/index.ts';
import type { RegisterCommand } from './command.ts';

// Placeholder until its issue lands: the command exists so --help lists it, and says plainly it is not built yet.
export const registerValidate: RegisterCommand = (program) => {
  program
    .command('validate')
    .description('(not implemented yet)')
    .allowUnknownOption()
    .action(() => {
      throw new UsageError('refig validate is not implemented yet');
    });
};
