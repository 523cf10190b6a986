import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { semver } from '../commonjs.js';
import { ROOT_SUBPATH } from '../workspace/subpaths.js';

/** A package installed in a `node_modules` the workspace sees: outside the workspace, compiled on demand. */
export interface InstalledPackage {
  name: string;
  version: string;
  /** The directory whose `node_modules` holds it: resolution starts there. */
  base: string;
  /** Its own directory, symlinks resolved (pnpm's `.pnpm/<name>@<version>/node_modules/<name>`): its dependencies are found from there. */
  dir: string;
}

const NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;

/** The subpath an import of the package itself is addressed at. */
export const PACKAGE_ROOT_SUBPATH = ROOT_SUBPATH;

/**
 * The installed package `name` as Node finds it from `from`: in the `node_modules` of each
 * directory at and above it (a directory that is itself a `node_modules` has none), through
 * symlinks, so npm's and yarn's flat layouts and pnpm's `.pnpm` layout all resolve.
 */
export function findInstalled(from: string, name: string): InstalledPackage | undefined {
  if (!NAME.test(name)) return undefined;
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') {
      const packageDir = join(dir, 'node_modules', name);
      try {
        const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version?: unknown }).version;
        if (typeof version === 'string' && semver.valid(version)) return { name, version, base: dir, dir: realpathSync(packageDir) };
      } catch {
        // not here; look further up
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The installed package `name` anywhere the workspace's modules or installed packages could
 * reach it: from the root (npm's and yarn's flat layouts), among what pnpm hoists for
 * installed packages (`node_modules/.pnpm/node_modules`), then from each package's directory.
 * A quick answer for an address, asked on every request for one; the version a page uses is
 * the one its modules resolve.
 */
export function findInstalledInWorkspace(root: string, packageDirs: readonly string[], name: string): InstalledPackage | undefined {
  for (const from of [root, join(root, 'node_modules', '.pnpm'), ...packageDirs]) {
    const found = findInstalled(from, name);
    if (found) return found;
  }
  return undefined;
}

/** The bare specifier an address names: the package for `index`, else `<name>/<subpath>`. */
export function installedSpecifier(name: string, subpath: string): string {
  return subpath === PACKAGE_ROOT_SUBPATH ? name : `${name}/${subpath}`;
}

/** Where the outputs of an installed package's split build sit, below its `modules/`. */
export const SHARED_DIR = '~kit';

/**
 * The module at an entry's own address (`modules/<subpath>`): it re-exports the output
 * holding the entry's code, so a page that loads it by that address and one that loads the
 * output named in an import map share one instance.
 */
export function entryModule(subpath: string, file: string, exports: string[], query: string): string {
  const target = `${'../'.repeat(subpath.split('/').length - 1) || './'}${SHARED_DIR}/${file}?${query}`;
  const named = exports.includes('default') ? `export { default } from ${JSON.stringify(target)};\n` : '';
  return `export * from ${JSON.stringify(target)};\n${named}`;
}
