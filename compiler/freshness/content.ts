import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileStamp, isSteadyStamp } from './stamp.js';

const digest = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * A content digest of `path`: `-` when absent. A directory's is that of its listing, so an
 * added or removed entry changes it (edits inside do not: only a watcher sees those).
 */
export function contentHash(path: string): string {
  try {
    return digest(readFileSync(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EISDIR') return '-';
    try {
      return digest(readdirSync(path).sort().join('\n'));
    } catch {
      return '-';
    }
  }
}

/** Digests by path, with the stat they were taken at: a file many builds read (a tsconfig, a package.json) is read once. */
const hashes = new Map<string, { stamp: string; hash: string }>();
const HASHES_KEPT = 20_000;

/**
 * `contentHash(path)`, read again only when the file's stat changed since it was last read
 * (a stat too close to a write to be trusted never matches: see stamp.ts).
 */
export function currentHash(path: string, stamp = fileStamp(path).stamp): string {
  const known = hashes.get(path);
  if (known && known.stamp === stamp) return known.hash;
  const hash = contentHash(path);
  if (hashes.size >= HASHES_KEPT) hashes.clear();
  hashes.set(path, { stamp, hash });
  return hash;
}

/**
 * Remembers the digest of a file's content as a build read it, at the stamp taken just before:
 * the file's record then needs no second read. A racy stamp is never asked for again.
 */
export function rememberContent(path: string, stamp: string, content: Buffer): void {
  if (!isSteadyStamp(stamp)) return;
  if (hashes.size >= HASHES_KEPT) hashes.clear();
  hashes.set(path, { stamp, hash: digest(content) });
}

