import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ChangeLog, closeCheckers, Compiler, DEVELOPMENT, findModule, loadWorkspace } from '../../lib/compiler/index.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

// A module judged again because a file only its check reads changed (a dependency's) is
// checked again, not bundled again: its code reads no file of another module. `phases` are
// what an answer's Server-Timing reports.

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

// File clocks are coarse: a file written within a few milliseconds of a stat is compared by content.
const settle = () => new Promise((done) => setTimeout(done, 40));

test("with the service's watcher, a dependency's edit checks a module again and reuses its bundle; its own edit bundles it again", async () => {
  const root = writeWorkspace({
    'kit.json': { packages: ['packages/base', 'packages/app'] },
    'package.json': { name: 'kept-ws', private: true },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true }, include: ['packages'] },
    'packages/base/package.json': pkg('@kept/base', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/base/core/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/base/core/index.ts': 'export const size: number = 1;\n',
    'packages/app/package.json': pkg('@kept/app', { kit: { modules: '.', bundler: 'ts' }, dependencies: { '@kept/base': '0.1.0' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/main/index.ts': "import { size } from '@kept/base/core';\nimport { twice } from './twice';\nexport const doubled: number = twice(size);\n",
    'packages/app/main/twice.ts': 'export const twice = (n: number): number => n * 2;\n',
  });
  const changes = new ChangeLog();
  changes.ready(() => true);
  const compiler = new Compiler({ changes });
  const workspace = loadWorkspace(root);
  const main = findModule(workspace, '@kept/app/main')!;
  const edit = async (file: string, text: string) => {
    await settle();
    writeFiles(root, { [file]: text });
    changes.record(join(root, file));
    await settle();
  };

  const first = await compiler.compile(workspace, main, DEVELOPMENT);
  expect(first.status).toBe('valid');
  expect(first.timing?.phases.bundle).toBeGreaterThan(0);

  // The dependency now exports a string: the module's verdict changes, its code cannot.
  await edit('packages/base/core/index.ts', "export const size: string = 'one';\n");
  const checked = await compiler.compile(workspace, main, DEVELOPMENT);
  expect(checked.timing?.cache).toBe('miss');
  expect(checked.status).toBe('invalid');
  expect(checked.diagnostics).toContainEqual(expect.objectContaining({ code: 'TS2345', file: 'packages/app/main/index.ts', line: 3 }));
  expect(checked.timing?.phases).toMatchObject({ transform: 0, bundle: 0 });
  expect(checked.timing?.phases.check).toBeGreaterThan(0);

  // Fixed: valid again, with the very code of the first build.
  await edit('packages/base/core/index.ts', 'export const size: number = 2;\n');
  const fixed = await compiler.compile(workspace, main, DEVELOPMENT);
  expect(fixed.status).toBe('valid');
  expect(fixed.hash).toBe(first.hash);
  expect(fixed.timing?.phases).toMatchObject({ transform: 0, bundle: 0 });

  // The module's own file: bundled again, with the new code.
  await edit('packages/app/main/twice.ts', 'export const twice = (n: number): number => n + n;\n');
  const rebuilt = await compiler.compile(workspace, main, DEVELOPMENT);
  expect(rebuilt.status).toBe('valid');
  expect(rebuilt.code).toContain('n + n');
  expect(rebuilt.timing?.phases.bundle).toBeGreaterThan(0);
});

test("a file of the package outside every module is part of the bundles that import it: its edit bundles them again", async () => {
  const root = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'package.json': { name: 'kept-shared-ws', private: true },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true }, include: ['packages'] },
    'packages/app/package.json': pkg('@kept/shared', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/main/index.ts': "import { word } from '../common/word';\nexport const said: string = word;\n",
    'packages/app/common/word.ts': "export const word = 'first-word';\n",
  });
  const changes = new ChangeLog();
  changes.ready(() => true);
  const compiler = new Compiler({ changes });
  const workspace = loadWorkspace(root);
  const main = findModule(workspace, '@kept/shared/main')!;
  expect((await compiler.compile(workspace, main, DEVELOPMENT)).code).toContain('first-word');
  await settle();
  writeFiles(root, { 'packages/app/common/word.ts': "export const word = 'second-word';\n" });
  changes.record(join(root, 'packages/app/common/word.ts'));
  await settle();
  const rebuilt = await compiler.compile(workspace, main, DEVELOPMENT);
  expect(rebuilt.code).toContain('second-word');
  expect(rebuilt.timing?.phases.bundle).toBeGreaterThan(0);
});
