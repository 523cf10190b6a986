import type { PageError } from '../page-error.js';
import type { Diagnostic } from './overlay.js';

export type { PageError };

/** The address part of a URL of this service, without origin or query; undefined for another origin or the page itself. */
function addressOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, location.href);
    if (parsed.origin !== location.origin || !parsed.pathname.startsWith('/m/')) return undefined;
    return decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
}

/** The first `url:line:column` of a stack that names a module of this service. */
function firstFrame(stack: string | undefined): Pick<PageError, 'address' | 'line' | 'column'> {
  for (const match of (stack ?? '').matchAll(/(https?:\/\/[^\s)]+?):(\d+):(\d+)/g)) {
    const address = addressOf(match[1]);
    if (address) return { address, line: Number(match[2]), column: Number(match[3]) };
  }
  return {};
}

/** What an `error` event says: a module that failed to link (a missing export), one that threw while it ran. */
export function fromErrorEvent(event: ErrorEvent): PageError {
  const message = event.message.replace(/^Uncaught /, '') || String(event.error);
  const address = addressOf(event.filename);
  if (address) return { message, address, line: event.lineno || undefined, column: event.colno || undefined };
  return { message, ...firstFrame((event.error as Error | undefined)?.stack) };
}

/** What an unhandled rejection says: its reason, and where it was made. */
export function fromRejection(event: PromiseRejectionEvent): PageError {
  const reason = event.reason as { message?: unknown; name?: unknown; stack?: string } | undefined;
  const message = reason && typeof reason.message === 'string' ? `${typeof reason.name === 'string' ? reason.name : 'Error'}: ${reason.message}` : String(event.reason);
  return { message: `unhandled rejection: ${message}`, ...firstFrame(reason?.stack) };
}

/** The overlay's line for it. */
export function pageErrorDiagnostic(error: PageError): Diagnostic {
  const where = error.address ? ` (in ${error.address}${error.line ? `:${error.line}:${error.column ?? 1}` : ''})` : '';
  return { code: 'RUNTIME_ERROR', message: `${error.message}${where}` };
}

/** Tells the service, which prints it once on its terminal. */
export function reportPageError(error: PageError): void {
  void fetch('/preview/@kit/page-error', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(error) }).catch(() => undefined);
}
