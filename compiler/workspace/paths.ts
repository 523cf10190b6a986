import { isAbsolute, relative, sep } from 'node:path';

/** True when `path` is `dir` itself or lies below it (both absolute, already resolved). */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** A platform path with `/` separators, as diagnostics and addresses show it. */
export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
