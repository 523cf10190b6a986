import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import semver from 'semver';
import { packageNameOf } from './dependencies.js';
import type { PackageInfo } from './model.js';

/**
 * The exact version of a package outside the workspace: the one installed in a
 * `node_modules` at or above the importing package, else an exact declared version.
 */
export function resolveExternalVersion(specifier: string, importer: PackageInfo): string | undefined {
  const name = packageNameOf(specifier);
  for (let dir = importer.dir; ; dir = dirname(dir)) {
    try {
      const version = (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version?: unknown }).version;
      if (typeof version === 'string' && semver.valid(version)) return version;
    } catch {
      // not installed here; look further up
    }
    if (dirname(dir) === dir) break;
  }
  const declared = importer.manifest.dependencies[name];
  return declared && semver.valid(declared) ? declared : undefined;
}
