import type { CommandModule } from 'yargs';
import { UserError } from '../output.js';

export const selectCommand: CommandModule<{ cwd: string }, { cwd: string; packages?: string[]; reset?: boolean }> = {
  command: 'select [packages..]',
  describe: 'Choose which workspace packages are in development (the rest come from the CDN)',
  builder: (y) => y.positional('packages', { type: 'string', array: true }).option('reset', { type: 'boolean', describe: 'forget the selection: every package in development' }),
  handler: () => {
    throw new UserError('kit select is not available yet');
  },
};
