import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { closeCheckers } from '../../lib/compiler/check/check-module.js';
import { Compiler, DEVELOPMENT, loadWorkspace } from '../../lib/compiler/index.js';
import { pkg, REPO, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

const STRICT = { compilerOptions: { strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', types: [] } };

/**
 * Modules that fail in the ways whose messages name files: TypeScript's (a file outside
 * `rootDir`, an installed package without types, a missing referenced file, a tsconfig that
 * extends a missing one), the bundlers' (a syntax error, a missing import, under `ts` and
 * `esbuild`), a stylesheet's (a missing partial, a PostCSS config naming a missing plugin).
 */
function failing(): string {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/*'] },
    'tsconfig.json': STRICT,
    'packages/app/package.json': pkg('@paths/app', {
      type: 'module',
      exports: Object.fromEntries(['untyped', 'reference', 'syntax', 'missing', 'styles', 'lax'].map((name) => [`./${name}`, `./${name}/index.ts`])),
      dependencies: { 'lodash.camelcase': '^4.3.0' },
    }),
    'packages/rooted/package.json': pkg('@paths/rooted', { type: 'module', exports: { '.': './src/index.ts' } }),
    'packages/rooted/tsconfig.json': { extends: '../../tsconfig.json', compilerOptions: { rootDir: 'src' } },
    'packages/rooted/shared.ts': 'export const shared = 1;\n',
    'packages/rooted/src/index.ts': "import { shared } from '../shared';\nexport const outside = shared;\n",
    'packages/app/untyped/index.ts': "import camelCase from 'lodash.camelcase';\nexport const name = camelCase('a b');\n",
    'packages/app/reference/index.ts': '/// <reference path="./missing.d.ts" />\nexport const reference = 1;\n',
    'packages/app/syntax/index.ts': 'export const = 1;\n',
    'packages/app/missing/index.ts': "export { gone } from './gone';\n",
    'packages/app/styles/index.ts': "import './index.css';\nexport const styled = 1;\n",
    'packages/app/styles/index.css': "@import './partial.css';\n",
    'packages/app/lax/index.ts': 'export const lax: number = 1;\n',
    'packages/app/lax/tsconfig.json': { extends: './tsconfig.base.json' },
    'packages/app/postcss.config.cjs': "module.exports = { plugins: { 'postcss-not-installed': {} } };\n",
    'packages/fast/package.json': pkg('@paths/fast', { type: 'module', exports: { './main': './main/index.ts' }, kit: { bundler: 'esbuild' } }),
    'packages/fast/main/index.ts': "import { gone } from './gone';\nexport const fast = gone;\n",
  });
  // Installed where npm puts it, a link to the real package, which lies outside the workspace.
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules', 'lodash.camelcase'), join(dir, 'node_modules', 'lodash.camelcase'));
  return dir;
}

test('no diagnostic message names a path of this machine: neither the workspace\'s nor any other absolute one', async () => {
  const dir = failing();
  const workspace = loadWorkspace(dir);
  const compiler = new Compiler();
  const builds = await Promise.all(workspace.modules.map((module) => compiler.compile(workspace, module, DEVELOPMENT)));
  const diagnostics = builds.flatMap((build) => build.diagnostics);
  // Each module failed, each in its own way.
  expect(builds.map((build) => build.status)).toEqual(workspace.modules.map(() => 'invalid'));
  expect(new Set(diagnostics.map((d) => d.code))).toEqual(new Set(['TS6059', 'TS7016', 'TS6053', 'TS5083', 'TS1134', 'BUNDLE_ERROR']));
  const machine = [dir, realpathSync(dir), tmpdir(), REPO, realpathSync(REPO)];
  for (const { code, message } of diagnostics) {
    for (const path of machine) expect(message, `${code} names ${path}`).not.toContain(path);
    // An absolute path: a slash at the start of a word, then a folder and a file.
    expect(message, code).not.toMatch(/(^|[\s'"(])\/[\w.-]+\//);
  }
  // The paths they name instead: the workspace's relative to its root, an installed package's from node_modules.
  const messages = diagnostics.map((d) => d.message).join('\n');
  expect(messages).toContain("File 'packages/rooted/shared.ts' is not under 'rootDir' 'packages/rooted/src'");
  expect(messages).toContain("'node_modules/lodash.camelcase/index.js' implicitly has an 'any' type");
  expect(messages).toContain("Cannot read file 'packages/app/lax/tsconfig.base.json'");
});
