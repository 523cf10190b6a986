import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/** The file an `extends` entry names, found as TypeScript finds it (a path, or a package and its `tsconfig.json`). */
export function resolveExtends(name: string, dir: string): string | undefined {
  if (name.startsWith('.') || name.startsWith('/')) {
    const path = resolve(dir, name);
    return path.endsWith('.json') ? path : `${path}.json`;
  }
  const require = createRequire(join(dir, 'tsconfig.json'));
  for (const candidate of [name, `${name}/tsconfig.json`, `${name}.json`]) {
    try {
      return require.resolve(candidate);
    } catch {
      // try the next form, as TypeScript does
    }
  }
  return undefined;
}

/** What an install changes: npm's, pnpm's and yarn's records of node_modules, and the type packages. */
const INSTALL_INPUTS = ['.package-lock.json', '.modules.yaml', '.yarn-state.yml', '@types'];

/**
 * Files an install rewrites, and the `node_modules/@types` folder (a directory input stands for
 * everything in it): a new `@types` package or a new version of an imported one changes a
 * verdict without any source changing. Listed for the workspace and for the tsconfig's directory.
 */
export function installRecords(dirs: string[]): string[] {
  return [...new Set(dirs)].flatMap((dir) => INSTALL_INPUTS.map((name) => join(dir, 'node_modules', name)));
}

/**
 * True for the parts of a node_modules folder that builds follow (see `installRecords`): the
 * folder itself, the install records, everything in `@types`, and the `typescript` installed
 * there with its package.json (which TypeScript judges a package's files: typescript-version.ts),
 * nothing of a nested node_modules. A watcher that watches these sees installs and edits of
 * type packages, and little else.
 */
export function isInstallInput(path: string): boolean {
  const parts = path.split(/[/\\]/);
  const at = parts.indexOf('node_modules');
  if (at < 0) return false;
  const rest = parts.slice(at + 1);
  if (rest.includes('node_modules')) return false;
  if (rest[0] === 'typescript') return rest.length === 1 || (rest.length === 2 && rest[1] === 'package.json');
  return rest.length === 0 || rest[0] === '@types' || (rest.length === 1 && INSTALL_INPUTS.includes(rest[0]));
}
