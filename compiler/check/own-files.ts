import { resolve } from 'node:path';
import { isInside } from '../paths.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { moduleOfEntry, modulesOfFolder } from '../workspace/ownership.js';

/**
 * The TypeScript files of `module` itself among those its entry reaches (`reached`, see
 * reach.ts): what TypeScript 7 judges for it. Another module's entry is that module's to
 * judge, and so are the files of a folder of other modules only; files of the package in
 * the module's own folder (shared or not) or in no module's folder are the module's too.
 */
export function ownFiles(workspace: Workspace, module: ModuleInfo, reached: readonly string[]): string[] {
  const belongs = (file: string) => {
    const path = resolve(file);
    if (!isInside(path, module.package.dir)) return false;
    const entryOf = moduleOfEntry(workspace, path);
    if (entryOf) return entryOf === module;
    const folder = modulesOfFolder(workspace, path);
    return folder.length === 0 || folder.includes(module);
  };
  return [...new Set([module.entry, ...reached.filter(belongs)])].filter((file) => /\.[cm]?tsx?$/.test(file));
}
