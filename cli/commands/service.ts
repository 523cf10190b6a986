import type { Argv } from 'yargs';
import { readServiceEnvironment } from '../../serve/extensions.js';
import { UserError } from '../output.js';
import { openRemoteCache, remoteCacheOptions, type RemoteArgs } from '../remote.js';
import { LOG_LEVELS, RunReporter, type LogLevel } from '../run-reporter.js';
import { findWorkspace, pageFolder } from '../workspace.js';
import { WorkspaceLoader } from '../../compiler/index.js';

/** The options `kit run` and `kit dev` share. */
export interface ServiceArgs extends RemoteArgs {
  cwd: string;
  port: string;
  /** Absent: loopback; '' (a bare `--host`): every interface. */
  host?: string;
  'allowed-host': string[];
  extensions?: string;
  'log-level': LogLevel;
  reload: boolean;
  'strict-port': boolean;
  page?: string;
  mode?: string;
}

/** A single-valued option given twice counts once, the last time, as most CLIs read it. */
const last = (value: string | string[]) => (Array.isArray(value) ? value[value.length - 1] : value);

export function serviceOptions<T>(y: Argv<T>): Argv<T & ServiceArgs> {
  return remoteCacheOptions(y)
    .option('port', { type: 'string', default: '4173', coerce: last, describe: 'port to listen on; the next free one when it is in use (0: any free port)' })
    .option('strict-port', { type: 'boolean', default: false, describe: 'stop when the port is in use instead of taking the next free one' })
    // No yargs default: with one, yargs gives a bare --host the default, and it would stay on loopback.
    .option('host', { type: 'string', coerce: last, defaultDescription: '127.0.0.1', describe: 'address to listen on; a bare --host listens on every interface (0.0.0.0), Host check kept' })
    .option('allowed-host', { type: 'string', array: true, default: [], describe: 'a further Host header name to answer (DNS rebinding defence)' })
    .option('extensions', { type: 'string', describe: 'service extensions, comma-separated (overrides KIT_SERVICE_EXTENSIONS), e.g. @kit-js/packages/development' })
    .option('page', { type: 'string', describe: "the folder whose index.html is the page (an app's), relative to the workspace; default: the app kit starts in, else the workspace root's (several: /preview/ lists them)" })
    .option('mode', { type: 'string', describe: 'import.meta.env.MODE and the .env.<mode> files read (default: development, or production for production outputs)' })
    .option('reload', { type: 'boolean', default: true, describe: 'an open preview reloads itself after a valid code change; --no-reload shows a notice instead (also kit.json "reload": false)' })
    .option('log-level', { choices: LOG_LEVELS, default: 'info' as LogLevel, describe: 'what the terminal reports: debug (info, and the stack of an internal error), info (rebuilds, reloads, errors), warn, error (errors only), silent' }) as Argv<T & ServiceArgs>;
}

/** The address to listen on: loopback unless `--host` says otherwise (never `HOST`). */
export function listenHost(host: string | undefined): string {
  if (host === undefined) return '127.0.0.1';
  return host.trim() === '' ? '0.0.0.0' : host;
}

/**
 * Starts the service of the workspace and serves until SIGINT/SIGTERM. `development`: the
 * development extension is on whatever the environment says (`kit dev`).
 */
export async function serveWorkspace(args: ServiceArgs, command: 'run' | 'dev', development = false): Promise<void> {
  // The service's parts (h3, listhen, the watcher) are loaded by the serving commands alone: every other command starts without them.
  const [{ startService }, { checkHost, choosePort, describeListenError, parsePort }, { formatStartUp }] = await Promise.all([import('../../serve/server.js'), import('../listen.js'), import('../start-up.js')]);
  const port = parsePort(args.port);
  const environment = readServiceEnvironment(process.env, args.extensions);
  if (!environment.ok) throw new UserError(environment.reason);
  const withDevelopment = environment.development || development;
  const root = findWorkspace(args.cwd, command);
  const host = listenHost(args.host);
  await checkHost(host);
  const { port: free, taken } = await choosePort(host, port, args['strict-port']);
  const reporter = new RunReporter(root, args['log-level'], args.reload);
  const page = pageFolder(new WorkspaceLoader(root).load(), args.cwd, args.page);
  const options = { root, page, mode: args.mode, port: free, host, allowedHosts: args['allowed-host'], development: withDevelopment, cdnOrigin: environment.cdnOrigin, reload: args.reload, remote: openRemoteCache(root, args), debug: args['log-level'] === 'debug', onBuild: reporter.outcome, onPageError: reporter.pageError, onPageChanged: reporter.pageChanged };
  const service = await startService(options).catch((error: unknown) => {
    throw describeListenError(error, host, free) ?? error;
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
  reporter.info(formatStartUp({ url: service.url, host, development: withDevelopment, readyMs, taken }, c));
}
