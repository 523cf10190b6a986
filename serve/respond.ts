import { createHash } from 'node:crypto';
import { send, setResponseHeader, setResponseStatus, type H3Event } from 'h3';
import { STATUS_BY_CODE, type Diagnostic, type ErrorCode } from '../compiler/index.js';
import { requestHeader } from './request.js';

/** How an artifact may be cached and shared. */
export type Audience = 'development' | 'production-dev-service' | 'production-origin';

/** The one JSON error body of CONTRACT §3: never cached, never shared with other origins. */
export function sendError(event: H3Event, code: ErrorCode, message: string, diagnostics?: Diagnostic[], extra?: Record<string, unknown>): Promise<void> {
  setResponseStatus(event, STATUS_BY_CODE[code]);
  setResponseHeader(event, 'Cache-Control', 'no-store');
  const error = { code, message, ...(diagnostics ? { diagnostics } : {}), ...extra };
  return send(event, JSON.stringify({ error }), 'application/json; charset=utf-8');
}

/** A JSON report (`/state`, `/preview/entry.json`, selection): fresh on every request. */
export function sendJson(event: H3Event, value: unknown, status = 200): Promise<void> {
  setResponseStatus(event, status);
  setResponseHeader(event, 'Cache-Control', 'no-store');
  return send(event, JSON.stringify(value), 'application/json; charset=utf-8');
}

/**
 * An artifact with a strong ETag (its body's hash) answered 304 when the client has it.
 * Production outputs and assets are for other hosts: `Access-Control-Allow-Origin: *`, and
 * from an origin they are immutable, since the address carries the exact version.
 */
export function sendArtifact(event: H3Event, body: string | Buffer, type: string, audience: Audience, digest?: string): Promise<void> | void {
  // A build already knows its body's digest; only other bodies are hashed here.
  const etag = `"${digest ?? createHash('sha256').update(body).digest('base64url')}"`;
  setResponseHeader(event, 'ETag', etag);
  setResponseHeader(event, 'Content-Type', type);
  setResponseHeader(event, 'Cache-Control', audience === 'production-origin' ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (audience !== 'development') setResponseHeader(event, 'Access-Control-Allow-Origin', '*');
  if (matches(requestHeader(event, 'if-none-match'), etag)) {
    setResponseStatus(event, 304);
    return send(event, '');
  }
  return send(event, digest && typeof body === 'string' ? encoded(body, digest) : body, type);
}

/**
 * Bodies as bytes, by digest: a warm artifact is encoded once, not measured and encoded on
 * every request. The text is kept to compare with (the same string, as a cache hands it out,
 * compares at once): a digest names a build, and `/u/` sends another text under the same one.
 */
const bodies = new Map<string, { text: string; bytes: Buffer }>();
const BODIES_LIMIT = 16 * 1024 * 1024;
let bodiesSize = 0;

function encoded(text: string, digest: string): Buffer {
  let body = bodies.get(digest);
  if (body) bodies.delete(digest); // most recently used last
  if (body?.text !== text) {
    if (body) bodiesSize -= body.bytes.length;
    body = { text, bytes: Buffer.from(text) };
    bodiesSize += body.bytes.length;
    for (const [old, { bytes }] of bodies) {
      if (bodiesSize <= BODIES_LIMIT) break;
      bodies.delete(old);
      bodiesSize -= bytes.length;
    }
  }
  bodies.set(digest, body);
  return body.bytes;
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}
