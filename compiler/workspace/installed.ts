import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { semver } from '../commonjs.js';

/** A package installed in a `node_modules` the workspace sees: outside the workspace, compiled on demand. */
export interface InstalledPackage {
  name: string;
  version: string;
  /** The directory whose `node_modules` holds it: resolution starts there. */
  base: string;
}

const NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;

/** The subpath an import of the package itself is addressed at. */
export const PACKAGE_ROOT_SUBPATH = 'index';

/** The installed package `name`, looked for in `node_modules` at and above `from`. */
export function findInstalled(from: string, name: string): InstalledPackage | undefined {
  if (!NAME.test(name)) return undefined;
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    try {
      const version = (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version?: unknown }).version;
      if (typeof version === 'string' && semver.valid(version)) return { name, version, base: dir };
    } catch {
      // not here; look further up
    }
    if (dirname(dir) === dir) return undefined;
  }
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
