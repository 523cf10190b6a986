import { resolve } from 'node:path';
import { owningModule } from '../bundle/imports.js';
import { isInside } from '../paths.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';

/**
 * The TypeScript files of `module` itself among those its entry reaches (`reached`, see
 * reach.ts): what TypeScript 7 judges for it. Files of the package that no other module's
 * directory holds are the module's too; another module's files are that module's to judge.
 */
export function ownFiles(workspace: Workspace, module: ModuleInfo, reached: readonly string[]): string[] {
  const belongs = (file: string) => {
    const path = resolve(file);
    if (!isInside(path, module.package.dir)) return false;
    const owner = owningModule(workspace, path);
    return owner ? owner === module : true;
  };
  return [...new Set([module.entry, ...reached.filter(belongs)])].filter((file) => /\.[cm]?tsx?$/.test(file));
}
