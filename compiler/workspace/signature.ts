import { relative } from 'node:path';
import { sha256 } from '../cache/digest.js';
import type { Workspace } from './model.js';
import { isPublicVariable } from './dotenv.js';

const signatures = new WeakMap<Workspace, string>();

/**
 * What of the whole workspace a module's build depends on: names, versions, dependencies and
 * peers, modules (and why a package has none), and what `import.meta.env` holds. Two discoveries of unchanged manifests have the same; paths are relative to the
 * workspace, so two checkouts of it share it (the remote cache's keys).
 */
export function workspaceSignature(workspace: Workspace): string {
  let signature = signatures.get(workspace);
  if (!signature) {
    const packages = workspace.packages.map((p) => [p.name, p.version, p.manifest.dependencies, p.manifest.peerDependencies]);
    // Why a package publishes nothing is what its importers are told (see checkDependency).
    const unpublished = workspace.warnings.filter((w) => w.code === 'PACKAGE_NO_MODULES').map((w) => w.message);
    const modules = workspace.modules.map((m) => [m.specifier, relative(workspace.root, m.entry), m.platforms, m.assets.map((a) => a.path)]);
    // What import.meta.env may hold: the .env files' public variables, the environment's, the mode.
    const env = [workspace.mode, workspace.dotenv, Object.entries(process.env).filter(([name]) => isPublicVariable(name)).sort()];
    signature = sha256(JSON.stringify([packages, modules, unpublished, env])).slice(0, 16);
    signatures.set(workspace, signature);
  }
  return signature;
}
