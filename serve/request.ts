import type { H3Event } from 'h3';
import { rememberLast } from './memo.js';

/** A request target as routes read it. Shared by the requests with that target: read it, never change it. */
export interface RequestTarget {
  /** Why kit refuses the target, when it does (see `checkRequestTarget`); the rest is then empty. */
  refusal?: string;
  /** The decoded path. */
  path: string;
  query: URLSearchParams;
  rawQuery: string;
}

/** The target of a request, parsed once per distinct target among the last few hundred. */
export function requestTarget(event: H3Event): RequestTarget {
  return parsedTarget(event.node.req.url ?? '/');
}

const parsedTarget = rememberLast(256, parseTarget);

/**
 * Refuses request targets kit never produces, before any route reads them: a fragment, a
 * backslash (raw or encoded), NUL, a broken `%` escape, a repeated option. Routes then see
 * only clean, decoded paths.
 */
function parseTarget(target: string): RequestTarget {
  const [path, rawQuery = ''] = splitOnce(target, '?');
  const refuse = (why: string): RequestTarget => ({ refusal: `the request target ${why}`, path: '', query: new URLSearchParams(), rawQuery: '' });
  if (target.includes('#')) return refuse("contains '#'");
  if (/\\|%5c/i.test(target)) return refuse('contains a backslash');
  if (/\0|%00/.test(target)) return refuse('contains NUL');
  if (/%(?![0-9a-f]{2})/i.test(target)) return refuse("has a '%' that is not an escape");
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
    decodeURIComponent(rawQuery);
  } catch {
    return refuse('does not decode as UTF-8');
  }
  const keys = rawQuery.split('&').filter(Boolean).map((pair) => decodeURIComponent(splitOnce(pair, '=')[0]));
  if (new Set(keys).size !== keys.length) return refuse('repeats an option; each address has one canonical query');
  return { path: decoded, query: new URLSearchParams(rawQuery), rawQuery };
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}

/**
 * One request header, as Node.js parsed it (names lower-case, repeats joined). h3's
 * `getRequestHeader` copies every header first: this is on every request's path.
 */
export function requestHeader(event: H3Event, name: Lowercase<string>): string | undefined {
  const value = event.node.req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
