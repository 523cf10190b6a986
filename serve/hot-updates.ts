import { formatUpdateAddress, hotChanges, hotUpdateModule, judgedOptions, type HotManifest, type ModuleInfo } from '../compiler/index.js';
import type { HotModuleUpdate } from './hot-event.js';

export type { HotModuleUpdate };

/** A module's build as the open previews run it: the last valid one announced. */
export interface RunningBuild {
  hash: string;
  hot?: HotManifest;
  /** Its code (the factories a file's update is cut from). */
  code?: string;
}

/**
 * The files announced lately, as their update addresses serve them, by address path: a page
 * still applying one update while a newer build replaced the module gets what it was told of
 * (not 409), and its next update starts where this one left it.
 */
const announced = new Map<string, string>();
const ANNOUNCED_LIMIT = 256;

/** The body an update address was announced with, while it is kept. */
export function announcedUpdate(path: string): string | undefined {
  return announced.get(path);
}

/**
 * What a page running `before` applies to run `after` instead: the changed files and where
 * each is served. Undefined when either build is not made of replaceable files (a custom
 * bundler's, say): the page then reloads on the `build.ended` that follows, as before.
 */
export function hotUpdateOf(module: ModuleInfo, before: RunningBuild, after: RunningBuild): HotModuleUpdate | undefined {
  if (!before.hot || !after.hot) return undefined;
  const manifest = after.hot;
  const changes = hotChanges(before.hot, manifest);
  const at = { packageName: module.package.name, version: module.package.version, subpath: module.subpath };
  const files = changes.files.map((id) => {
    const file = manifest.files[id];
    const url = formatUpdateAddress({ ...at, hash: file.hash, path: file.path }, judgedOptions(module));
    // Kept by the path the route reads: decoded, as every request's path is.
    if (after.code) keep(decodeURIComponent(url.slice(0, url.indexOf('?'))), hotUpdateModule(module.vspecifier, after.code, manifest, id)!);
    return { id, path: file.path, url };
  });
  return { vspecifier: module.vspecifier, from: before.hash, hash: after.hash, files, pruned: changes.pruned, ...(changes.reload ? { reload: changes.reload } : {}) };
}

function keep(path: string, body: string): void {
  announced.delete(path);
  announced.set(path, body);
  if (announced.size > ANNOUNCED_LIMIT) announced.delete(announced.keys().next().value!);
}
