import { dirname } from 'node:path';
import { isStylesheetModule, type ModuleInfo, type Workspace } from './model.js';

/** Each workspace's modules by entry file and by folder, made once per discovery. */
const indexes = new WeakMap<Workspace, { byEntry: Map<string, ModuleInfo>; byDir: Map<string, ModuleInfo[]> }>();

function indexOf(workspace: Workspace) {
  let index = indexes.get(workspace);
  if (!index) {
    index = { byEntry: new Map(), byDir: new Map() };
    for (const module of workspace.modules) {
      index.byEntry.set(module.entry, module);
      // A stylesheet a package exports has no helpers: the files of its folder are not its.
      if (isStylesheetModule(module)) continue;
      const beside = index.byDir.get(module.dir);
      if (beside) beside.push(module);
      else index.byDir.set(module.dir, [module]);
    }
    indexes.set(workspace, index);
  }
  return index;
}

/** The module whose entry `path` is: a module is its entry file (CONTRACT §10). */
export function moduleOfEntry(workspace: Workspace, path: string): ModuleInfo | undefined {
  return indexOf(workspace).byEntry.get(path);
}

/**
 * The modules of the folder that holds `path` most closely among the modules' folders
 * (walking up from it): one for a folder per module, several where modules share a folder
 * (a pattern export's `components/`), none outside every module's folder.
 */
export function modulesOfFolder(workspace: Workspace, path: string): ModuleInfo[] {
  const { byDir } = indexOf(workspace);
  for (let dir = path; ; dir = dirname(dir)) {
    const modules = byDir.get(dir);
    if (modules) return modules;
    if (dirname(dir) === dir) return [];
  }
}

/**
 * The module `path` surely belongs to: the one it is the entry of, else the one module whose
 * folder holds it. Undefined where that is not one module's (a helper of a shared folder,
 * a file outside every module's folder): such a file is whichever module reaches it.
 */
export function owningModule(workspace: Workspace, path: string): ModuleInfo | undefined {
  const entryOf = moduleOfEntry(workspace, path);
  if (entryOf) return entryOf;
  const folder = modulesOfFolder(workspace, path);
  return folder.length === 1 ? folder[0] : undefined;
}
