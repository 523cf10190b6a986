import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sha256 } from './digest.js';
import { KIT, OUTPUTS_REVISION } from '../version.js';

/** What else decides an artifact's bytes besides its inputs: kit's version and its compilers'. */
export function toolVersions(): string {
  return (tools ??= listToolVersions());
}

function listToolVersions(): string {
  const require = createRequire(import.meta.url);
  const versions = [`kit@${KIT.version}+${OUTPUTS_REVISION}`];
  for (const name of ['typescript-native', '@swc/core', 'esbuild', 'rolldown', 'postcss']) {
    versions.push(`${name}@${installedVersion(require, name) ?? '?'}`);
  }
  return versions.join(' ');
}

/** The version in the package.json of `name` as installed: its own, or the nearest one above its main file that names it. */
function installedVersion(require: NodeJS.Require, name: string): string | undefined {
  try {
    // `typescript-native` is an alias: its package.json names itself `typescript`.
    return (require(`${name}/package.json`) as { version?: string }).version;
  } catch {
    // not exported: found from its main file
  }
  let dir: string;
  try {
    dir = dirname(require.resolve(name));
  } catch {
    return undefined;
  }
  for (; dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = readJson(join(dir, 'package.json'));
    if (manifest?.name === name) return manifest.version;
  }
  return undefined;
}

function readJson(file: string): { name?: string; version?: string } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

let tools: string | undefined;

/** An entry as kept on disk: the value and the inputs (path, stat stamp, content hash) it was built from. */
export interface StoredEntry<T> {
  key: string;
  inputs: { path: string; stamp: string; hash: string }[];
  value: T;
}

/** Entries kept beyond this are removed, oldest first, when a store is opened. */
const LIMIT = 5000;
/** A temporary file older than this was left by a process that died while writing it. */
const ABANDONED_MS = 60_000;

/**
 * Told once per store when it cannot be written (a full disk, a read-only folder): the
 * commands print it as a warning and go on without the cache.
 */
let onTrouble: ((message: string) => void) | undefined;

/** Where a cache that cannot be written is reported (a command's warning line). */
export function reportCacheTrouble(report: (message: string) => void): void {
  onTrouble = report;
}

/**
 * Built artifacts kept across restarts, one JSON file per key (named by the key's digest).
 * Whoever reads an entry checks its inputs as for one held in memory, so a stale entry is
 * never used. Writes go to a temporary file renamed into place: a reader sees a whole entry
 * or none, even with two processes (a service and `kit build`) sharing the directory.
 */
export class DiskStore {
  private readonly salt: string;

  private constructor(readonly dir: string, root: string) {
    toolVersions();
    // Two workspaces may share a directory (KIT_CACHE_DIR); their keys never meet.
    this.salt = `${tools}|${root}|`;
  }

  /**
   * The store of a workspace: `KIT_CACHE_DIR`, else `node_modules/.cache/kit` in it (where
   * bundlers keep their caches); none when `KIT_CACHE_DIR` is `off` or the folder cannot be made.
   */
  static forWorkspace(root: string): DiskStore | undefined {
    const setting = process.env.KIT_CACHE_DIR;
    if (setting === 'off') return undefined;
    const dir = setting || join(root, 'node_modules', '.cache', 'kit');
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      onTrouble?.(`the cache in ${dir} cannot be made (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); going on without it`);
      return undefined;
    }
    const store = new DiskStore(dir, root);
    store.trim();
    return store;
  }

  /**
   * The entry of `key`, if one is kept whole: each file starts with the digest of the rest,
   * so a truncated or damaged entry (a disk fault, a hand edit) is a miss, never served.
   */
  read<T>(key: string): StoredEntry<T> | undefined {
    const file = this.file(key);
    // Most lookups of a cold build miss: an error thrown for each costs more than the look.
    if (!existsSync(file)) return undefined;
    try {
      const text = readFileSync(file, 'utf8');
      const newline = text.indexOf('\n');
      const body = text.slice(newline + 1);
      if (newline !== 64 || sha256(body) !== text.slice(0, 64)) return undefined;
      const entry = JSON.parse(body) as StoredEntry<T>;
      return entry.key === key ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  private troubled = false;

  write<T>(entry: StoredEntry<T>): void {
    const file = this.file(entry.key);
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      const body = JSON.stringify(entry);
      writeFileSync(temporary, `${sha256(body)}\n${body}`);
      renameSync(temporary, file);
    } catch (error) {
      // A cache that cannot be written only costs a rebuild after the next restart: said once.
      rmSync(temporary, { force: true });
      if (!this.troubled) onTrouble?.(`the cache in ${this.dir} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); going on without it`);
      this.troubled = true;
    }
  }

  private file(key: string): string {
    return join(this.dir, `${sha256(this.salt + key).slice(0, 32)}.json`);
  }

  private trim(): void {
    const all = readdirSync(this.dir);
    // What a process killed mid-write left: never read (entries are renamed into place whole).
    for (const name of all.filter((n) => n.endsWith('.tmp'))) {
      const age = Date.now() - (statSync(join(this.dir, name), { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > ABANDONED_MS) rmSync(join(this.dir, name), { force: true });
    }
    const names = all.filter((name) => name.endsWith('.json'));
    if (names.length <= LIMIT) return;
    const aged = names.map((name) => ({ name, mtime: statSync(join(this.dir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }));
    aged.sort((a, b) => a.mtime - b.mtime);
    for (const { name } of aged.slice(0, names.length - LIMIT)) rmSync(join(this.dir, name), { force: true });
  }
}
