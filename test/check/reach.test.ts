import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { reachAhead, reachableFiles } from '../../lib/compiler/check/reach.js';
import { Freshness, loadWorkspace } from '../../lib/compiler/index.js';
import { untilSteady } from '../helpers/clock.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

/** Past the window in which a stamp is not trusted (stamp.ts): what is kept is then really used. */
const module = (name: string, files: Record<string, string>) => ({
  [`packages/${name}/package.json`]: pkg(`@reach/${name}`, { kit: { modules: '.', bundler: 'ts' } }),
  [`packages/${name}/main/module.json`]: { platforms: ['web'], entry: 'index.ts' },
  ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`packages/${name}/main/${path}`, text])),
});

function chain() {
  return writeWorkspace({
    'kit.json': { packages: ['packages/a', 'packages/b', 'packages/c'] },
    ...module('a', { 'index.ts': "import { b } from '@reach/b/main';\nexport const a = b;\n" }),
    ...module('b', { 'index.ts': "import { c } from '@reach/c/main';\nimport { h } from './helper';\nexport const b = c + h;\n", 'helper.ts': 'export const h = 1;\n' }),
    ...module('c', { 'index.ts': 'export const c = 1;\n' }),
  });
}

const rel = (root: string, files: string[]) => files.map((f) => f.slice(root.length + 1)).sort();

test("a module reaches through the modules it imports; an edit deep in the chain is seen by every module above it", async () => {
  const root = chain();
  const workspace = loadWorkspace(root);
  const a = join(root, 'packages/a/main/index.ts');
  expect(rel(root, reachableFiles(workspace, a))).toEqual(['packages/a/main/index.ts', 'packages/b/main/helper.ts', 'packages/b/main/index.ts', 'packages/c/main/index.ts']);
  await untilSteady(root);
  expect(rel(root, reachableFiles(workspace, a))).toHaveLength(4);
  // c now imports a file of its own: a, which reached c through b, reaches it too.
  writeFiles(root, { 'packages/c/main/index.ts': "export { c } from './more';\n", 'packages/c/main/more.ts': 'export const c = 2;\n' });
  await untilSteady(root);
  expect(rel(root, reachableFiles(workspace, a))).toContain('packages/c/main/more.ts');
  expect(rel(root, reachableFiles(workspace, join(root, 'packages/b/main/index.ts')))).toContain('packages/c/main/more.ts');
});

test('a file made where an import looks changes what it names, though no file that was read changed', async () => {
  const root = chain();
  const workspace = loadWorkspace(root);
  const b = join(root, 'packages/b/main/index.ts');
  // `./helper` names helper.ts; moved into a folder, it names helper/index.ts.
  renameSync(join(root, 'packages/b/main/helper.ts'), join(root, 'packages/b/main/old.txt'));
  mkdirSync(join(root, 'packages/b/main/helper'));
  writeFileSync(join(root, 'packages/b/main/helper/index.ts'), 'export const h = 2;\n');
  await untilSteady(root);
  expect(rel(root, reachableFiles(workspace, b))).toContain('packages/b/main/helper/index.ts');
  await untilSteady(root);
  writeFileSync(join(root, 'packages/b/main/helper.ts'), 'export const h = 3;\n');
  await untilSteady(root);
  const now = rel(root, reachableFiles(workspace, b));
  expect(now).toContain('packages/b/main/helper.ts');
  expect(now).not.toContain('packages/b/main/helper/index.ts');
  expect(rel(root, reachableFiles(workspace, join(root, 'packages/a/main/index.ts')))).toContain('packages/b/main/helper.ts');
});

test("an installed package's types follow its package.json when it is edited in place", async () => {
  const root = writeWorkspace({
    'kit.json': { packages: ['packages/a'] },
    ...module('a', { 'index.ts': "import { x } from 'typed';\nexport const a = x;\n" }),
    'node_modules/typed/package.json': { name: 'typed', version: '1.0.0', types: 'one.d.ts' },
    'node_modules/typed/one.d.ts': 'export declare const x: number;\n',
    'node_modules/typed/two.d.ts': 'export declare const x: string;\n',
  });
  const workspace = loadWorkspace(root);
  const a = join(root, 'packages/a/main/index.ts');
  expect(rel(root, reachableFiles(workspace, a))).toContain('node_modules/typed/one.d.ts');
  await untilSteady(root);
  writeFiles(root, { 'node_modules/typed/package.json': { name: 'typed', version: '1.0.0', types: 'two.d.ts' } });
  await untilSteady(root);
  const now = rel(root, reachableFiles(workspace, a));
  expect(now).toContain('node_modules/typed/two.d.ts');
  expect(now).not.toContain('node_modules/typed/one.d.ts');
});

