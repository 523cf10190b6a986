import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What one walk of a package directory found. */
export interface PackageTree {
  /** Every directory walked, the package directory first: their mtimes tell when to walk again. */
  dirs: string[];
  /** Absolute paths of the `module.json` files found. */
  moduleManifests: string[];
  /** Absolute paths of directories named `module` (Rule 4 forbids them inside a module). */
  moduleNamedDirs: string[];
  /** Whether it holds a TypeScript source (not a declaration, not a test): a package that could publish a module. */
  hasSources: boolean;
}

const TYPESCRIPT_SOURCE = /(?<!\.d)\.[cm]?tsx?$/;
/** Tests and tools' configuration (`vite.config.ts`): never what a package publishes. */
const NOT_A_SOURCE = /\.(test|spec|stories|config)\.[cm]?tsx?$/;

/** Directories that never hold sources of a package. */
const SKIPPED = new Set(['node_modules', 'dist', 'lib']);

/** Walks a package directory, skipping dependencies, build output and dot-directories. */
export function walkPackage(dir: string): PackageTree {
  const tree: PackageTree = { dirs: [], moduleManifests: [], moduleNamedDirs: [], hasSources: false };
  const visit = (current: string) => {
    tree.dirs.push(current);
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isFile() && entry.name === 'module.json') tree.moduleManifests.push(path);
      if (entry.isFile() && TYPESCRIPT_SOURCE.test(entry.name) && !NOT_A_SOURCE.test(entry.name)) tree.hasSources = true;
      if (!entry.isDirectory() || entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
      if (entry.name === 'module') tree.moduleNamedDirs.push(path);
      visit(path);
    }
  };
  visit(dir);
  tree.moduleManifests.sort();
  return tree;
}
