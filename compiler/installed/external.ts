import { semver } from '../commonjs.js';
import { findInstalled } from './find.js';
import { packageNameOf } from '../workspace/dependencies.js';
import type { PackageInfo, Workspace } from '../workspace/model.js';

/**
 * The exact version of a package outside the workspace: the one installed in a
 * `node_modules` at or above the importing package (for a peer it does not find there, at or
 * above the app that installs it: see `installedFrom`), else an exact declared version (in
 * `dependencies` or `peerDependencies`).
 */
export function resolveExternalVersion(specifier: string, importer: PackageInfo, workspace?: Workspace): { version: string; installed: boolean } | undefined {
  const name = packageNameOf(specifier);
  const installed = findInstalled(installedFrom(workspace, importer, name), name);
  if (installed) return { version: installed.version, installed: true };
  const declared = importer.manifest.dependencies[name] ?? importer.manifest.peerDependencies[name];
  return declared && semver.valid(declared) ? { version: declared, installed: false } : undefined;
}

/**
 * Where the installed package `name` that `importer` imports is looked for: the importer's own
 * folder, as Node looks; for a peer not installed there (pnpm without its peers linked, say),
 * the folder of a workspace package that depends on it: the app that installs React for its
 * component library.
 */
export function installedFrom(workspace: Workspace | undefined, importer: PackageInfo, name: string): string {
  const { dependencies, peerDependencies } = importer.manifest;
  if (!workspace || dependencies[name] !== undefined || peerDependencies[name] === undefined || findInstalled(importer.dir, name)) return importer.dir;
  const provider = workspace.packages.find((pkg) => pkg !== importer && pkg.manifest.dependencies[name] !== undefined && findInstalled(pkg.dir, name));
  return provider?.dir ?? importer.dir;
}
