import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sha256 } from './cache.js';
import { KIT } from './version.js';

/** What else decides an artifact's bytes besides its inputs: kit's version and its compilers'. */
function toolVersions(): string {
  const require = createRequire(import.meta.url);
  const versions = [`kit@${KIT.version}`];
  for (const name of ['typescript-native', '@swc/core', 'esbuild', 'rollup', 'postcss']) {
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

/**
 * Built artifacts kept across restarts, one JSON file per key (named by the key's digest).
 * Whoever reads an entry checks its inputs as for one held in memory, so a stale entry is
 * never used. Writes go to a temporary file renamed into place: a reader sees a whole entry
 * or none, even with two processes (a service and `kit build`) sharing the directory.
 */
export class DiskStore {
  private readonly salt: string;

  private constructor(readonly dir: string, root: string) {
    tools ??= toolVersions();
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
    } catch {
      return undefined;
    }
    const store = new DiskStore(dir, root);
    store.trim();
    return store;
  }

  read<T>(key: string): StoredEntry<T> | undefined {
    try {
      const entry = JSON.parse(readFileSync(this.file(key), 'utf8')) as StoredEntry<T>;
      return entry.key === key ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  write<T>(entry: StoredEntry<T>): void {
    const file = this.file(entry.key);
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      writeFileSync(temporary, JSON.stringify(entry));
      renameSync(temporary, file);
    } catch {
      // A cache that cannot be written only costs a rebuild after the next restart.
      rmSync(temporary, { force: true });
    }
  }

  private file(key: string): string {
    return join(this.dir, `${sha256(this.salt + key).slice(0, 32)}.json`);
  }

  private trim(): void {
    const names = readdirSync(this.dir).filter((name) => name.endsWith('.json'));
    if (names.length <= LIMIT) return;
    const aged = names.map((name) => ({ name, mtime: statSync(join(this.dir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }));
    aged.sort((a, b) => a.mtime - b.mtime);
    for (const { name } of aged.slice(0, names.length - LIMIT)) rmSync(join(this.dir, name), { force: true });
  }
}
