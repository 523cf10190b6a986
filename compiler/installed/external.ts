import { semver } from '../commonjs.js';
import { findInstalled } from './find.js';
import { packageNameOf } from '../workspace/dependencies.js';
import type { PackageInfo } from '../workspace/model.js';

/**
 * The exact version of a package outside the workspace: the one installed in a
 * `node_modules` at or above the importing package, else an exact declared version.
 */
export function resolveExternalVersion(specifier: string, importer: PackageInfo): { version: string; installed: boolean } | undefined {
  const name = packageNameOf(specifier);
  const installed = findInstalled(importer.dir, name);
  if (installed) return { version: installed.version, installed: true };
  const declared = importer.manifest.dependencies[name];
  return declared && semver.valid(declared) ? { version: declared, installed: false } : undefined;
}
