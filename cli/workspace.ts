import { Compiler, DiskStore, findWorkspaceRoot, WorkspaceLoader } from '../compiler/index.js';

/** The workspace of `--cwd`: the nearest directory at or above it holding kit.json. */
export function openWorkspace(cwd: string) {
  const root = findWorkspaceRoot(cwd);
  return { root, workspace: new WorkspaceLoader(root).load(), compiler: new Compiler({ disk: DiskStore.forWorkspace(root) }) };
}
