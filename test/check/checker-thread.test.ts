import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { CheckerThread } from '../../lib/compiler/check/checker-thread.js';
import { closedAfterEach } from '../helpers/closing.js';
import { removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

const STRICT = { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true }, include: ['src', 'other'] };

const thread = closedAfterEach((root: string) => new CheckerThread(root));
afterAll(removeWorkspaces);

test("a check made in the checker's thread gives the verdict, and an edit told to it is seen", async () => {
  const root = writeWorkspace({ 'tsconfig.json': STRICT, 'src/a.ts': "import { b } from './b';\nexport const a: number = b;\n", 'src/b.ts': 'export const b = 1;\n' });
  const checker = thread(root);
  const config = join(root, 'tsconfig.json');
  const a = join(root, 'src/a.ts');
  expect((await checker.check(config, [a])).get(a)).toEqual([]);
  expect(checker.pid).toBeGreaterThan(0);
  expect(checker.rss()).toBeGreaterThan(10 * 1024 * 1024);
  writeFiles(root, { 'src/b.ts': "export const b = 'one';\n" });
  checker.changed({ changed: [join(root, 'src/b.ts')] });
  expect((await checker.check(config, [a])).get(a)).toMatchObject([{ code: 'TS2322', line: 2, column: 14 }]);
});

test('closed, the thread and its process end; a later check starts both again, with the virtual tsconfig it was given', async () => {
  const root = writeWorkspace({ 'src/a.ts': "export const a: number = 'no';\n" });
  const checker = thread(root);
  const config = join(root, 'tsconfig.virtual.json');
  checker.setVirtualFile(config, JSON.stringify({ ...STRICT, include: ['src'] }));
  const a = join(root, 'src/a.ts');
  expect((await checker.check(config, [a])).get(a)).toMatchObject([{ code: 'TS2322' }]);
  const first = checker.pid;
  await checker.close();
  expect(checker.pid).toBeUndefined();
  expect(() => process.kill(first!, 0)).toThrow();
  expect((await checker.check(config, [a])).get(a)).toMatchObject([{ code: 'TS2322' }]);
  expect(checker.pid).not.toBe(first);
});

test("files picked when the check starts are picked here, from the program's files under `within` only", async () => {
  const root = writeWorkspace({
    'tsconfig.json': STRICT,
    'src/a.ts': "import { b } from './b';\nexport const a = b;\n",
    'src/b.ts': "export const b: number = 'no';\n",
    'other/c.ts': "export const c: number = 'no';\n",
  });
  const checker = thread(root);
  const config = join(root, 'tsconfig.json');
  const offered: string[][] = [];
  const found = await checker.check(config, {
    within: join(root, 'src'),
    pick: (files) => (offered.push([...files].sort()), files),
  });
  expect(offered).toEqual([[join(root, 'src/a.ts'), join(root, 'src/b.ts')]]);
  expect([...found.keys()].sort()).toEqual([join(root, 'src/a.ts'), join(root, 'src/b.ts')]);
  expect(found.get(join(root, 'src/b.ts'))).toMatchObject([{ code: 'TS2322' }]);
  // A pick that throws picks nothing: the check ends with no verdict, and the thread goes on.
  const none = await checker.check(config, {
    within: root,
    pick: () => {
      throw new Error('no workspace');
    },
  });
  expect(none.size).toBe(0);
  expect((await checker.check(config, [join(root, 'other/c.ts')])).get(join(root, 'other/c.ts'))).toMatchObject([{ code: 'TS2322' }]);
});

test('background work waits while the service answers requests (told through shared memory), and goes on after', async () => {
  const root = writeWorkspace({ 'tsconfig.json': STRICT, 'src/main.ts': "export const main: number = 'no';\n" });
  const checker = thread(root);
  const config = join(root, 'tsconfig.json');
  const main = join(root, 'src/main.ts');
  await checker.check(config, [main]);
  await new Promise((done) => setTimeout(done, 100));
  let startedAt: number | undefined;
  checker.defer();
  const busy = setInterval(() => checker.defer(), 10);
  const background = checker.check(config, { within: root, pick: () => ((startedAt = performance.now()), [main]) }, { background: true });
  await new Promise((done) => setTimeout(done, 200));
  const quietFrom = performance.now();
  clearInterval(busy);
  expect(startedAt).toBeUndefined();
  expect((await background).get(main)).toMatchObject([{ code: 'TS2322' }]);
  expect(startedAt! - quietFrom).toBeGreaterThanOrEqual(30);
});

test("a check's failure comes back as an error naming it", async () => {
  const root = writeWorkspace({ 'tsconfig.json': STRICT, 'src/a.ts': 'export const a = 1;\n' });
  await expect(thread(root).check(join(root, 'missing.json'), [join(root, 'src/a.ts')])).rejects.toThrow(/No tsconfig at .*missing\.json/);
});
