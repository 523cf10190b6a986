import type { CommandModule } from 'yargs';
import { readServiceEnvironment } from '../../serve/extensions.js';
import { UserError } from '../output.js';
import { openRemoteCache, remoteCacheOptions, type RemoteArgs } from '../remote.js';
import { LOG_LEVELS, RunReporter, type LogLevel } from '../run-reporter.js';
import { findWorkspace } from '../workspace.js';

interface Args extends RemoteArgs {
  cwd: string;
  port: string;
  host: string;
  'allowed-host': string[];
  extensions?: string;
  'log-level': LogLevel;
  reload: boolean;
  'strict-port': boolean;
}

export const runCommand: CommandModule<{ cwd: string }, Args> = {
  command: 'run',
  describe: 'Start the service of the workspace (development extension via --extensions or KIT_SERVICE_EXTENSIONS)',
  builder: (y) =>
    remoteCacheOptions(y)
      .option('port', { type: 'string', default: '4173', describe: 'port to listen on; the next free one when it is in use (0: any free port)' })
      .option('strict-port', { type: 'boolean', default: false, describe: 'stop when the port is in use instead of taking the next free one' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to listen on; loopback unless you say otherwise' })
      .option('allowed-host', { type: 'string', array: true, default: [], describe: 'a further Host header name to answer (DNS rebinding defence)' })
      .option('extensions', { type: 'string', describe: 'service extensions, comma-separated (overrides KIT_SERVICE_EXTENSIONS), e.g. @kit-js/packages/development' })
      .option('reload', { type: 'boolean', default: true, describe: 'an open preview reloads itself after a valid code change; --no-reload shows a notice instead (also kit.json "reload": false)' })
      .option('log-level', { choices: LOG_LEVELS, default: 'info' as LogLevel, describe: 'what the terminal reports: debug (info, and the stack of an internal error), info (rebuilds, reloads, errors), warn, error (errors only), silent' }),
  handler: async (args) => {
    // The service's parts (h3, listhen, the watcher) are loaded by `kit run` alone: every other command starts without them.
    const [{ startService }, { checkHost, choosePort, describeListenError, parsePort }, { formatStartUp }] = await Promise.all([import('../../serve/server.js'), import('../listen.js'), import('../start-up.js')]);
    const port = parsePort(args.port);
    const environment = readServiceEnvironment(process.env, args.extensions);
    if (!environment.ok) throw new UserError(environment.reason);
    const root = findWorkspace(args.cwd, 'run');
    await checkHost(args.host);
    const { port: free, taken } = await choosePort(args.host, port, args['strict-port']);
    const reporter = new RunReporter(root, args['log-level'], args.reload);
    const options = { root, port: free, host: args.host, allowedHosts: args['allowed-host'], development: environment.development, cdnOrigin: environment.cdnOrigin, reload: args.reload, remote: openRemoteCache(root, args), debug: args['log-level'] === 'debug', onBuild: reporter.outcome, onPageError: reporter.pageError };
    const service = await startService(options).catch((error: unknown) => {
      throw describeListenError(error, args.host, free) ?? error;
    });
    const c = reporter.c;
    const stop = async () => {
      reporter.info(c.dim('kit: stopping'));
      await service.close();
      process.exit(0);
    };
    // Listened for before the address is printed: a signal sent by whoever read it closes the service too.
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    const readyMs = performance.now(); // from the process's start
    // A program reading stdout gets the address as its first line; a person at a terminal reads it in the block.
    const atTerminal = process.stdout.isTTY && process.stderr.isTTY && reporter.showsInfo;
    if (!atTerminal) process.stdout.write(`${service.url}\n`);
    reporter.info(formatStartUp({ url: service.url, host: args.host, development: environment.development, readyMs, taken }, c));
  },
};
