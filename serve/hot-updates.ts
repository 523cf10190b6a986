import { formatUpdateAddress, hotChanges, hotUpdateModule, judgedOptions, updatedHash, type FileUpdate, type HotManifest, type ModuleInfo } from '../compiler/index.js';
import type { HotModuleUpdate } from './hot-event.js';

export type { HotModuleUpdate };

/** A module's build as the open previews run it: the last valid one announced. */
export interface RunningBuild {
  hash: string;
  hot?: HotManifest;
  /** Its code (the factories a file's update is cut from). */
  code?: string;
  /** Files the page got made on their own (`fileUpdateOf`), by the version of their source: the module's next build does not send them again. */
  delivered?: Record<string, string>;
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
  // Made on their own from the same source, the page has them (linked whole, a factory differs by what linking leaves out).
  const delivered = before.delivered ?? {};
  changes.files = changes.files.filter((id) => !delivered[id] || delivered[id] !== manifest.files[id].source);
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

/**
 * What a page running `before` applies when edited files of the module were made on their
 * own (`hotFileUpdate`): those files, each at its update address, and the build the page then
 * runs (the same manifest, those files new), from which the module's next build goes on.
 */
export function fileUpdateOf(module: ModuleInfo, before: RunningBuild & { hot: HotManifest }, updates: FileUpdate[]): { update: HotModuleUpdate; running: RunningBuild } {
  const at = { packageName: module.package.name, version: module.package.version, subpath: module.subpath };
  const files = { ...before.hot.files };
  const delivered = { ...before.delivered };
  const announced = updates.map(({ id, hash, source, body }) => {
    files[id] = { ...files[id], hash, source };
    delivered[id] = source;
    const url = formatUpdateAddress({ ...at, hash, path: files[id].path }, judgedOptions(module));
    keep(decodeURIComponent(url.slice(0, url.indexOf('?'))), body);
    return { id, path: files[id].path, url };
  });
  const hash = updatedHash(before.hash, updates);
  return {
    update: { vspecifier: module.vspecifier, from: before.hash, hash, files: announced, pruned: [] },
    running: { hash, hot: { ...before.hot, files }, delivered },
  };
}
