import type { BuildTiming, Diagnostic, ErrorCode } from '../compiler/index.js';

/** How an artifact may be cached and shared. */
export type Audience = 'development' | 'production-dev-service' | 'production-origin';

/**
 * Code, a stylesheet or an asset at its address: a strong ETag (`digest`, else the body's
 * hash), Cache-Control and CORS by `audience`, and `Server-Timing` when a build made it.
 */
export interface ArtifactAnswer {
  kind: 'artifact';
  body: string | Buffer;
  type: string;
  audience: Audience;
  digest?: string;
  timing?: BuildTiming;
}

/** A JSON report (`/state`, `/preview/entry.json`, selection): fresh on every request. */
export interface JsonAnswer {
  kind: 'json';
  body: unknown;
  status?: number;
}

/** A page or script of the preview, sent as it is; `noStore` when it shows the workspace as it is now. */
export interface TextAnswer {
  kind: 'text';
  body: string;
  type: string;
  status?: number;
  noStore?: boolean;
}

/**
 * The one JSON error body of CONTRACT §3 (status from the code table). `extra` members sit
 * beside `code` and `message`; `allow` is the 405's Allow header; a failed build still tells
 * where its time went (`timing`).
 */
export interface ErrorAnswer {
  kind: 'error';
  code: ErrorCode;
  message: string;
  diagnostics?: Diagnostic[];
  extra?: Record<string, unknown>;
  allow?: string;
  timing?: BuildTiming;
}

export interface RedirectAnswer {
  kind: 'redirect';
  location: string;
  status: 302 | 308;
}

/** 204: a preflight (`corsMethods` when other origins may read what it asks about), or a done action. */
export interface EmptyAnswer {
  kind: 'empty';
  corsMethods?: string;
}

/** Where a stream writes: chunks of its body, and its end. */
export interface StreamSink {
  write(chunk: string): void;
  end(): void;
}

/** A body that lasts as long as the client listens (`/events`): `open` starts it and returns what stops it. */
export interface StreamAnswer {
  kind: 'stream';
  type: string;
  open(sink: StreamSink): () => void;
}

/** What a route answers; only `respond` (called by app.ts) turns it into a response. */
export type Answer = ArtifactAnswer | JsonAnswer | TextAnswer | ErrorAnswer | RedirectAnswer | EmptyAnswer | StreamAnswer;

/** A refusal in the one error shape. */
export function refuse(code: ErrorCode, message: string, diagnostics?: Diagnostic[], extra?: Record<string, unknown>): ErrorAnswer {
  return { kind: 'error', code, message, ...(diagnostics ? { diagnostics } : {}), ...(extra ? { extra } : {}) };
}

/** A JSON report. */
export function json(body: unknown, status?: number): JsonAnswer {
  return status === undefined ? { kind: 'json', body } : { kind: 'json', body, status };
}
