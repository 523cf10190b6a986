import { networkInterfaces } from 'node:os';
import type pc from 'picocolors';
import { KIT } from '../compiler/index.js';

type Colors = ReturnType<typeof pc.createColors>;

/** What `kit run` and `kit dev` say once they listen. */
export interface StartUp {
  /** The service's address, as `startService` gives it. */
  url: string;
  /** The address listened on: `--host` as given, 0.0.0.0 for a bare one. */
  host: string;
  development: boolean;
  /** Milliseconds from the process's start to listening. */
  readyMs: number;
  /** The port asked for, when it was in use and another was taken. */
  taken?: number;
}

const LOOPBACK = /^(localhost|127(\.\d+){3}|::1|\[::1\])$/i;
const isEveryAddress = (host: string) => host === '0.0.0.0' || host === '::';

/**
 * The start-up block, laid out as Vite's: name, version and time to ready, then one aligned
 * line per address (the network ones only when `--host` opens the service to the network),
 * the preview, and how to stop.
 */
export function formatStartUp(startUp: StartUp, c: Colors): string {
  const { port } = new URL(startUp.url);
  const local = localAddress(startUp);
  const network = networkAddresses(startUp, port);
  const main = local ?? network[0];
  const mode = startUp.development ? '' : ` ${c.dim('origin')}`;
  const lines = ['', `  ${c.green(`${c.bold('kit')} v${KIT.version}`)}${mode}  ${c.dim('ready in')} ${c.bold(String(Math.round(startUp.readyMs)))} ${c.dim('ms')}`];
  if (startUp.taken !== undefined) lines.push(`  ${c.yellow(`port ${startUp.taken} is in use, using ${port}`)}`);
  lines.push('');
  const address = (label: string, url: string) => lines.push(`  ${c.green('➜')}  ${c.bold(label)}:${' '.repeat(8 - label.length)}${c.cyan(url.replace(/:(\d+)\//, (_, p: string) => `:${c.bold(p)}/`))}`);
  if (local) address('Local', local);
  for (const url of network) address('Network', url);
  // Every interface, yet none but loopback up now: say where it listens rather than nothing.
  if (!network.length && isEveryAddress(startUp.host)) lines.push(`  ${c.green('➜')}  ${c.bold('Network')}: ${c.dim(`every interface (${startUp.host}); this machine has no network address now`)}`);
  if (startUp.development) address('Preview', `${main}preview/`);
  else lines.push(`  ${c.green('➜')}  ${c.dim('production outputs only; kit dev (or --extensions @kit-js/packages/development) adds the preview')}`);
  lines.push(`  ${c.green('➜')}  ${c.dim('press')} ${c.bold('Ctrl+C')} ${c.dim('to stop')}`, '');
  return lines.join('\n');
}

/** The address to open on this machine: none when the service listens on one network address only. */
function localAddress({ url, host }: StartUp): string | undefined {
  if (LOOPBACK.test(host)) return url;
  // Every address (0.0.0.0, ::) includes loopback.
  if (isEveryAddress(host)) return url.replace(/\/\/[^/]+:/, '//127.0.0.1:');
  return undefined;
}

/** The addresses other machines reach the service at: the host given, or each of this machine's on every address. */
function networkAddresses({ url, host }: StartUp, port: string): string[] {
  if (LOOPBACK.test(host)) return [];
  if (!isEveryAddress(host)) return [url];
  const families = host === '::' ? ['IPv4', 'IPv6'] : ['IPv4'];
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((i) => !i.internal && families.includes(i.family) && !i.address.startsWith('fe80:'))
    .map((i) => `http://${i.family === 'IPv6' ? `[${i.address}]` : i.address}:${port}/`);
}
