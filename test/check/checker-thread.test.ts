import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { CheckerThread } from '../../lib/compiler/check/checker-thread.js';
import { closedAfterEach } from '../helpers/closing.js';
import { REPO, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

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
  // Well past the quiet period after that check: on its own, background work would start at once.
  await new Promise((done) => setTimeout(done, 100));
  let started = false;
  checker.defer();
  const busy = setInterval(() => checker.defer(), 10);
  const background = checker.check(config, { within: root, pick: () => ((started = true), [main]) }, { background: true });
  // Answering for a while (the quiet period after the last answer is native-checker.test.ts's, on a clock it moves).
  await new Promise((done) => setTimeout(done, 200));
  expect(started).toBe(false);
  clearInterval(busy);
  expect((await background).get(main)).toMatchObject([{ code: 'TS2322' }]);
  expect(started).toBe(true);
});

test("a check's failure comes back as an error naming it", async () => {
  const root = writeWorkspace({ 'tsconfig.json': STRICT, 'src/a.ts': 'export const a = 1;\n' });
  await expect(thread(root).check(join(root, 'missing.json'), [join(root, 'src/a.ts')])).rejects.toThrow(/No tsconfig at .*missing\.json/);
});

/** Starts a check in a process of its own, which exits `afterMs` after TypeScript 7 started; resolves to that native process's id. */
function exitMidCheck(root: string, afterMs: number): Promise<number> {
  const script = `
    const { CheckerThread } = await import(${JSON.stringify(join(REPO, 'lib/compiler/check/checker-thread.js'))});
    const checker = new CheckerThread(${JSON.stringify(root)});
    void checker.check(${JSON.stringify(join(root, 'tsconfig.json'))}, [${JSON.stringify(join(root, 'src/f0.ts'))}]).catch(() => undefined);
    const wait = setInterval(() => {
      if (!checker.pid) return;
      clearInterval(wait);
      process.stdout.write(String(checker.pid));
      setTimeout(() => process.exit(0), 5);
    }, 1);`;
  const file = join(root, `exit-mid-check-${afterMs}.mjs`);
  writeFileSync(file, script);
  // Not the test runner's own NODE_OPTIONS: a plain node process, as kit's is.
  const { NODE_OPTIONS: _, ...env } = process.env;
  const child = spawn(process.execPath, [file], { env, stdio: ['ignore', 'pipe', 'inherit'], timeout: 20_000 });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return new Promise((done) => child.once('exit', () => done(Number(out))));
}

/** True while the process runs (a zombie waiting for its parent to be reaped has ended). */
function runs(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] !== 'Z';
  } catch {
    return false;
  }
}

test.skipIf(process.platform !== 'linux')('a process that exits while TypeScript 7 reads its files through it leaves no TypeScript 7 behind', async () => {
  // Hundreds of files: TypeScript asks kit for each while it builds its program. An exit
  // 20–40 ms after it started comes while it waits for an answer, when it does not end on its own.
  const files = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`src/f${i}.ts`, `export const v${i}: number = ${i};\n`]));
  const root = writeWorkspace({ 'tsconfig.json': STRICT, ...files });
  const pids = [];
  for (const afterMs of [20, 30, 40]) pids.push(await exitMidCheck(root, afterMs));
  expect(pids.every((pid) => pid > 0)).toBe(true);
  await new Promise((done) => setTimeout(done, 1500));
  const left = pids.filter(runs);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  expect(left).toEqual([]);
});
