import type { CommandModule } from 'yargs';
import { UserError } from '../output.js';

export const runCommand: CommandModule<{ cwd: string }, { cwd: string }> = {
  command: 'run',
  describe: 'Start the service of the workspace',
  handler: () => {
    throw new UserError('kit run is not available yet');
  },
};
