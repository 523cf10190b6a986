import type { CommandModule } from 'yargs';
import { findWorkspaceRoot } from '../../compiler/index.js';
import { readServiceEnvironment } from '../../serve/extensions.js';
import { startService } from '../../serve/server.js';
import { pc, UserError } from '../output.js';

interface Args {
  cwd: string;
  port: number;
  host: string;
  'allowed-host': string[];
}

export const runCommand: CommandModule<{ cwd: string }, Args> = {
  command: 'run',
  describe: 'Start the service of the workspace (development extension via KIT_SERVICE_EXTENSIONS)',
  builder: (y) =>
    y
      .option('port', { type: 'number', default: 4173, describe: 'port to listen on (0: any free port)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to listen on; loopback unless you say otherwise' })
      .option('allowed-host', { type: 'string', array: true, default: [], describe: 'a further Host header name to answer (DNS rebinding defence)' }),
  handler: async (args) => {
    const environment = readServiceEnvironment(process.env);
    if (!environment.ok) throw new UserError(environment.reason);
    const root = findWorkspaceRoot(args.cwd);
    const service = await startService({
      root,
      port: args.port,
      host: args.host,
      allowedHosts: args['allowed-host'],
      development: environment.development,
      cdnOrigin: environment.cdnOrigin,
    });
    process.stdout.write(`${service.url}\n`);
    const mode = environment.development ? 'development service' : 'origin (production outputs only)';
    process.stderr.write(`${pc.green('kit')} ${mode} for ${root}${environment.development ? `, preview at ${pc.cyan(`${service.url}preview/`)}` : ''}\n`);
    const stop = async () => {
      process.stderr.write(`${pc.dim('kit: stopping')}\n`);
      await service.close();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
};
