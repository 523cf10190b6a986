// What TypeScript 7 judges of a `ts` module, apart from its bundle (no rolldown, no swc): the
// commands ask for every module's verdict before those are loaded.
import { dirname } from 'node:path';
import { checkModulesAhead, openProjectsAhead } from '../check/check-module.js';
import { ownFiles } from '../check/own-files.js';
import { reachWithStamps } from '../check/reach.js';
import type { Freshness } from '../freshness/freshness.js';
import { installRecords } from '../workspace/tsconfig-chain.js';
import { typePackageFiles } from '../workspace/type-packages.js';
import { typeScriptInputs } from '../workspace/typescript-version.js';
import { tsconfigInputs, tsconfigOf } from '../workspace/tsconfig-read.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';

/**
 * What TypeScript 7 judges of the module (its own files) and every file that verdict rests
 * on: the files its entry reaches, type imports included, which tsconfig applies, its chain,
 * installs (a new @types package, say), and which TypeScript's verdict the package gets.
 */
export function verdictInputs(workspace: Workspace, module: ModuleInfo, freshness?: Freshness) {
  const userConfig = tsconfigOf(workspace, module.entry);
  const installs = [workspace.root, userConfig ? dirname(userConfig) : workspace.root];
  const settings = [...tsconfigInputs(workspace, module.entry, userConfig), ...installRecords(installs), ...typePackageFiles(installs), ...typeScriptInputs(workspace.root, module.package.dir)];
  const reach = reachWithStamps(workspace, module.entry, freshness);
  const { files: reached, stamps } = reach;
  return { own: ownFiles(workspace, module, reached), read: [...reached, ...settings], reached, stamps, reach, settings };
}

/** Asks for the verdict of every one of `modules`, in their order, ahead of their builds (see `checkModulesAhead`). */
export function checkAhead(workspace: Workspace, modules: readonly ModuleInfo[]): void {
  openProjectsAhead(workspace, modules);
  checkModulesAhead(workspace, modules.map((module) => {
    const { own, read, stamps } = verdictInputs(workspace, module);
    return { module, files: own, read, stamps };
  }));
}
