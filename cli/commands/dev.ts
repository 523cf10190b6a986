import type { CommandModule } from 'yargs';
import { serveWorkspace, serviceOptions, type ServiceArgs } from './service.js';

export const devCommand: CommandModule<{ cwd: string }, ServiceArgs> = {
  command: 'dev',
  describe: 'Start the development service of the workspace: kit run with the development extension on (preview, live reload)',
  builder: serviceOptions,
  handler: (args) => serveWorkspace(args, 'dev', true),
};
