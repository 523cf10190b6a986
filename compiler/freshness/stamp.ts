import { statSync } from 'node:fs';

/**
 * File clocks tick coarsely (several milliseconds), so two writes within one tick can leave
 * the same mtime, size and inode. A stamp taken that close to a write is not to be trusted:
 * it is marked racy, and whoever holds it compares contents instead (as git does).
 */
export const RACY_MS = 20;
let racyCounter = 0;

/** True for the stamp of a file that was there and not racily new: one that stands for the file's content. */
export function isSteadyStamp(stamp: string): boolean {
  return /^\d/.test(stamp);
}

/** A stat signature of `path`: `-` when absent; never equal twice while the file is racily new. */
export function fileStamp(path: string): { stamp: string; mtimeMs: number; racy: boolean; directory: boolean } {
  // Millisecond floats (microsecond precision) suffice: anything finer is inside the racy window.
  // They also spare the request path the cost of bigint stats.
  const s = statSync(path, { throwIfNoEntry: false });
  if (!s) return { stamp: '-', mtimeMs: 0, racy: false, directory: false };
  const racy = Date.now() - Math.max(s.mtimeMs, s.ctimeMs) < RACY_MS;
  return { stamp: racy ? `racy:${++racyCounter}` : `${s.mtimeMs}:${s.ctimeMs}:${s.size}:${s.ino}`, mtimeMs: Math.floor(s.mtimeMs), racy, directory: s.isDirectory() };
}

/** True when `file` was written at `since` or after, to within a stat's resolution (a file that is not there was not). */
export function writtenSince(file: string, since: number): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  return !!stat && Math.max(stat.mtimeMs, stat.ctimeMs) >= since - RACY_MS;
}
