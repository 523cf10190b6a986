import { toPlainHandler } from 'h3';
import { closeCheckers } from '../../lib/compiler/index.js';
import { createServiceApp } from '../../lib/serve/app.js';
import { createContext, type ServiceContext, type ServiceOptions } from '../../lib/serve/context.js';

/** A request as a test writes it: the target goes to the service exactly as written. */
export interface InProcessRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The service's handler in this process: no `kit run`, no port, no socket. */
export interface InProcessService {
  context: ServiceContext;
  /** The response to one request, as `fetch` would give it. */
  request(target: string, init?: InProcessRequest): Promise<Response>;
  /** Waits for the builds the answers started, and stops TypeScript 7. */
  close(): Promise<void>;
}

/** What has no body on the wire, as `fetch` sees it. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The service of the workspace at `root` (the development service unless `options` say
 * otherwise), built as `kit run` builds it and called through h3's plain handler: what
 * `respond` writes is what the test reads. No file watcher runs, so edits are seen as a
 * service whose watcher is not ready yet sees them, and `/events` (a response that lasts)
 * cannot be read here: those stay with the tests that start `kit run`.
 */
export function createInProcessService(root: string, options: Partial<ServiceOptions> = {}): InProcessService {
  const context = createContext({ root, development: true, ...options });
  const handle = toPlainHandler(createServiceApp(context));
  return {
    context,
    async request(target, { method = 'GET', headers = {}, body } = {}) {
      // A client always names the host it asked; the service answers loopback names.
      const answer = await handle({ method, path: target, headers: { host: '127.0.0.1', ...headers }, body });
      const payload = NO_BODY.has(answer.status) || method === 'HEAD' ? null : (answer.body as string | Buffer | undefined);
      return new Response(payload ?? null, { status: answer.status, headers: answer.headers });
    },
    async close() {
      await context.ahead?.settled();
      await closeCheckers();
    },
  };
}
