import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';
import type { Diagnostic } from '../diagnostics.js';
import type { Position } from './json.js';

/** One `packages` entry of kit.json, as written. */
export interface PackagesEntry {
  dir: string;
  position: Position;
}

/** A directory `packages` names: a literal entry (checked by the caller) or a match of a glob. */
export interface ListedDirectory {
  dir: string;
  absolute: string;
  at: { file: string; line: number; column: number };
  /** True for a literal entry: a missing directory or package.json is then an error. */
  literal: boolean;
}

const NEVER = ['**/node_modules', '**/node_modules/**'];

/**
 * The package directories kit.json's `packages` lists, as pnpm and npm workspaces read the
 * same globs: `*` one level, `**` any depth, a leading `!` excluding what else matched. A
 * glob yields the directories holding a package.json, sorted; a literal entry is kept as
 * written unless a `!` entry excludes it. `watched` gains what a new match would change.
 */
export function listPackageDirectories(root: string, file: string, entries: readonly PackagesEntry[], warnings: Diagnostic[], watched: string[]): ListedDirectory[] {
  const excluded = entries.filter((e) => e.dir.startsWith('!')).map((e) => e.dir.slice(1));
  const options = { cwd: root, onlyDirectories: true, expandDirectories: false, ignore: [...NEVER, ...excluded] } as const;
  const listed: ListedDirectory[] = [];
  const seen = new Set<string>();
  const add = (dir: string, at: ListedDirectory['at'], literal: boolean) => {
    const absolute = resolve(root, dir);
    if (seen.has(absolute)) return;
    seen.add(absolute);
    listed.push({ dir, absolute, at, literal });
  };
  for (const entry of entries) {
    if (entry.dir.startsWith('!')) continue;
    const at = { file, ...entry.position };
    if (!isDynamicPattern(entry.dir)) {
      // Excluded by a `!` entry only when the directory exists and the exclusion drops it.
      const excludedHere = excluded.length > 0 && existsSync(resolve(root, entry.dir)) && globSync(entry.dir, options).length === 0;
      if (!excludedHere) add(entry.dir, at, true);
      continue;
    }
    const candidates = globSync(entry.dir, options).map((dir) => dir.replace(/\/$/, '')).filter((dir) => dir !== '' && dir !== '.');
    watched.push(resolve(root, staticBase(entry.dir)), ...candidates.map((dir) => resolve(root, dir)));
    const matched = candidates.filter((dir) => existsSync(join(root, dir, 'package.json'))).sort();
    if (matched.length === 0) {
      warnings.push({ code: 'PACKAGES_GLOB_EMPTY', message: `the glob "${entry.dir}" in "packages" matches no directory holding a package.json; fix the glob or remove it`, ...at });
    }
    for (const dir of matched) add(dir, at, false);
  }
  return listed;
}

/** The directories before a glob's first pattern segment: where a new match would appear. */
function staticBase(glob: string): string {
  const segments = glob.split('/');
  const first = segments.findIndex((segment) => isDynamicPattern(segment));
  return segments.slice(0, first).join('/') || '.';
}
