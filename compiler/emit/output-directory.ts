import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { KIT } from '../version.js';
import type { Workspace } from '../workspace/model.js';
import { isInside, makeUniqueDir, toPosix } from '../paths.js';

/** The file that marks a directory as one `kit build` wrote, so a later build may replace it. */
export const EMIT_MARKER = '.kit-emit';

export type OutputCheck = { ok: true; dir: string } | { ok: false; reason: string };

/**
 * Whether `kit build` may write its emit into `out` (relative to the workspace). Refused: the
 * workspace itself, a directory that contains it or a package, one inside a package (its
 * sources live there), and a file. Symbolic links are followed, so a link to the workspace is
 * the workspace. Files in `out` that kit did not write are kept by the build (see
 * `replaceDirectory`).
 */
export function checkOutputDirectory(workspace: Workspace, out: string, label = out): OutputCheck {
  const dir = resolve(workspace.root, out);
  const real = realPath(dir);
  const root = realPath(workspace.root);
  const suggestion = /^(\.\/)?dist\/?$/.test(label) ? 'a directory of its own, such as build/' : 'a directory of its own, such as dist/';
  const refuse = (why: string): OutputCheck => ({ ok: false, reason: `--out ${label} ${why}; choose ${suggestion}` });
  if (real === root) return refuse('is the workspace itself');
  if (isInside(root, real)) return refuse('contains the workspace');
  for (const pkg of workspace.packages) {
    const where = `the package ${pkg.name} (${toPosix(relative(workspace.root, pkg.dir))})`;
    if (isInside(real, realPath(pkg.dir))) return refuse(`lies inside ${where}`);
    if (isInside(realPath(pkg.dir), real)) return refuse(`contains ${where}`);
  }
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) return refuse('is a file');
  return { ok: true, dir };
}

/** Files in an emit directory that kit did not write, kept by each build as they are. */
export class ForeignFileClash extends Error {
  constructor(readonly files: string[]) {
    super(`${files.join(', ')} ${files.length === 1 ? 'is' : 'are'} not kit's, and kit build writes ${files.length === 1 ? 'a file' : 'files'} there`);
  }
}

/**
 * The files of `dir` kit did not write, relative to it: those its marker does not list; in a
 * directory without a marker, every file but an emit kit wrote before markers listed files
 * (`importmap.json` and `m/` alone).
 */
export function foreignFiles(dir: string): string[] {
  const files = listFiles(dir);
  if (!files) return [];
  let listed: string[] | undefined;
  try {
    listed = (JSON.parse(readFileSync(join(dir, EMIT_MARKER), 'utf8')) as { files?: string[] }).files;
  } catch {
    const legacy = files.every((file) => file === 'importmap.json' || file.startsWith('m/'));
    if (legacy) return [];
  }
  const kits = new Set([EMIT_MARKER, ...(listed ?? [])]);
  // A marker without a list (an older kit's): its emit's own files are kit's.
  const older = listed === undefined && existsSync(join(dir, EMIT_MARKER));
  return files.filter((file) => !kits.has(file) && !(older && (file === 'importmap.json' || file === 'index.html' || file.startsWith('m/'))));
}

/** Every file below `dir`, relative to it with `/`; undefined when `dir` is not a directory. */
function listFiles(dir: string): string[] | undefined {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => toPosix(relative(dir, join(entry.parentPath, entry.name))))
      .sort();
  } catch {
    return undefined;
  }
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
 * allows: the files go to a sibling staging directory, the files of `target` kit did not
 * write are copied beside them, the old directory is moved aside, the new one moved in, and
 * only then the old one removed (by node's asynchronous `rm`, several files at a time). A
 * `fill` that throws, a file of the user's where kit writes one (`ForeignFileClash`), or a
 * process killed before the swap, leaves the old directory as it was. Returns the files kept.
 */
export async function replaceDirectory(target: string, fill: (staging: string) => void): Promise<{ kept: string[] }> {
  mkdirSync(dirname(target), { recursive: true });
  recoverOutputDirectory(target);
  const staging = makeUniqueDir(`${target}.kit-new-`);
  try {
    writeFileSync(join(staging, EMIT_MARKER), `${JSON.stringify({ writtenBy: 'kit build', version: KIT.version })}\n`);
    fill(staging);
    const written = listFiles(staging)!.filter((file) => file !== EMIT_MARKER);
    const kept = foreignFiles(target);
    const writes = new Set(written);
    const clash = kept.filter((file) => writes.has(file));
    if (clash.length) throw new ForeignFileClash(clash);
    // The list the next build tells its own files from the user's by.
    writeFileSync(join(staging, EMIT_MARKER), `${JSON.stringify({ writtenBy: 'kit build', version: KIT.version, files: written }, null, 1)}\n`);
    for (const file of kept) {
      mkdirSync(dirname(join(staging, file)), { recursive: true });
      copyFileSync(join(target, file), join(staging, file));
    }
    if (!existsSync(target)) {
      renameSync(staging, target);
      return { kept };
    }
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
    return { kept };
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
