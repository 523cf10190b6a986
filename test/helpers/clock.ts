import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileStamp, RACY_MS } from '../../lib/compiler/freshness/stamp.js';

/**
 * True when a file or folder under `dir` (itself included) was written too recently for its
 * stamp to be trusted. Links are not followed (a workspace's link to kit is kit's own folder).
 */
function anyRacy(dir: string): boolean {
  if (fileStamp(dir).racy) return true;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory() ? anyRacy(path) : fileStamp(path).racy) return true;
  }
  return false;
}

/**
 * Waits until every file and folder under `root` has a steady stamp (stamp.ts): a stamp taken
 * within a file clock's tick of a write never matches, so a test that means "nothing changed
 * since" waits for this fact, not for a guess of the time.
 */
export async function untilSteady(root: string): Promise<void> {
  while (anyRacy(root)) await new Promise((done) => setTimeout(done, 2));
}

/**
 * Lets a file clock's tick pass: a file written after this has a later mtime than the time
 * read before it. For a test whose input is a write some time after an event (a build begun).
 */
export function afterFileClockTick(): Promise<void> {
  return new Promise((done) => setTimeout(done, RACY_MS));
}
