import { Compiler, DEVELOPMENT, findModule, loadWorkspace, type CompileOptions } from '../../lib/compiler/index.js';

/** The build of the module `specifier` of the workspace at `dir`, by a new compiler. */
export async function compileAt(dir: string, specifier: string, options: CompileOptions = DEVELOPMENT) {
  const workspace = loadWorkspace(dir);
  const module = findModule(workspace, specifier);
  if (!module) throw new Error(`no module ${specifier}`);
  return new Compiler().compile(workspace, module, options);
}
