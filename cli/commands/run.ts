import type { CommandModule } from 'yargs';
import { serveWorkspace, serviceOptions, type ServiceArgs } from './service.js';

export const runCommand: CommandModule<{ cwd: string }, ServiceArgs> = {
  command: 'run',
  describe: 'Start the service of the workspace (development extension via --extensions or KIT_SERVICE_EXTENSIONS)',
  builder: serviceOptions,
  handler: (args) => serveWorkspace(args, 'run'),
};
