import { semver } from '../commonjs.js';
import { findInstalled } from './find.js';
import { packageNameOf } from '../workspace/dependencies.js';
import type { PackageInfo, Workspace } from '../workspace/model.js';

/**
 * The exact version of a package outside the workspace: the one installed in a
 * `node_modules` at or above the importing package, else an exact declared version (in
 * `dependencies` or `peerDependencies`). A peer the importing package does not find itself
 * is the application's to install: with `workspace`, the version found from a package of the
 * workspace that depends on it (the app that installs React for its component library).
 */
export function resolveExternalVersion(specifier: string, importer: PackageInfo, workspace?: Workspace): { version: string; installed: boolean } | undefined {
  const name = packageNameOf(specifier);
  const installed = findInstalled(importer.dir, name);
  if (installed) return { version: installed.version, installed: true };
  const { dependencies, peerDependencies } = importer.manifest;
  const declared = dependencies[name] ?? peerDependencies[name];
  if (declared !== undefined && semver.valid(declared)) return { version: declared, installed: false };
  if (!workspace || dependencies[name] !== undefined || peerDependencies[name] === undefined) return undefined;
  for (const pkg of workspace.packages) {
    const provided = pkg !== importer && pkg.manifest.dependencies[name] !== undefined ? findInstalled(pkg.dir, name) : undefined;
    if (provided) return { version: provided.version, installed: true };
  }
  return undefined;
}
