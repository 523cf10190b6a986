import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, findModule, loadWorkspace } from '../../lib/compiler/index.js';
import { compileAt as compile } from '../helpers/compile.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

function app(files: Record<string, string | object>, extra: object = {}) {
  return writeWorkspace({
    'kit.json': { packages: ['packages/app', 'packages/lib'] },
    'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' }, ...extra }),
    'packages/lib/package.json': pkg('@a/lib', { version: '1.2.0', exports: { './tools': './tools/index.ts' } }),
    'packages/lib/tools/index.ts': 'export const tool = 1;\n',
    'packages/lib/tools/secret.ts': 'export const secret = 2;\n',
    ...files,
  });
}

describe.each(['ts', 'esbuild'])('diagnostics of the %s bundler', (bundler) => {
  const extra = { kit: { bundler } };
  const check = async (source: string, more: Record<string, string | object> = {}, deps?: object) => {
    const dir = app({ 'packages/app/main/index.ts': source, ...more }, { ...extra, ...(deps ? { dependencies: deps } : {}) });
    return compile(dir, '@a/app/main');
  };

  test('DEPENDENCY_NOT_DECLARED at the import', async () => {
    const build = await check("\nimport { tool } from '@a/lib/tools';\nconsole.log(tool);\n");
    expect(build.diagnostics).toMatchObject([{ code: 'DEPENDENCY_NOT_DECLARED', file: 'packages/app/main/index.ts', line: 2, column: 22 }]);
  });

  test('DEPENDENCY_INCOMPATIBLE when the workspace version misses the range', async () => {
    const build = await check("import { tool } from '@a/lib/tools';\nconsole.log(tool);\n", {}, { '@a/lib': '^2.0.0' });
    expect(build.diagnostics).toMatchObject([{ code: 'DEPENDENCY_INCOMPATIBLE', file: 'packages/app/package.json' }]);
    expect(build.diagnostics[0].message).toContain('for the import in packages/app/main/index.ts:1:22');
  });

  test('a declared, compatible sibling import is valid and stays bare', async () => {
    const build = await check("import { tool } from '@a/lib/tools';\nconsole.log(tool);\n", {}, { '@a/lib': '^1.0.0' });
    expect(build.diagnostics).toEqual([]);
    expect(build.code).toMatch(/from ['"]@a\/lib\/tools['"]/);
  });

  test.each(['fs', 'node:fs'])('PREVIEW_BUILTIN for %s in a browser module', async (name) => {
    const build = await check(`import { readFileSync } from '${name}';\nconsole.log(readFileSync);\n`);
    expect(build.diagnostics).toMatchObject([{ code: 'PREVIEW_BUILTIN', file: 'packages/app/main/index.ts', line: 1 }]);
  });

  test('a relative import into another module is IMPORT_CROSSES_MODULE', async () => {
    const build = await check("import { secret } from '../../lib/tools/secret';\nconsole.log(secret);\n");
    expect(build.diagnostics).toMatchObject([{ code: 'IMPORT_CROSSES_MODULE', file: 'packages/app/main/index.ts', line: 1 }]);
    expect(build.diagnostics[0].message).toContain('crosses into the module @a/lib/tools');
  });

  test('a test file is never a module input', async () => {
    const build = await check("import { t } from './helper.test';\nconsole.log(t);\n", { 'packages/app/main/helper.test.ts': 'export const t = 1;\n' });
    expect(build.diagnostics).toMatchObject([{ code: 'BUNDLE_ERROR', file: 'packages/app/main/index.ts', line: 1 }]);
  });

  test('a stylesheet importing a missing file: BUNDLE_ERROR naming it and the line', async () => {
    const build = await check("import './styles.css';\n", { 'packages/app/main/styles.css': 'a { color: red; }\n@import "./missing.css";\n' });
    expect(build.diagnostics).toMatchObject([{ code: 'BUNDLE_ERROR', file: 'packages/app/main/styles.css', line: 2, column: 1 }]);
    expect(build.diagnostics[0].message).toContain("Cannot find './missing.css'");
  });

  test('an imported asset missing from "assets": ASSET_NOT_DECLARED', async () => {
    const build = await check("import logo from './logo.svg';\nconsole.log(logo);\n", { 'packages/app/main/logo.svg': '<svg/>' });
    expect(build.diagnostics).toMatchObject([{ code: 'ASSET_NOT_DECLARED', file: 'packages/app/main/index.ts', line: 1 }]);
  });
});

test('the ts bundler reports type errors as TS<n> in the module\'s own file', async () => {
  const dir = app({ 'packages/app/main/index.ts': "import { twice } from './math';\nexport const n: string = twice(2);\n", 'packages/app/main/math.ts': 'export const twice = (n: number) => n * 2;\n' });
  const build = await compile(dir, '@a/app/main');
  expect(build.diagnostics).toMatchObject([{ code: 'TS2322', file: 'packages/app/main/index.ts', line: 2, column: 14 }]);
});

describe('the ts bundler checks modules in one shared program', () => {
  const files = {
    'packages/app/main/index.ts': "import type { Shape } from './shape';\nimport { tool } from '@a/lib/tools';\nexport const s: Shape = { size: tool };\n",
    'packages/app/main/shape.ts': "export interface Shape { size: number }\nexport const late: number = 'no';\n",
    'packages/lib/tools/index.ts': "export const tool = 1;\nexport const broken: string = 2;\n",
  };

  test('a file reached only by a type import is checked; a dependency\'s errors stay its own', async () => {
    const dir = app(files, { dependencies: { '@a/lib': '^1.0.0' } });
    const main = await compile(dir, '@a/app/main');
    expect(main.diagnostics).toMatchObject([{ code: 'TS2322', file: 'packages/app/main/shape.ts', line: 2 }]);
    const tools = await compile(dir, '@a/lib/tools');
    expect(tools.diagnostics).toMatchObject([{ code: 'TS2322', file: 'packages/lib/tools/index.ts', line: 2 }]);
  });

  test('an edit to a dependency\'s export re-checks the module that imports it', async () => {
    const dir = app({ ...files, 'packages/app/main/shape.ts': 'export interface Shape { size: number }\n' }, { dependencies: { '@a/lib': '^1.0.0' } });
    const compiler = new Compiler();
    const before = await compiler.compile(loadWorkspace(dir), findModule(loadWorkspace(dir), '@a/app/main')!, DEVELOPMENT);
    expect(before.diagnostics).toEqual([]);
    writeFiles(dir, { 'packages/lib/tools/index.ts': "export const tool = 'one';\n" });
    const workspace = loadWorkspace(dir);
    const after = await compiler.compile(workspace, findModule(workspace, '@a/app/main')!, DEVELOPMENT);
    expect(after.diagnostics).toMatchObject([{ code: 'TS2322', file: 'packages/app/main/index.ts', line: 3 }]);
  });
});

test('the ts bundler: a value a declaration file does not have is one BUNDLE_ERROR naming it by its workspace path, no NUL byte or machine path', async () => {
  const dir = app({ 'packages/app/main/index.ts': "import { helper } from './ambient.js';\nexport const x = helper();\n", 'packages/app/main/ambient.d.ts': 'export declare function helper(): number;\n' });
  const build = await compile(dir, '@a/app/main');
  const bundleErrors = build.diagnostics.filter((d) => d.code === 'BUNDLE_ERROR');
  expect(bundleErrors).toHaveLength(1);
  expect(bundleErrors[0].message).toContain('packages/app/main/ambient.d.ts');
  for (const d of build.diagnostics) expect(`${d.file} ${d.message}`).not.toMatch(/\0|\/tmp\/|kit-declarations/);
});

test('.d.ts files yield no code, and sibling types resolve from sources without tsconfig paths', async () => {
  const dir = app({
    'packages/app/main/index.ts': "import type { Shape } from './shape';\nimport { tool } from '@a/lib/tools';\nexport const s: Shape = { size: tool };\n",
    'packages/app/main/shape.d.ts': 'export interface Shape { size: number }\n',
  }, { dependencies: { '@a/lib': '1.2.0' } });
  const build = await compile(dir, '@a/app/main');
  expect(build.diagnostics).toEqual([]);
  expect(build.code).not.toContain('interface');
});

