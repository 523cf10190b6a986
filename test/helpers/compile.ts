import { Compiler, DEVELOPMENT, findModule, loadWorkspace, type CompileOptions } from '../../lib/compiler/index.js';
import { pkg, writeWorkspace } from './workspace.js';

/** The build of the module `specifier` of the workspace at `dir`, by a new compiler. */
export async function compileAt(dir: string, specifier: string, options: CompileOptions = DEVELOPMENT) {
  const workspace = loadWorkspace(dir);
  const module = findModule(workspace, specifier);
  if (!module) throw new Error(`no module ${specifier}`);
  return new Compiler().compile(workspace, module, options);
}

/** A workspace of `@a/app` (its module `main`, from `files`) and `@a/lib` 1.2.0 (its module `tools`); `extra` goes into the app's package.json. */
export function appWorkspace(files: Record<string, string | object>, extra: object = {}) {
  return writeWorkspace({
    'kit.json': { packages: ['packages/app', 'packages/lib'] },
    'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' }, ...extra }),
    'packages/lib/package.json': pkg('@a/lib', { version: '1.2.0', exports: { './tools': './tools/index.ts' } }),
    'packages/lib/tools/index.ts': 'export const tool = 1;\n',
    'packages/lib/tools/secret.ts': 'export const secret = 2;\n',
    ...files,
  });
}

