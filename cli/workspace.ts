import { Compiler, DEVELOPMENT, findWorkspaceRoot, WorkspaceLoader, type CompileOptions, type ModuleInfo } from '../compiler/index.js';

/** The workspace of `--cwd`: the nearest directory at or above it holding kit.json. */
export function openWorkspace(cwd: string) {
  const root = findWorkspaceRoot(cwd);
  return { root, workspace: new WorkspaceLoader(root).load(), compiler: new Compiler() };
}

/** The development options a module is judged with: for browsers when it runs there, else for Node. */
export function judgedOptions(module: ModuleInfo): CompileOptions {
  return module.platforms.includes('web') ? DEVELOPMENT : { ...DEVELOPMENT, target: 'node' };
}
