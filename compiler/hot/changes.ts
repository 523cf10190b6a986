import type { HotManifest } from './assemble.js';

/** What an edit changed in a module's hot development output, as the page applies it. */
export interface HotChanges {
  /** The ids of the files whose factories are new or changed: these run again. */
  files: string[];
  /** The ids of the files the output no longer holds: their `prune` handlers run. */
  pruned: string[];
  /** Why no file can be replaced alone (the page reloads instead). */
  reload?: string;
}

/**
 * The files of `after` that differ from `before` (the build the page runs): each factory's
 * digest tells. What the output exports is fixed when the page loads it, so a change of the
 * entry or of its exported names is a reload.
 */
export function hotChanges(before: HotManifest, after: HotManifest): HotChanges {
  const files = Object.keys(after.files).filter((id) => before.files[id]?.hash !== after.files[id].hash);
  const pruned = Object.keys(before.files).filter((id) => !(id in after.files));
  if (before.entry !== after.entry) return { files, pruned, reload: 'the module has another entry file' };
  if (before.exports.join() !== after.exports.join() || before.stars.join() !== after.stars.join()) return { files, pruned, reload: 'the names the module exports changed' };
  return { files, pruned };
}
