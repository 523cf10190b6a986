import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, findModule, loadWorkspace } from '../../lib/compiler/index.js';
import { appWorkspace as app, compileAt as compile } from '../helpers/compile.js';
import { removeWorkspaces, writeFiles } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

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
