import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findInstalled, type InstalledPackage } from '../installed/find.js';
import { resolveExternalVersion } from '../installed/external.js';
import { findPackage, type PackageInfo, type Workspace } from '../workspace/model.js';

/**
 * The exact version each dependency of a workspace package resolved to (CONTRACT §9), its
 * `peerDependencies` included (a component library's React, §11): a workspace package's own
 * version, whatever its `workspace:` range says, or the version installed where the package
 * finds it (a peer: else where the app that provides it does), or an exact declared one.
 * Sorted by name.
 */
export function workspaceDependencies(workspace: Workspace, pkg: PackageInfo): Record<string, string> {
  const resolved: Record<string, string> = {};
  const names = new Set([...Object.keys(pkg.manifest.dependencies), ...Object.keys(pkg.manifest.peerDependencies)]);
  for (const name of [...names].sort()) {
    const version = findPackage(workspace, name)?.version ?? resolveExternalVersion(name, pkg, workspace)?.version;
    if (version !== undefined) resolved[name] = version;
  }
  return resolved;
}

/** The same for an installed package: each of its `dependencies` as Node finds it from the package's own directory. */
export function installedDependencies(pkg: InstalledPackage): Record<string, string> {
  let declared: Record<string, unknown> = {};
  try {
    declared = (JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, unknown> }).dependencies ?? {};
  } catch {
    // A package.json that went away since the build: no dependencies to name.
  }
  const resolved: Record<string, string> = {};
  for (const name of Object.keys(declared).sort()) {
    const version = findInstalled(pkg.dir, name)?.version;
    if (version !== undefined) resolved[name] = version;
  }
  return resolved;
}
