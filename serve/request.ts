import type { H3Event } from 'h3';

/** The decoded path and the query of a request whose target `checkRequestTarget` accepted. */
export function requestTarget(event: H3Event): { path: string; query: URLSearchParams; rawQuery: string } {
  const url = event.node.req.url ?? '/';
  const at = url.indexOf('?');
  const path = decodeURIComponent(at < 0 ? url : url.slice(0, at));
  const rawQuery = at < 0 ? '' : url.slice(at + 1);
  return { path, query: new URLSearchParams(rawQuery), rawQuery };
}
