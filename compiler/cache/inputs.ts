import { dirname } from 'node:path';
import { contentHash, currentHash } from '../freshness/content.js';
import { fileStamp, isSteadyStamp } from '../freshness/stamp.js';
import { isInside } from '../paths.js';

/** One file (or directory) a build read: its stat signature and content digest then. */
export interface InputRecord {
  path: string;
  stamp: string;
  hash: string;
  /** A directory stands for everything below it (`node_modules/@types`, say). */
  dir?: true;
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
