import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { KIT } from '../version.js';
import type { Workspace } from '../workspace/model.js';
import { isInside, makeUniqueDir, toPosix } from '../paths.js';

/** The file that marks a directory as one `kit build` wrote, so a later build may replace it. */
export const EMIT_MARKER = '.kit-emit';

export type OutputCheck = { ok: true; dir: string } | { ok: false; reason: string };

/**
 * Whether `kit build` may replace `out` (relative to the workspace) with a new emit, which
 * removes what was there. Refused: the workspace itself, a directory that contains it or a
 * package, one inside a package (its sources live there), a file, and a non-empty directory
 * kit did not write. Symbolic links are followed, so a link to the
 * workspace is the workspace.
 */
export function checkOutputDirectory(workspace: Workspace, out: string, label = out): OutputCheck {
  const dir = resolve(workspace.root, out);
  const real = realPath(dir);
  const root = realPath(workspace.root);
  const refuse = (why: string): OutputCheck => ({ ok: false, reason: `--out ${label} ${why}; choose a new or empty directory such as dist/` });
  if (real === root) return refuse('is the workspace itself');
  if (isInside(root, real)) return refuse('contains the workspace');
  for (const pkg of workspace.packages) {
    const where = `the package ${pkg.name} (${toPosix(relative(workspace.root, pkg.dir))})`;
    if (isInside(real, realPath(pkg.dir))) return refuse(`lies inside ${where}`);
    if (isInside(realPath(pkg.dir), real)) return refuse(`contains ${where}`);
  }
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) return refuse('is a file');
  if (stat && !isEmitOrEmpty(dir)) return refuse(`holds files that kit build did not write (it has no ${EMIT_MARKER})`);
  return { ok: true, dir };
}

/** True for an empty directory, one marked as an emit, or an emit written before the marker existed. */
function isEmitOrEmpty(dir: string): boolean {
  const entries = readdirSync(dir);
  if (entries.length === 0 || entries.includes(EMIT_MARKER)) return true;
  return entries.includes('importmap.json') && entries.every((name) => name === 'importmap.json' || name === 'm');
}

/** The path with symbolic links resolved, as far as it exists. */
function realPath(path: string): string {
  const missing: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    if (existsSync(dir)) return join(realpathSync(dir), ...missing.reverse());
    missing.push(basename(dir));
    if (dirname(dir) === dir) return resolve(path);
  }
}

/**
 * Writes a new directory at `target` through `fill`, atomically as far as the file system
 * allows: the files go to a sibling staging directory, the old directory is moved aside, the
 * new one moved in, and only then the old one removed. A `fill` that throws, or a process
 * killed before the swap, leaves the old directory as it was. The old one is removed by
 * node's asynchronous `rm`, its files several at a time: a 100 × 10 workspace's emit (3,100
 * files, on ext4) went in 0.30 s, against 0.60 s one file after another.
 */
export async function replaceDirectory(target: string, fill: (staging: string) => void): Promise<void> {
  mkdirSync(dirname(target), { recursive: true });
  recoverOutputDirectory(target);
  const staging = makeUniqueDir(`${target}.kit-new-`);
  try {
    writeFileSync(join(staging, EMIT_MARKER), `${JSON.stringify({ writtenBy: 'kit build', version: KIT.version })}\n`);
    fill(staging);
    if (!existsSync(target)) return renameSync(staging, target);
    const old = makeUniqueDir(`${target}.kit-old-`);
    renameSync(target, join(old, 'emit'));
    try {
      renameSync(staging, target);
    } catch (error) {
      renameSync(join(old, 'emit'), target);
      throw error;
    } finally {
      await rm(old, { recursive: true, force: true });
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * What an interrupted build left beside `target`: a previous emit moved aside goes back if
 * nothing replaced it; staging directories (kit's own, marked) are removed.
 */
export function recoverOutputDirectory(target: string): void {
  if (!existsSync(dirname(target))) return;
  const prefix = `${basename(target)}.kit-`;
  for (const name of readdirSync(dirname(target))) {
    if (!name.startsWith(prefix)) continue;
    const path = join(dirname(target), name);
    if (name.startsWith(`${prefix}old-`) && !existsSync(target) && existsSync(join(path, 'emit', EMIT_MARKER))) renameSync(join(path, 'emit'), target);
    // A previous emit whose removal was cut short may have lost its marker first: kit's layout
    // (the one folder `emit`, beside an emit in place) tells it too.
    const entries = readdirIfDir(path);
    const oldEmit = name.startsWith(`${prefix}old-`) && existsSync(target) && entries?.length === 1 && entries[0] === 'emit';
    const marked = existsSync(join(path, EMIT_MARKER)) || existsSync(join(path, 'emit', EMIT_MARKER)) || entries?.length === 0 || oldEmit;
    if (marked) rmSync(path, { recursive: true, force: true });
  }
}

function readdirIfDir(path: string): string[] | undefined {
  try {
    return readdirSync(path);
  } catch {
    return undefined;
  }
}
