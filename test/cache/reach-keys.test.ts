import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { reachWithStamps } from '../../lib/compiler/check/reach.js';
import { ContentKeys, splitByKey } from '../../lib/compiler/cache/content-key.js';
import { recordInput } from '../../lib/compiler/cache/inputs.js';
import { loadWorkspace } from '../../lib/compiler/index.js';
import { untilSteady } from '../helpers/clock.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const module = (name: string, files: Record<string, string>) => ({
  [`packages/${name}/package.json`]: pkg(`@keys/${name}`, { kit: { modules: '.', bundler: 'ts' } }),
  [`packages/${name}/main/module.json`]: { platforms: ['web'], entry: 'index.ts' },
  ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`packages/${name}/main/${path}`, text])),
});

/** a imports b, b imports c; x and y import each other, and z imports x. */
function workspace(): string {
  return writeWorkspace({
    'kit.json': { packages: ['a', 'b', 'c', 'x', 'y', 'z'].map((name) => `packages/${name}`) },
    ...module('a', { 'index.ts': "import { b } from '@keys/b/main';\nexport const a = b;\n" }),
    ...module('b', { 'index.ts': "import { c } from '@keys/c/main';\nexport const b = c;\n" }),
    ...module('c', { 'index.ts': "export { c } from './deep/leaf';\n", 'deep/leaf.ts': 'export const c = 1;\n' }),
    ...module('x', { 'index.ts': "import { y } from '@keys/y/main';\nexport const x = () => y();\n" }),
    ...module('y', { 'index.ts': "import { x } from '@keys/x/main';\nimport './own';\nexport const y = () => x;\n", 'own.ts': 'export {};\n' }),
    ...module('z', { 'index.ts': "import { x } from '@keys/x/main';\nexport const z = x;\n" }),
  });
}

/** Each named module's content key, asked for in this order of a fresh discovery of `root`. */
function keys(root: string, order: string[]): Record<string, string> {
  const discovered = loadWorkspace(root);
  const contentKeys = new ContentKeys((path) => path.split(`${root}/`).join('<workspace>/'));
  return Object.fromEntries(order.map((name) => [name, contentKeys.key(reachWithStamps(discovered, join(root, `packages/${name}/main/index.ts`)), []).digest]));
}

test('modules on a cycle have the same keys whichever of them is walked first, and so does one importing them', async () => {
  const root = workspace();
  await untilSteady(root);
  const xFirst = keys(root, ['x', 'y', 'z']);
  const yFirst = keys(root, ['y', 'x', 'z']);
  const zFirst = keys(root, ['z', 'y', 'x']);
  expect(yFirst).toEqual(xFirst);
  expect(zFirst).toEqual(xFirst);
  // x and y reach the same files; z reaches one more.
  expect(xFirst.y).toBe(xFirst.x);
  expect(xFirst.z).not.toBe(xFirst.x);
});

test('two checkouts at different paths give the same keys; a file deep in c, edited, changes the keys of c and of every module importing it through the chain', async () => {
  const root = workspace();
  const other = join(mkdtempSync(join(tmpdir(), 'kit-keys-')), 'ws');
  cpSync(root, other, { recursive: true });
  await untilSteady(root);
  await untilSteady(other);
  const all = ['a', 'b', 'c', 'x', 'y', 'z'];
  const before = keys(root, all);
  expect(keys(other, all)).toEqual(before);
  writeFiles(root, { 'packages/c/main/deep/leaf.ts': 'export const c = 2;\n' });
  await untilSteady(root);
  const after = keys(root, all);
  for (const name of ['a', 'b', 'c']) expect(after[name], name).not.toBe(before[name]);
  for (const name of ['x', 'y', 'z']) expect(after[name], name).toBe(before[name]);
});

test("a kept reach's key is made once; one made anew after an edit is another", async () => {
  const root = workspace();
  await untilSteady(root);
  const discovered = loadWorkspace(root);
  const contentKeys = new ContentKeys((path) => path);
  const entry = join(root, 'packages/a/main/index.ts');
  const first = contentKeys.key(reachWithStamps(discovered, entry), []);
  const kept = reachWithStamps(discovered, entry);
  expect(contentKeys.key(kept, []).digest).toBe(first.digest);
  expect(first.covered().map((record) => record.path).sort()).toEqual(kept.files.slice().sort());
  writeFiles(root, { 'packages/c/main/deep/leaf.ts': 'export const c = 3;\n' });
  await untilSteady(root);
  const anew = reachWithStamps(discovered, entry);
  expect(anew).not.toBe(kept);
  expect(contentKeys.key(anew, []).digest).not.toBe(first.digest);
});

test("an entry's manifest gives the content of what the build read beyond its key, and there is none when a covered file was read at another content than the key names", async () => {
  const root = workspace();
  writeFiles(root, { 'packages/a/main/styles.css': '.a {}\n' });
  await untilSteady(root);
  const entry = join(root, 'packages/a/main/index.ts');
  const key = new ContentKeys((path) => path).key(reachWithStamps(loadWorkspace(root), entry), [join(root, 'packages/a/package.json')]);
  const read = () => [entry, join(root, 'packages/c/main/deep/leaf.ts'), join(root, 'packages/a/main/styles.css')].map((path) => recordInput(path).record);
  const split = splitByKey(key, read());
  expect(split?.beyond.map((record) => record.path)).toEqual([join(root, 'packages/a/main/styles.css')]);
  expect(split?.covered.map((record) => record.path)).toEqual([entry, join(root, 'packages/c/main/deep/leaf.ts')]);
  // Written after the key was made, before the build read it.
  writeFiles(root, { 'packages/c/main/deep/leaf.ts': 'export const c = 4;\n' });
  expect(splitByKey(key, read())).toBeUndefined();
});
