import { createApp, eventHandler, type App, type H3Event } from 'h3';
import { refuse, type Answer } from './answer.js';
import type { ServiceContext } from './context.js';
import { checkHost, checkMethod, checkRequestTarget, checkSameOrigin } from './guard.js';
import { requestHeader, requestTarget } from './request.js';
import { respond } from './respond.js';
import { answerOpenInEditor } from './routes/editor.js';
import { answerPageError } from './routes/page-error.js';
import { answerPublicFile } from './routes/public.js';
import { answerEvents } from './routes/events.js';
import { answerFrame } from './routes/frame.js';
import { answerModuleAddress } from './routes/modules.js';
import { answerEntryList, answerPreviewPage } from './routes/preview.js';
import { answerState } from './routes/reports.js';
import { answerSelection } from './routes/selection.js';
import { answerUpdate } from './routes/updates.js';
import { reactRefreshScript, runtimeScript } from './runtime.js';

/** A route answers a request; it never writes the response (`respond` does). */
type Route = (ctx: ServiceContext, event: H3Event) => Answer | Promise<Answer>;

const READ = 'GET, HEAD';

/** Development paths: answered only with the development extension, and only to this origin. */
const DEVELOPMENT_ROUTES: [test: (path: string) => boolean, route: Route, methods: string][] = [
  [(p) => p === '/state', answerState, READ],
  [(p) => p === '/preview', () => ({ kind: 'redirect', location: '/preview/', status: 308 }), READ],
  [(p) => p === '/preview/', answerPreviewPage, READ],
  [(p) => p === '/preview/entry.json', answerEntryList, READ],
  [(p) => p === '/preview/@kit/runtime.js', async () => ({ kind: 'text', body: await runtimeScript(), type: 'text/javascript; charset=utf-8' }), READ],
  [(p) => p === '/preview/@kit/react-refresh.js', async () => ({ kind: 'text', body: await reactRefreshScript(), type: 'text/javascript; charset=utf-8' }), READ], // React Fast Refresh, before a React app
  [(p) => p === '/preview/@kit/frame', answerFrame, READ],
  [(p) => p === '/preview/@kit/open-in-editor', answerOpenInEditor, 'POST'], // JSON, same origin only (checkSameOrigin)
  [(p) => p === '/preview/@kit/page-error', answerPageError, 'POST'], // an error the page threw, to the terminal; JSON, same origin only
  [(p) => p === '/events', answerEvents, READ],
  [(p) => p.startsWith('/u/'), answerUpdate, READ],
  [(p) => p === '/development/selection', answerSelection, 'GET, HEAD, PUT, DELETE'],
];

/** The whole service: every request is answered by `answerRequest` and sent by `respond`, here and nowhere else. */
export function createServiceApp(ctx: ServiceContext): App {
  const allowedHosts = new Set([...(ctx.options.allowedHosts ?? []), ctx.options.host ?? '127.0.0.1'].map((h) => h.toLowerCase()));
  const app = createApp({
    onError: async (error, event) => {
      // A fault of ours: answer 500 in the one error shape, and say on the terminal what failed
      // (the stack only when asked for: `--log-level debug`).
      const cause = (error.cause as Error | undefined) ?? error;
      process.stderr.write(`kit: internal error answering ${event.method} ${event.path}: ${cause.message}\n${ctx.options.debug ? `${cause.stack ?? ''}\n` : ''}`);
      // Awaited: h3 sends its own error body unless the response is done when this returns.
      if (!event.handled) await respond(event, refuse('INTERNAL_ERROR', 'kit failed while answering; the terminal shows why'));
    },
  });
  app.use(eventHandler(async (event) => respond(event, await answerRequest(ctx, allowedHosts, event))));
  return app;
}

/** The answer to a request, in the order a request meets the service. */
function answerRequest(ctx: ServiceContext, allowedHosts: Set<string>, event: H3Event): Answer | Promise<Answer> {
  const refused = checkHost(event, allowedHosts) ?? checkRequestTarget(event); // DNS rebinding; targets kit never makes
  if (refused) return refused;
  const { path } = requestTarget(event);
  if (path.startsWith('/m/')) return answerModuleAddress(ctx, event); // code, styles, assets
  if (path === '/' && ctx.options.development) return { kind: 'redirect', location: '/preview/', status: 302 }; // the printed address opens the preview
  const [, route, methods] = DEVELOPMENT_ROUTES.find(([test]) => test(path)) ?? [];
  // The page's public/ files, at its root and beside the preview, after kit's own paths.
  const publicFile = !route && ctx.options.development && (event.method === 'GET' || event.method === 'HEAD') ? answerPublicFile(ctx, path, requestHeader(event, 'referer')) : undefined;
  if (publicFile) return publicFile;
  if (!route || !methods) return refuse('NOT_FOUND', `nothing is served at ${path}; modules live at /m/<package>@<version>/…${ctx.options.development ? ', the preview at /preview/' : ''}`);
  if (!ctx.options.development) return refuse('EXTENSION_DISABLED', `${path} needs the development extension; start kit run with KIT_SERVICE_EXTENSIONS=@kit-js/packages/development`);
  return checkMethod(event, methods) ?? checkSameOrigin(event) ?? route(ctx, event); // other sites must not read development outputs
}
