import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { toNodeListener } from 'h3';
import { listen } from 'listhen';
import { createServiceApp } from './app.js';
import { answerClientErrors } from './client-error.js';
import { createContext, type ServiceContext, type ServiceOptions } from './context.js';
import { watchWorkspace } from './watch.js';
import { checkInBackground, closeCheckers, preloadBundlers, reachAhead } from '../compiler/index.js';

/** A running service. */
export interface Service {
  url: string;
  context: ServiceContext;
  /** Announces `stopping`, lets in-flight requests finish, and closes. */
  close(): Promise<void>;
}

/** Starts the service of the workspace at `options.root` on loopback (unless told otherwise). */
export async function startService(options: ServiceOptions): Promise<Service> {
  const context = createContext(options);
  const hostname = options.host ?? '127.0.0.1';
  const listener = await listen(toNodeListener(createServiceApp(context)), {
    hostname,
    port: options.port === 0 ? { port: 0, random: true } : (options.port ?? 4173),
    public: hostname !== '127.0.0.1' && hostname !== 'localhost' && hostname !== '::1',
    showURL: false,
    open: false,
    clipboard: false,
    qr: false,
    tunnel: false,
    autoClose: false,
    isProd: true,
  });
  answerClientErrors(listener.server);
  const watcher = options.development ? watchWorkspace(context) : undefined;
  let closing = false;
  if (options.development) startChecking(context, () => !closing);
  if (options.development) prepareWhenIdle(context, listener.server);
  const address = listener.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}/`;
  return {
    url,
    context,
    async close() {
      closing = true;
      // Event streams still waiting for the watcher's first scan open now, and hear `stopping` too.
      context.freshness?.fail();
      await context.freshness?.settled;
      context.channel.publish('stopping', {});
      await watcher?.close();
      listener.server.closeIdleConnections?.();
      await listener.close();
      await closeCheckers();
      await context.compiler.remote?.flush();
    },
  };
}

/**
 * Type-checking starts with the service, in TypeScript 7's own process, so a request waits
 * only for what is not checked yet; editors get kit's view of the workspace at once. The
 * bundlers the workspace selects are loaded meanwhile, and one `ts` module built and dropped
 * (`Compiler.warmUp`), so its first requests do not wait for either; once the watcher is ready,
 * what each module's verdict rests on is walked (`reachAhead`). Nothing starts once the
 * service is closing (`open` says false): a check then would start TypeScript 7 again.
 */
function startChecking(context: ServiceContext, open: () => boolean): void {
  setImmediate(() => {
    const workspace = context.loader.load();
    checkInBackground(workspace);
    // Once the watcher vouches for the files, what each module's verdict rests on is walked too.
    const freshness = context.freshness;
    void freshness?.settled.then(() => (open() ? reachAhead(context.loader.load(), freshness) : undefined));
    void preloadBundlers(workspace.modules)
      .then(() => (open() ? context.compiler.warmUp(workspace) : undefined))
      .catch(() => undefined);
  });
}

/** How long the service has nothing to answer before it readies the `ts` emit. */
const IDLE_MS = 1000;

/**
 * Once the service has had nothing to answer for a moment (no request in flight, the event
 * streams aside, and none ended lately), the compiler readies the `ts` bundler's emit (see
 * `Compiler.prepare`): after a restart served from the disk cache, the first edit would
 * otherwise wait for TypeScript to load and parse the workspace.
 */
function prepareWhenIdle(context: ServiceContext, server: Server): void {
  let last = Date.now();
  let answering = 0;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    last = Date.now();
    if (request.url?.startsWith('/events')) return; // open for as long as a page is
    answering++;
    response.once('close', () => {
      answering--;
      last = Date.now();
    });
  });
  const look = () => {
    const quiet = Date.now() - last;
    if (answering > 0 || quiet < IDLE_MS) return void setTimeout(look, answering > 0 ? IDLE_MS : IDLE_MS - quiet).unref();
    void context.compiler.prepare(context.loader.load(), () => answering === 0 && Date.now() - last >= IDLE_MS);
  };
  setTimeout(look, IDLE_MS).unref();
}
