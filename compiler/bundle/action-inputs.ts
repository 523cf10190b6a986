import { join } from 'node:path';
import type { Freshness } from '../freshness/freshness.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { verdictInputs } from './ts-verdict.js';
import { locatePostcssConfig } from './postcss-config.js';
import { capabilitiesOf } from '../workspace/bundler-specifiers.js';
import { reachWithStamps, type Reach } from '../check/reach.js';
import { tsconfigInputs, tsconfigOf } from '../workspace/tsconfig-read.js';

/**
 * What a module's build is known to rest on before it runs, for a content-addressed action
 * key (CONTRACT §8): what its entry reaches (`reach`: its sources, helpers, the other modules'
 * reaches and the installed declaration files its types come from), and the other `files`:
 * the tsconfig chain, the install records and type packages, its manifests and assets. What a
 * build reads beyond these (a stylesheet's partials, say) is in the entry's manifest and
 * checked on a hit.
 */
export function actionInputs(workspace: Workspace, module: ModuleInfo, freshness?: Freshness): { reach: Reach; files: string[] } {
  // Only a type-checked module's verdict rests on the type packages and installs; any module's emit on its tsconfig chain.
  const { reach, settings } = capabilitiesOf(module.bundler).typeChecks
    ? verdictInputs(workspace, module, freshness)
    : { reach: reachWithStamps(workspace, module.entry, freshness), settings: tsconfigInputs(workspace, module.entry, tsconfigOf(workspace, module.entry)) };
  return { reach, files: [...settings, ...ownFiles(workspace, module)] };
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
