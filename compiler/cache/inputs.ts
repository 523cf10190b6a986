import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileStamp, isSteadyStamp } from './stamp.js';
import { isInside } from '../paths.js';

/** One file (or directory) a build read: its stat signature and content digest then. */
export interface InputRecord {
  path: string;
  stamp: string;
  hash: string;
  /** A directory stands for everything below it (`node_modules/@types`, say). */
  dir?: true;
}

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

/**
 * The record of a file from the stamp a build took when it read it, with no stat: for a file
 * the watcher has reported nothing of since before the build began. Undefined for a stamp that
 * cannot stand for the file's content (absent, racily new): such a file is stat'ed.
 */
export function recordStamped(path: string, stamp: string): InputRecord | undefined {
  return isSteadyStamp(stamp) ? { path, stamp, hash: currentHash(path, stamp) } : undefined;
}

/** The record of `path` as it is now, and its mtime (to tell whether it was written during a build). */
export function recordInput(path: string): { record: InputRecord; mtimeMs: number } {
  const { stamp, mtimeMs, directory } = fileStamp(path);
  return { record: { path, stamp, hash: currentHash(path, stamp), ...(directory ? { dir: true as const } : {}) }, mtimeMs };
}

/** True when the input still has its recorded content: a stat decides, the content when the stat changed. */
export function isUnchanged(input: InputRecord): boolean {
  const { stamp } = fileStamp(input.path);
  if (stamp === input.stamp) return true;
  if (contentHash(input.path) !== input.hash) return false;
  input.stamp = stamp;
  return true;
}

/**
 * What a failed build depends on: the files it read, and the folders of its package it read
 * them from, whose listing changes when a file it was missing appears (an import of a file yet
 * to be written), so a cached failure, on disk too, is not replayed after that.
 */
export function failedBuildInputs(inputs: readonly string[], packageDir: string): string[] {
  const folders = inputs.filter((file) => isInside(file, packageDir)).map((file) => dirname(file));
  return [...new Set([...inputs, ...folders])];
}
