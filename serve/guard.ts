import type { H3Event } from 'h3';
import { isIP } from 'node:net';
import { refuse, type ErrorAnswer } from './answer.js';
import { requestHeader, requestTarget } from './request.js';

/** Refuses a request target kit never produces (see `RequestTarget.refusal`), before any route reads it. */
export function checkRequestTarget(event: H3Event): ErrorAnswer | undefined {
  const { refusal } = requestTarget(event);
  return refusal === undefined ? undefined : refuse('REQUEST_INVALID', refusal);
}

/**
 * DNS rebinding defence: answer only a `Host` that names this machine (loopback names,
 * `*.localhost`, IP literals), the host the service was bound to, or an allowed host.
 */
export function checkHost(event: H3Event, allowed: Set<string>): ErrorAnswer | undefined {
  const header = requestHeader(event, 'host');
  const hostname = header ? hostnameOf(header) : undefined;
  if (hostname && (isLocal(hostname) || allowed.has(hostname))) return undefined;
  return refuse('HOST_NOT_ALLOWED', `the Host "${header ?? ''}" is not one this service answers; start it with --allowed-host ${hostname ?? '<name>'} to allow it`);
}

/**
 * Development outputs, reports and the channel are for pages of this origin only: a request
 * that the browser marks as coming from another site (or another port) is refused.
 */
export function checkSameOrigin(event: H3Event): ErrorAnswer | undefined {
  const site = requestHeader(event, 'sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') {
    return refuse('CROSS_SITE_FORBIDDEN', 'development outputs are served to pages of this service only');
  }
  const method = event.method;
  if (method !== 'GET' && method !== 'HEAD') {
    const origin = requestHeader(event, 'origin');
    const host = requestHeader(event, 'host');
    if (origin !== undefined && (origin === 'null' || hostOfOrigin(origin) !== host)) {
      return refuse('CROSS_SITE_FORBIDDEN', `a change from ${origin} is refused; only pages of this service may make it`);
    }
  }
  return undefined;
}

/** Refuses a method the path does not take (405), naming those it does in `Allow`. */
export function checkMethod(event: H3Event, allow: string): ErrorAnswer | undefined {
  if (allow.split(', ').includes(event.method)) return undefined;
  return { ...refuse('METHOD_NOT_ALLOWED', `${event.method} is not allowed here; use ${allow}`), allow };
}

function hostnameOf(host: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  if (bracketed) return bracketed[1];
  return host.replace(/:\d+$/, '').toLowerCase();
}

function isLocal(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || isIP(hostname) !== 0;
}

function hostOfOrigin(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
