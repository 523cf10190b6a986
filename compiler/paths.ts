import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
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

/**
 * A new directory named `prefix` and a random suffix, with the mode `mkdir` gives (the umask
 * applies): unlike `mkdtemp`'s private 0700, what is renamed into place from it can be read by
 * a web server running as another user.
 */
export function makeUniqueDir(prefix: string): string {
  for (;;) {
    const dir = `${prefix}${randomBytes(6).toString('hex')}`;
    try {
      mkdirSync(dir);
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
