import { createApp, eventHandler, send, sendRedirect, setResponseHeader, setResponseStatus, type App, type H3Event } from 'h3';
import { deferBackgroundChecks } from '../compiler/index.js';
import type { ServiceContext } from './context.js';
import { checkHost, checkRequestTarget, checkSameOrigin, setCommonHeaders } from './guard.js';
import { requestTarget } from './request.js';
import { sendError } from './respond.js';
import { serveOpenInEditor } from './routes/editor.js';
import { serveEvents } from './routes/events.js';
import { serveFrame } from './routes/frame.js';
import { serveModuleAddress } from './routes/modules.js';
import { serveEntryList, servePreviewPage } from './routes/preview.js';
import { serveState } from './routes/reports.js';
import { serveSelection } from './routes/selection.js';
import { serveUpdate } from './routes/updates.js';
import { runtimeScript } from './runtime.js';
import { afterQueuedFileEvents } from './watch.js';

type Route = (ctx: ServiceContext, event: H3Event) => Promise<void> | void;

const READ = 'GET, HEAD';

/** Development paths: answered only with the development extension, and only to this origin. */
const DEVELOPMENT_ROUTES: [test: (path: string) => boolean, route: Route, methods: string][] = [
  [(p) => p === '/state', serveState, READ],
  [(p) => p === '/preview', (_c, e) => sendRedirect(e, '/preview/', 308), READ],
  [(p) => p === '/preview/', servePreviewPage, READ],
  [(p) => p === '/preview/entry.json', serveEntryList, READ],
  [(p) => p === '/preview/@kit/runtime.js', async (_c, e) => send(e, await runtimeScript(), 'text/javascript; charset=utf-8'), READ],
  [(p) => p === '/preview/@kit/frame', serveFrame, READ],
  [(p) => p === '/preview/@kit/open-in-editor', serveOpenInEditor, 'POST'], // JSON, same origin only (checkSameOrigin)
  [(p) => p === '/events', serveEvents, READ],
  [(p) => p.startsWith('/u/'), serveUpdate, READ],
  [(p) => p === '/development/selection', serveSelection, 'GET, HEAD, PUT, DELETE'],
];

/** The whole service, in the order a request meets it. */
export function createServiceApp(ctx: ServiceContext): App {
  const allowedHosts = new Set([...(ctx.options.allowedHosts ?? []), ctx.options.host ?? '127.0.0.1'].map((h) => h.toLowerCase()));
  const app = createApp({
    onError: (error, event) => {
      // A fault of ours: answer 500 in the one error shape, and say on the terminal what failed
      // (the stack only when asked for: `--log-level debug`).
      const cause = (error.cause as Error | undefined) ?? error;
      process.stderr.write(`kit: internal error answering ${event.method} ${event.path}: ${cause.message}\n${ctx.options.debug ? `${cause.stack ?? ''}\n` : ''}`);
      if (!event.handled) void sendJsonError(event);
    },
  });
  app.use(
    eventHandler(async (event) => {
      setCommonHeaders(event); // nosniff on every response
      const refused = checkHost(event, allowedHosts) ?? checkRequestTarget(event); // DNS rebinding; targets kit never makes
      if (refused) return refused;
      const { path } = requestTarget(event);
      if (path.startsWith('/m/')) return moduleAddress(ctx, event); // code, styles, assets
      if (path === '/' && ctx.options.development) return sendRedirect(event, '/preview/', 302); // the printed address opens the preview
      const [, route, methods] = DEVELOPMENT_ROUTES.find(([test]) => test(path)) ?? [];
      if (!route || !methods) return sendError(event, 'NOT_FOUND', `nothing is served at ${path}; modules live at /m/<package>@<version>/…${ctx.options.development ? ', the preview at /preview/' : ''}`);
      if (!ctx.options.development) return sendError(event, 'EXTENSION_DISABLED', `${path} needs the development extension; start kit run with KIT_SERVICE_EXTENSIONS=@kit-js/packages/development`);
      if (!methods.split(', ').includes(event.method)) return methodNotAllowed(event, methods);
      return checkSameOrigin(event) ?? route(ctx, event); // other sites must not read development outputs
    }),
  );
  return app;
}

function moduleAddress(ctx: ServiceContext, event: H3Event): Promise<void> | void {
  if (event.method === 'OPTIONS') {
    // Production outputs and assets are for other hosts; development outputs are not (CONTRACT §3).
    if (!/(^|&)env=development(&|$)/.test(requestTarget(event).rawQuery)) {
      setResponseHeader(event, 'Access-Control-Allow-Origin', '*');
      setResponseHeader(event, 'Access-Control-Allow-Methods', 'GET, HEAD');
    }
    setResponseStatus(event, 204);
    return send(event, '');
  }
  if (event.method !== 'GET' && event.method !== 'HEAD') return methodNotAllowed(event, 'GET, HEAD, OPTIONS');
  // A page loading, a client fetching module after module: TypeScript 7's background work waits.
  deferBackgroundChecks(ctx.options.root);
  // With a watcher, an answer trusts it: it waits for the events of edits made before the request.
  if (ctx.changes) return afterQueuedFileEvents().then(() => serveModuleAddress(ctx, event));
  return serveModuleAddress(ctx, event);
}

function methodNotAllowed(event: H3Event, allow: string): Promise<void> {
  setResponseHeader(event, 'Allow', allow);
  return sendError(event, 'METHOD_NOT_ALLOWED', `${event.method} is not allowed here; use ${allow}`);
}

function sendJsonError(event: H3Event): Promise<void> {
  setResponseStatus(event, 500);
  setResponseHeader(event, 'Cache-Control', 'no-store');
  return send(event, JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'kit failed while answering; the terminal shows why' } }), 'application/json; charset=utf-8');
}
