import { createHash } from 'node:crypto';
import { send, sendRedirect, setResponseHeader, setResponseStatus, type H3Event } from 'h3';
import { STATUS_BY_CODE } from '../compiler/index.js';
import type { Answer, ArtifactAnswer, EmptyAnswer, ErrorAnswer, StreamAnswer } from './answer.js';
import { encodedBody } from './bodies.js';
import { requestHeader } from './request.js';
import { setServerTiming } from './server-timing.js';


const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a route's answer: the one place where the service writes a response (app.ts calls
 * it). Every response carries `X-Content-Type-Options: nosniff`.
 */
export function respond(event: H3Event, answer: Answer): Promise<void> {
  setResponseHeader(event, 'X-Content-Type-Options', 'nosniff');
  switch (answer.kind) {
    case 'artifact':
      return sendArtifact(event, answer);
    case 'json':
      return sendBody(event, JSON.stringify(answer.body), JSON_TYPE, answer.status, true);
    case 'text':
      return sendBody(event, answer.body, answer.type, answer.status, answer.noStore);
    case 'error':
      return sendError(event, answer);
    case 'redirect':
      return sendRedirect(event, answer.location, answer.status);
    case 'empty':
      return sendEmpty(event, answer);
    case 'stream':
      return sendStream(event, answer);
  }
}

/** The one JSON error body of CONTRACT §3: never cached, never shared with other origins. */
function sendError(event: H3Event, { code, message, diagnostics, extra, allow, timing }: ErrorAnswer): Promise<void> {
  if (allow) setResponseHeader(event, 'Allow', allow);
  setServerTiming(event, timing);
  const error = { code, message, ...(diagnostics ? { diagnostics } : {}), ...extra };
  return sendBody(event, JSON.stringify({ error }), JSON_TYPE, STATUS_BY_CODE[code], true);
}

function sendBody(event: H3Event, body: string, type: string, status = 200, noStore = false): Promise<void> {
  setResponseStatus(event, status);
  if (noStore) setResponseHeader(event, 'Cache-Control', 'no-store');
  return send(event, body, type);
}

/**
 * An artifact with a strong ETag (its body's hash) answered 304 when the client has it.
 * Production outputs and assets are for other hosts: `Access-Control-Allow-Origin: *`, and
 * from an origin they are immutable, since the address carries the exact version.
 */
function sendArtifact(event: H3Event, { body, type, audience, digest, timing }: ArtifactAnswer): Promise<void> {
  setServerTiming(event, timing);
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
  return send(event, digest && typeof body === 'string' ? encodedBody(body, digest) : body, type);
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}

/** 204; a preflight for what other origins may read says which methods they may use. */
function sendEmpty(event: H3Event, { corsMethods }: EmptyAnswer): Promise<void> {
  if (corsMethods) {
    setResponseHeader(event, 'Access-Control-Allow-Origin', '*');
    setResponseHeader(event, 'Access-Control-Allow-Methods', corsMethods);
  }
  setResponseStatus(event, 204);
  return send(event, '');
}

/** Opens the stream at once and settles when the client or the stream closes it. */
function sendStream(event: H3Event, { type, open }: StreamAnswer): Promise<void> {
  const res = event.node.res;
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  return new Promise((resolve) => {
    let stop = () => {};
    const close = () => {
      stop();
      resolve();
    };
    event.node.req.on('close', close);
    res.on('close', close);
    stop = open({ write: (chunk) => void res.write(chunk), end: () => void res.end() });
  });
}
