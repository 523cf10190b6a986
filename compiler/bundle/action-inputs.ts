import { join } from 'node:path';
import type { Freshness } from '../freshness/freshness.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { verdictInputs } from './ts-verdict.js';
import { locatePostcssConfig } from './postcss-config.js';
import { capabilitiesOf } from '../workspace/bundler-specifiers.js';
import { reachableFiles } from '../check/reach.js';
import { tsconfigInputs, tsconfigOf } from '../workspace/tsconfig-read.js';

/**
 * The files a module's build is known to rest on before it runs, for a content-addressed
 * action key (CONTRACT §8): what its entry reaches (its sources, helpers, the other modules'
 * sources and the installed declaration files its types come from), the tsconfig chain, the
 * install records and type packages, and its manifests and assets. What a build reads beyond
 * these (a stylesheet's partials, say) is in the entry's manifest and checked on a hit.
 */
export function actionInputs(workspace: Workspace, module: ModuleInfo, freshness?: Freshness): string[] {
  // Only a type-checked module's verdict rests on the type packages and installs; any module's emit on its tsconfig chain.
  const read = capabilitiesOf(module.bundler).typeChecks ? verdictInputs(workspace, module, freshness).read : [...reachableFiles(workspace, module.entry, freshness), ...tsconfigInputs(workspace, module.entry, tsconfigOf(workspace, module.entry))];
  return [...read, ...ownFiles(workspace, module)];
}

/**
 * The same for a module's stylesheet: the sheets its code imports, the PostCSS configuration
 * that applies and what loading it reads (its plugins' packages), and the module's manifests
 * and assets (`url()`s name them).
 */
export function stylesheetActionInputs(workspace: Workspace, module: ModuleInfo, sheets: readonly string[]): string[] {
  return [...sheets, ...locatePostcssConfig(workspace.root, module.package.dir).inputs, ...ownFiles(workspace, module)];
}

/** The module's manifests (its package.json, its module.json) and its declared assets. */
function ownFiles(workspace: Workspace, module: ModuleInfo): string[] {
  const moduleJson = module.moduleManifestFile ? [join(workspace.root, module.moduleManifestFile)] : [];
  return [join(module.package.dir, 'package.json'), ...moduleJson, ...module.assets.map((asset) => asset.absolute)];
}
