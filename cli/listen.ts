import { getPort, isUnsafePort } from 'get-port-please';
import { lookup } from 'node:dns/promises';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { UserError } from './output.js';

/** `--port`: a whole number from 0 (any free port) to 65535. */
export function parsePort(raw: string): number {
  const port = /^\d{1,5}$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UserError(`--port ${raw} is not a port; pass a number from 1 to 65535, or 0 for any free port`);
  // Browsers refuse these (6000 for X11, say): a service there could not be opened.
  if (isUnsafePort(port)) throw new UserError(`--port ${port} is one browsers refuse to connect to; pass another, such as 4173 (the default)`);
  return port;
}

/** `--host`: an address of this machine (or every address: 0.0.0.0, ::), or a name that resolves to one. */
export async function checkHost(host: string): Promise<void> {
  const own = new Set(['0.0.0.0', '::', ...Object.values(networkInterfaces()).flatMap((list) => list?.map((i) => i.address) ?? [])]);
  const addresses = await lookup(host, { all: true }).catch(() => []);
  if (!addresses.some(({ address }) => own.has(address) || address.startsWith('127.'))) {
    throw new UserError(`--host ${host} is not an address of this machine; pass 127.0.0.1 (the default), a bare --host (0.0.0.0) for every interface, or one of its own`);
  }
}

/** The port `kit run` listens on, and the one it asked for when that was taken. */
export interface ChosenPort {
  port: number;
  taken?: number;
}

/**
 * The port to listen on, as Vite chooses it: the one asked for when it is free, else (unless
 * `strict`) the next free one above it. Only a port in use is passed over: one this user may
 * not open (below 1024) is the user's to change, and is refused as before.
 */
export async function choosePort(host: string, wanted: number, strict: boolean): Promise<ChosenPort> {
  if (wanted === 0) return { port: 0 };
  const code = await tryListen(host, wanted);
  if (code === undefined) return { port: wanted };
  if (code !== 'EADDRINUSE' || strict) throw describeListenError({ code }, host, wanted) ?? new UserError(`port ${wanted} on ${host} cannot be opened (${code}); pass --port <another>`);
  // get-port-please walks the range in order and skips the ports browsers refuse.
  const next = wanted < 65535 ? await getPort({ host, port: wanted + 1, portRange: [wanted + 1, 65535], random: false, verbose: false }).catch(() => undefined) : undefined;
  if (next === undefined) throw new UserError(`port ${wanted} on ${host} is in use and no port above it is free; pass --port 0 for any free port`);
  return { port: next, taken: wanted };
}

/** Opens and closes `port` on `host`: undefined when it could be opened, else the error's code. */
function tryListen(host: string, port: number): Promise<string | undefined> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'EADDRINUSE'));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => done(undefined)));
  });
}

/** The user's reading of a failure to listen, or undefined when it is not one of theirs. */
export function describeListenError(error: unknown, host: string, port: number): UserError | undefined {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? '';
  // listhen checks the port first: a taken one is its "Unable to find an available port".
  if (code === 'EADDRINUSE' || /Unable to find an available port/.test(message)) {
    return new UserError(`port ${port} on ${host} is in use (another kit run?); pass --port <another>, or --port 0 for any free port`);
  }
  if (code === 'EACCES') return new UserError(`listening on port ${port} needs privileges this user lacks; pass --port 1024 or above`);
  return undefined;
}
