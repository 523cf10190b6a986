import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { KIT } from '../version.js';
import type { Workspace } from '../workspace/model.js';
import { isInside, makeUniqueDir, toPosix } from '../paths.js';

/**
 * The file in which an older kit listed, inside the emit itself, the files it wrote. Read
 * when no record of the emit is kept in `.kit/`, and never written again: a host would
 * serve it.
 */
export const LEGACY_EMIT_MARKER = '.kit-emit';

/**
 * Where kit keeps the list of the files it wrote into `dir`, outside the deployed tree: in
 * the workspace's `.kit/emit/`, one record per output directory (named by its folder and a
 * digest of its real path, so `dist` and `../site/dist` never share one).
 */
export function emitRecordFile(root: string, dir: string): string {
  const key = createHash('sha256').update(realPath(dir)).digest('hex').slice(0, 12);
  return join(root, '.kit', 'emit', `${basename(dir) || 'out'}-${key}.json`);
}

export type OutputCheck = { ok: true; dir: string } | { ok: false; reason: string };

/**
 * Whether `kit build` may write its emit into `out` (relative to the workspace). Refused: the
 * workspace itself, a directory that contains it or a package, one inside a package (its
 * sources live there) but an app's own `dist/` (`appEmit`), and a file. Symbolic links are followed, so a link to the workspace is
 * the workspace. Files in `out` that kit did not write are kept by the build (see
 * `replaceDirectory`).
 */
export function checkOutputDirectory(workspace: Workspace, out: string, label = out, appEmit?: string): OutputCheck {
  const dir = resolve(workspace.root, out);
  const real = realPath(dir);
  // An app's own dist/ (its page's emit): the one folder inside a package an emit may go to; never read as sources.
  const ownDist = appEmit !== undefined && real === realPath(resolve(workspace.root, appEmit));
  const root = realPath(workspace.root);
  const suggestion = /^(\.\/)?dist\/?$/.test(label) ? 'a directory of its own, such as build/' : 'a directory of its own, such as dist/';
  const refuse = (why: string): OutputCheck => ({ ok: false, reason: `--out ${label} ${why}; choose ${suggestion}` });
  if (real === root) return refuse('is the workspace itself');
  if (isInside(root, real)) return refuse('contains the workspace');
  for (const pkg of workspace.packages) {
    const where = `the package ${pkg.name} (${toPosix(relative(workspace.root, pkg.dir))})`;
    if (isInside(real, realPath(pkg.dir)) && !ownDist) return refuse(`lies inside ${where}`);
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
 * The files of `dir` kit did not write, relative to it: those its record (`record`, else an
 * older kit's list inside `dir`) does not list. In a directory without either (its record
 * lost with `.kit/`), an emit's own layout (`index.html`, `importmap.json`, `m/`, in a folder
 * that holds the last two) and the files `unchanged` says the new emit writes with the same
 * bytes are taken as kit's; every other file is the user's and kept.
 */
export function foreignFiles(dir: string, record: string, unchanged: (file: string) => boolean = () => false): string[] {
  const files = listFiles(dir);
  if (!files) return [];
  const listed = readList(record) ?? readList(join(dir, LEGACY_EMIT_MARKER));
  if (listed) {
    const kits = new Set([LEGACY_EMIT_MARKER, ...listed]);
    return files.filter((file) => !kits.has(file));
  }
  const emitLayout = (file: string) => file === 'importmap.json' || file.startsWith('m/');
  // An emit whose record is gone (the workspace moved, .kit/ removed, a clone with dist/ committed),
  // or an older kit's marker without a list: kit's layout tells its own files, its page among them.
  const looksEmitted = existsSync(join(dir, LEGACY_EMIT_MARKER)) || (files.includes('importmap.json') && files.some((file) => file.startsWith('m/')));
  if (looksEmitted) return files.filter((file) => file !== LEGACY_EMIT_MARKER && !emitLayout(file) && file !== 'index.html' && !unchanged(file));
  return files.filter((file) => !unchanged(file));
}

function readList(file: string): string[] | undefined {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { files?: string[] }).files;
  } catch {
    return undefined;
  }
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
 * only then the old one removed (by node's asynchronous `rm`, several files at a time); the
 * list of kit's files goes to `record`, outside the tree. A `fill` that throws, a file of the
 * user's where kit writes one (`ForeignFileClash`), or a process killed before the swap,
 * leaves the old directory as it was. Returns the files kept.
 */
export async function replaceDirectory(target: string, record: string, fill: (staging: string) => void): Promise<{ kept: string[] }> {
  mkdirSync(dirname(target), { recursive: true });
  recoverOutputDirectory(target);
  const staging = makeUniqueDir(`${target}.kit-new-`);
  try {
    fill(staging);
    const written = listFiles(staging)!;
    const kept = foreignFiles(target, record, (file) => sameBytes(join(target, file), join(staging, file)));
    const writes = new Set(written);
    const clash = kept.filter((file) => writes.has(file));
    if (clash.length) throw new ForeignFileClash(clash);
    for (const file of kept) {
      mkdirSync(dirname(join(staging, file)), { recursive: true });
      copyFileSync(join(target, file), join(staging, file));
    }
    // Written before the swap: a build killed between the two lists files that are not there, never misses one that is.
    const previous = readList(record) ?? [];
    writeRecord(record, [...new Set([...written, ...previous])].sort());
    if (!existsSync(target)) {
      renameSync(staging, target);
    } else {
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
    }
    writeRecord(record, written);
    return { kept };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function sameBytes(a: string, b: string): boolean {
  try {
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/** The list of kit's files in an emit, written whole or not at all; `.kit/` is never committed. */
function writeRecord(record: string, files: string[]): void {
  mkdirSync(dirname(record), { recursive: true });
  const kitDir = dirname(dirname(record));
  if (!existsSync(join(kitDir, '.gitignore'))) writeFileSync(join(kitDir, '.gitignore'), '*\n');
  const temporary = `${record}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ writtenBy: 'kit build', version: KIT.version, files }, null, 1)}\n`);
  renameSync(temporary, record);
}

/**
 * What an interrupted build left beside `target`: a previous emit moved aside goes back if
 * nothing replaced it; staging directories are removed.
 */
export function recoverOutputDirectory(target: string): void {
  if (!existsSync(dirname(target))) return;
  const prefix = `${basename(target)}.kit-`;
  for (const name of readdirSync(dirname(target))) {
    if (!name.startsWith(prefix)) continue;
    const path = join(dirname(target), name);
    const entries = readdirIfDir(path);
    // kit's layout tells its own: the one folder `emit` in a previous emit moved aside, and
    // a staging folder, which no one else names so.
    const movedAside = name.startsWith(`${prefix}old-`) && (entries?.length === 0 || (entries?.length === 1 && entries[0] === 'emit'));
    if (movedAside && !existsSync(target) && entries!.length === 1) renameSync(join(path, 'emit'), target);
    if (movedAside || name.startsWith(`${prefix}new-`)) rmSync(path, { recursive: true, force: true });
  }
}

function readdirIfDir(path: string): string[] | undefined {
  try {
    return readdirSync(path);
  } catch {
    return undefined;
  }
}