test('two modules importing each other each reach both', async () => {
  const root = writeWorkspace({
    'kit.json': { packages: ['packages/a', 'packages/b'] },
    ...module('a', { 'index.ts': "import { b } from '@reach/b/main';\nexport const a = 1;\nexport const ab = () => b;\n" }),
    ...module('b', { 'index.ts': "import { a } from '@reach/a/main';\nimport './own';\nexport const b = () => a;\n", 'own.ts': 'export {};\n' }),
  });
  const workspace = loadWorkspace(root);
  const all = ['packages/a/main/index.ts', 'packages/b/main/index.ts', 'packages/b/main/own.ts'];
  for (let pass = 0; pass < 2; pass++) {
    expect(rel(root, reachableFiles(workspace, join(root, 'packages/a/main/index.ts')))).toEqual(all);
    expect(rel(root, reachableFiles(workspace, join(root, 'packages/b/main/index.ts')))).toEqual(all);
    await untilSteady(root);
  }
});

test("with a trusted watcher a kept reach rests on its reports: an edit counts once reported, a file it does not watch by its stat", async () => {
  const root = chain();
  const workspace = loadWorkspace(root);
  const a = join(root, 'packages/a/main/index.ts');
  const freshness = new Freshness();
  const watched = (path: string) => !path.includes('/packages/c/');
  freshness.ready(watched);
  await untilSteady(root); // stamps read now are exact: what is not watched is then compared, not walked again for being new
  expect(rel(root, reachableFiles(workspace, a, freshness))).toHaveLength(4);
  await untilSteady(root);
  // b's helper now imports a file of its own; the watcher has not said so yet.
  writeFiles(root, { 'packages/b/main/helper.ts': "export { h } from './deeper';\n", 'packages/b/main/deeper.ts': 'export const h = 2;\n' });
  await untilSteady(root);
  expect(rel(root, reachableFiles(workspace, a, freshness))).not.toContain('packages/b/main/deeper.ts');
  freshness.changed(join(root, 'packages/b/main/helper.ts'), 'change');
  freshness.changed(join(root, 'packages/b/main/deeper.ts'), 'add');
  expect(rel(root, reachableFiles(workspace, a, freshness))).toContain('packages/b/main/deeper.ts');
  // c is not watched: its edit is found by a stat, reported or not.
  await untilSteady(root);
  writeFiles(root, { 'packages/c/main/index.ts': "export { c } from './more';\n", 'packages/c/main/more.ts': 'export const c = 2;\n' });
  await untilSteady(root);
  expect(rel(root, reachableFiles(workspace, a, freshness))).toContain('packages/c/main/more.ts');
});

test("walked ahead, a module's reach is the one its first build finds while the watcher vouches for it; a walk stops once a newer discovery is asked about", async () => {
  const root = chain();
  const workspace = loadWorkspace(root);
  const freshness = new Freshness();
  freshness.ready(() => true);
  await untilSteady(root);
  await reachAhead(workspace, freshness);
  // b's helper now imports a file of its own, unreported: a walk made now would find it, the one made ahead does not.
  writeFiles(root, { 'packages/b/main/helper.ts': "export { h } from './deeper';\n", 'packages/b/main/deeper.ts': 'export const h = 2;\n' });
  await untilSteady(root);
  const a = join(root, 'packages/a/main/index.ts');
  expect(rel(root, reachableFiles(workspace, a, freshness))).not.toContain('packages/b/main/deeper.ts');
  // A walk of the old discovery, while a request walks a newer one: the newer one's reaches stay.
  const latest = loadWorkspace(root);
  const walking = reachAhead(workspace, freshness);
  expect(rel(root, reachableFiles(latest, a, freshness))).toContain('packages/b/main/deeper.ts');
  await walking;
  writeFiles(root, { 'packages/b/main/deeper.ts': "import './deepest';\nexport const h = 3;\n", 'packages/b/main/deepest.ts': 'export {};\n' });
  await untilSteady(root);
  expect(rel(root, reachableFiles(latest, a, freshness))).not.toContain('packages/b/main/deepest.ts');
});
