import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
// Types only: TypeScript 7's API is loaded on the first check (see `load`), so `kit run` starts without it.
import type * as Native from 'typescript-native/unstable/async';

export type Api = Native.API;
export type Snapshot = Native.Snapshot;
export type Project = Native.Project;
export type Diagnostic = Native.Diagnostic;
/** The API's private client (7.0.2): kit needs its process. */
interface Client {
  connect(): Promise<void>;
  close(): Promise<void>;
  apiRequest<T>(method: string, params?: unknown): Promise<T>;
  process?: ChildProcess;
}
export type UpdateParams = NonNullable<Parameters<Api['updateSnapshot']>[0]>;

/** The name TypeScript 7 is installed under, beside TypeScript 5.9 (package.json: `npm:typescript@7.0.2`). */
const PACKAGE = 'typescript-native';

let loading: Promise<typeof Native> | undefined;
function load(): Promise<typeof Native> {
  return (loading ??= import('typescript-native/unstable/async'));
}

/** One native process and the snapshot kit last made of it. */
export interface Session {
  api: Api;
  client: Client;
  child: ChildProcess;
  /** Rejects when the process exits on its own; raced with every request. */
  died: Promise<never>;
  dead?: Error;
  snapshot?: Snapshot;
  /** The tsconfig files this session holds open (ref-counted by TypeScript until closed). */
  opened: Set<string>;
  /** Files of each project in the current snapshot, asked once per snapshot. */
  names: Map<Project, Promise<Set<string>>>;
  /** Diagnostics of each project's options and tsconfig, asked once per snapshot. */
  projectDiagnostics: Map<Project, Promise<readonly Diagnostic[]>>;
}

/**
 * Starts TypeScript 7's native process (`tsc --api --async`) for the workspace at `root`. Its
 * client is private, but kit needs its process: for memory, and for the process's exit, which
 * the client does not notice (requests in flight would never settle). TypeScript reads a
 * file through `readVirtual` first (undefined: from the disk).
 */
export async function startSession(root: string, executable: string | undefined, readVirtual: (file: string) => string | undefined): Promise<Session> {
const { API } = await load().catch((error: Error) => {
    loading = undefined;
    throw new Error(`TypeScript 7 (${PACKAGE}) could not be loaded: ${error.message}`);
  });
  const api = new API({
    cwd: root,
    // By default the one installed, or (KIT_TSC_SERVICE) bin/kit.js's wrapper of it: see bin/in-own-session.sh.
    ...((executable ?? process.env.KIT_TSC_SERVICE) ? { tsserverPath: executable ?? process.env.KIT_TSC_SERVICE } : {}),
    // `undefined` lets TypeScript read the file itself; a string is the file's text.
    fs: { readFile: readVirtual },
  });
  // The client starts the process on its first request. Its handle is private, but kit needs
  // it: for memory, and for the process's exit, which the client does not notice (requests in
  // flight never settle).
  const client = (api as unknown as { client?: Client }).client;
  try {
    await client?.connect();
  } catch (error) {
    throw new Error(`TypeScript 7's native process could not start: ${(error as Error).message}`);
  }
  const child = client?.process;
  if (!client || !child?.stdin) throw new Error(`TypeScript 7's API client is not the one kit knows (${PACKAGE} 7.0.2): it has no process`);
  let fail!: (error: Error) => void;
  const died = new Promise<never>((_, reject) => (fail = reject));
  died.catch(() => undefined);
  const session: Session = { api, client, child, died, opened: new Set(), names: new Map(), projectDiagnostics: new Map() };
  const die = (error: Error) => {
    if (session.dead) return;
    session.dead = error;
    fail(error);
  };
  child.once('exit', (code, signal) => die(new Error(`TypeScript 7's native process (pid ${child.pid}) exited ${signal ? `on ${signal}` : `with code ${code}`}; the next check starts a new one`)));
  // The client's JSON-RPC library turns a message written to a closed pipe into an unhandled
  // rejection, which would end kit. So nothing new is sent to a process that is gone, and a
  // message already on its way when it went is dropped quietly: its request is failed by `died`.
  const stdin = child.stdin;
  stdin.on('error', () => undefined);
  const write = stdin.write.bind(stdin) as (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
  // A write the process never reads (it died before node noticed: EPIPE) reports success too.
  stdin.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    const quietly = () => (typeof done === 'function' ? done() : undefined);
    if (!session.dead && !stdin.destroyed && !stdin.writableEnded) return write(chunk, typeof encoding === 'string' ? encoding : 'utf8', quietly);
    queueMicrotask(quietly);
    return false;
  }) as typeof stdin.write;
  const send = client.apiRequest.bind(client);
  client.apiRequest = (method, params) => {
    if (stdin.destroyed || stdin.writableEnded) die(new Error(`TypeScript 7's native process (pid ${child.pid}) closed its input; the next check starts a new one`));
    return session.dead ? Promise.reject(session.dead) : send(method, params);
  };
  return session;
}


/** Ends a session's process: its snapshots released, its input closed, killed if it does not exit within 2 s. */
export async function stopSession(session: Session): Promise<void> {
  const { child } = session;
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((done) => child.once('exit', () => done()));
  try {
    // Releases the snapshots, then ends the process's input: it exits by itself. A process
    // already gone is sent nothing.
    if (!session.dead) await Promise.race([session.api.close(), exited]);
    else await session.client.close();
  } catch {
    // Gone meanwhile.
  }
  session.dead ??= new Error("TypeScript 7's native process was closed");
  const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
  await exited;
  clearTimeout(timer);
}

/** A process's resident memory in bytes (Linux), undefined when there is none. */
export function processRss(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = /VmRSS:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
