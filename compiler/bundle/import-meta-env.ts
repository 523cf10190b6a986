import { relative } from 'node:path';
import type { CompileOptions } from './options.js';
import { isPublicVariable } from '../workspace/dotenv.js';
import type { ModuleInfo, Workspace } from '../workspace/model.js';
import { toPosix } from '../paths.js';

/** `import.meta.env` as Vite defines it. */
export type ImportMetaEnv = Record<string, string | boolean>;

/**
 * `import.meta.env` of a browser module, as Vite defines it: `MODE` (the output's form, or
 * `--mode`), `DEV`, `PROD`, `SSR`, `BASE_URL`, and every `VITE_`/`KIT_PUBLIC_` variable of the
 * `.env` files (`.env`, `.env.local`, `.env.<mode>`, `.env.<mode>.local`, each over the one
 * before; the module's package folder over the workspace root) and of the environment, which
 * wins over them all, as in Vite. Nothing else reaches an output.
 */
export function importMetaEnv(workspace: Workspace, module: ModuleInfo, options: CompileOptions): ImportMetaEnv {
  const mode = workspace.mode ?? options.env;
  const production = options.env === 'production';
  const variables: Record<string, string> = {};
  for (const dir of ['', toPosix(relative(workspace.root, module.package.dir))]) {
    for (const name of ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`]) Object.assign(variables, workspace.dotenv[dir ? `${dir}/${name}` : name]);
  }
  for (const [name, value] of Object.entries(process.env)) if (isPublicVariable(name) && value !== undefined) variables[name] = value;
  return { BASE_URL: '/', MODE: mode, DEV: !production, PROD: production, SSR: false, ...variables };
}

/**
 * What a bundler's `define` replaces: `import.meta.env` as a whole, and each of its members
 * on its own, so that `if (import.meta.env.DEV)` is a constant the minifier drops.
 */
export function importMetaEnvDefines(env: ImportMetaEnv): Record<string, string> {
  const defines: Record<string, string> = { 'import.meta.env': JSON.stringify(env) };
  for (const [name, value] of Object.entries(env)) if (/^[A-Za-z_$][\w$]*$/.test(name)) defines[`import.meta.env.${name}`] = JSON.stringify(value);
  return defines;
}
