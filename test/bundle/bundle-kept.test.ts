import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { Freshness, closeCheckers, Compiler, DEVELOPMENT, findModule, loadWorkspace } from '../../lib/compiler/index.js';
import { untilSteady } from '../helpers/clock.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

// A module judged again because a file only its check reads changed (a dependency's) is
// checked again, not bundled again: its code reads no file of another module. `phases` are
// what an answer's Server-Timing reports.

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

/** A workspace of `packages` compiled as `kit run` compiles, its watcher trusted: `edit` writes a file and reports it. */
function served(packages: string[], files: Record<string, string | object>) {
  const root = writeWorkspace({
    'kit.json': { packages },
    'package.json': { name: 'kept-ws', private: true },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true }, include: ['packages'] },
    ...files,
  });
  const freshness = new Freshness();
  freshness.ready(() => true);
  const compiler = new Compiler({ freshness });
  const workspace = loadWorkspace(root);
  const compile = (specifier: string) => compiler.compile(workspace, findModule(workspace, specifier)!, DEVELOPMENT);
  const edit = async (file: string, text: string) => {
    await untilSteady(root);
    writeFiles(root, { [file]: text });
    freshness.changed(join(root, file), 'change');
    await untilSteady(root);
  };
  return { compile, edit };
}

test("with the service's watcher, a dependency's edit checks a module again and reuses its bundle; its own edit bundles it again", async () => {
  const { compile, edit } = served(['packages/base', 'packages/app'], {
    'packages/base/package.json': pkg('@kept/base', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/base/core/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/base/core/index.ts': 'export const size: number = 1;\n',
    'packages/app/package.json': pkg('@kept/app', { kit: { modules: '.', bundler: 'ts' }, dependencies: { '@kept/base': '0.1.0' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/main/index.ts': "import { size } from '@kept/base/core';\nimport { twice } from './twice';\nexport const doubled: number = twice(size);\n",
    'packages/app/main/twice.ts': 'export const twice = (n: number): number => n * 2;\n',
  });
  const first = await compile('@kept/app/main');
  expect(first.status).toBe('valid');
  expect(first.timing?.phases.bundle).toBeGreaterThan(0);

  // The dependency now exports a string: the module's verdict changes, its code cannot.
  await edit('packages/base/core/index.ts', "export const size: string = 'one';\n");
  const checked = await compile('@kept/app/main');
  expect(checked.timing?.cache).toBe('miss');
  expect(checked.status).toBe('invalid');
  expect(checked.diagnostics).toContainEqual(expect.objectContaining({ code: 'TS2345', file: 'packages/app/main/index.ts', line: 3 }));
  expect(checked.timing?.phases).toMatchObject({ transform: 0, bundle: 0 });
  expect(checked.timing?.phases.check).toBeGreaterThan(0);

  // Fixed: valid again, with the very code of the first build.
  await edit('packages/base/core/index.ts', 'export const size: number = 2;\n');
  const fixed = await compile('@kept/app/main');
  expect(fixed.status).toBe('valid');
  expect(fixed.hash).toBe(first.hash);
  expect(fixed.timing?.phases).toMatchObject({ transform: 0, bundle: 0 });

  // The module's own file: bundled again, with the new code.
  await edit('packages/app/main/twice.ts', 'export const twice = (n: number): number => n + n;\n');
  const rebuilt = await compile('@kept/app/main');
  expect(rebuilt.status).toBe('valid');
  expect(rebuilt.code).toContain('n + n');
  expect(rebuilt.timing?.phases.bundle).toBeGreaterThan(0);
});

test('a file of the package outside every module is part of the bundles that import it: its edit bundles them again', async () => {
  const { compile, edit } = served(['packages/app'], {
    'packages/app/package.json': pkg('@kept/shared', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/main/index.ts': "import { word } from '../common/word';\nexport const said: string = word;\n",
    'packages/app/common/word.ts': "export const word = 'first-word';\n",
  });
  expect((await compile('@kept/shared/main')).code).toContain('first-word');
  await edit('packages/app/common/word.ts', "export const word = 'second-word';\n");
  const rebuilt = await compile('@kept/shared/main');
  expect(rebuilt.code).toContain('second-word');
  expect(rebuilt.timing?.phases.bundle).toBeGreaterThan(0);
});
