import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { NativeChecker, type NativeCheckerOptions } from '../../lib/compiler/check/native-checker.js';
import { closedAfterEach } from '../helpers/closing.js';
import { REPO, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

const KIT_TYPES = join(REPO, 'types', 'kit-env.d.ts');
const STRICT = { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true }, include: ['src'] };

const checker = closedAfterEach((root: string, options?: NativeCheckerOptions) => new NativeChecker(root, options));
afterAll(removeWorkspaces);

describe('NativeChecker (TypeScript 7)', () => {
  test('reports a type error with its code, file, 1-based line and column, and nothing for a clean file', async () => {
    const root = writeWorkspace({
      'tsconfig.json': STRICT,
      // Characters outside ASCII before the error: columns count UTF-16 code units, as editors do.
      'src/bad.ts': "// héllo 😀\nconst s: string = 'é😀';\nexport const n: number = s;\n",
      'src/good.ts': 'export const ok: number = 1;\n',
    });
    const c = checker(root);
    const found = await c.check(join(root, 'tsconfig.json'), [join(root, 'src/bad.ts'), join(root, 'src/good.ts')]);
    expect(found.get(join(root, 'src/good.ts'))).toEqual([]);
    expect(found.get(join(root, 'src/bad.ts'))).toEqual([
      { code: 'TS2322', message: "Type 'string' is not assignable to type 'number'.", category: 'error', file: join(root, 'src/bad.ts'), line: 3, column: 14 },
    ]);
    expect(c.rss()).toBeGreaterThan(10 * 1024 * 1024);
  });

  test('flattens a chained message and reports syntax errors', async () => {
    const root = writeWorkspace({
      'tsconfig.json': STRICT,
      'src/chain.ts': 'export const b: { p: { q: string } } = { p: { q: 1 } } as { p: { q: number } };\n',
      'src/syntax.ts': 'export const = 1;\n',
    });
    const found = await checker(root).check(join(root, 'tsconfig.json'), [join(root, 'src/chain.ts'), join(root, 'src/syntax.ts')]);
    expect(found.get(join(root, 'src/chain.ts'))![0]!.message).toBe(
      "Type '{ p: { q: number; }; }' is not assignable to type '{ p: { q: string; }; }'.\n  The types of 'p.q' are incompatible between these types.\n    Type 'number' is not assignable to type 'string'.",
    );
    expect(found.get(join(root, 'src/syntax.ts'))![0]).toMatchObject({ code: 'TS1134', message: 'Variable declaration expected.', line: 1, column: 14 });
  });

  test('an edit reported by changed() changes the verdict; unreported, the snapshot stays', async () => {
    const root = writeWorkspace({ 'tsconfig.json': STRICT, 'src/a.ts': "import { b } from './b';\nexport const a: number = b;\n", 'src/b.ts': 'export const b = 1;\n' });
    const c = checker(root);
    const config = join(root, 'tsconfig.json');
    const a = join(root, 'src/a.ts');
    expect((await c.check(config, [a])).get(a)).toEqual([]);
    writeFiles(root, { 'src/b.ts': "export const b = 'one';\n" });
    expect((await c.check(config, [a])).get(a)).toEqual([]);
    c.changed({ changed: [join(root, 'src/b.ts')] });
    expect((await c.check(config, [a])).get(a)!.map((d) => d.code)).toEqual(['TS2322']);
    // A file created and a file deleted.
    writeFiles(root, { 'src/c.ts': 'export const c: string = 1;\n' });
    c.changed({ created: [join(root, 'src/c.ts')] });
    expect((await c.check(config, [join(root, 'src/c.ts')])).get(join(root, 'src/c.ts'))!.map((d) => d.code)).toEqual(['TS2322']);
    writeFiles(root, { 'src/a.ts': 'export const a = 1;\n' });
    c.changed({ changed: [a], deleted: [join(root, 'src/c.ts')] });
    await expect(c.check(config, [join(root, 'src/c.ts')])).rejects.toThrow(/Not part of the project/);
  });

  test('a tsconfig edit (strict: false) changes the verdict after changed() of the tsconfig, through a derived virtual tsconfig too', async () => {
    const root = writeWorkspace({ 'tsconfig.json': STRICT, 'src/f.ts': 'export function f(x) { return x; }\n' });
    const c = checker(root);
    const config = join(root, 'tsconfig.json');
    const derived = join(root, 'tsconfig.kit.json');
    const f = join(root, 'src/f.ts');
    c.setVirtualFile(derived, JSON.stringify({ extends: config, compilerOptions: { moduleDetection: 'force' }, files: [f, KIT_TYPES], include: [] }));
    expect((await c.check(config, [f])).get(f)!.map((d) => d.code)).toEqual(['TS7006']);
    expect((await c.check(derived, [f])).get(f)!.map((d) => d.code)).toEqual(['TS7006']);
    writeFiles(root, { 'tsconfig.json': { ...STRICT, compilerOptions: { ...STRICT.compilerOptions, strict: false } } });
    c.changed({ changed: [config] });
    expect((await c.check(config, [f])).get(f)).toEqual([]);
    expect((await c.check(derived, [f])).get(f)).toEqual([]);
  });

  test("the virtual tsconfig kit derives: paths to the workspace's modules, kit's ambient types, and TypeScript 7's removed options reported on the tsconfig", async () => {
    const root = writeWorkspace({
      'tsconfig.json': { compilerOptions: { strict: true, baseUrl: '.' } },
      'packages/lib/util/index.ts': 'export const twice = (n: number): number => n * 2;\n',
      'packages/app/main/index.ts': "import { twice } from '@ws/lib/util';\nimport icon from './icon.svg';\nexport const s: string = twice(2) + icon;\nexport const n: number = icon;\n",
    });
    const c = checker(root);
    const derived = join(root, 'tsconfig.kit.json');
    const main = join(root, 'packages/app/main/index.ts');
    const config = (extendsWorkspace: boolean) =>
      JSON.stringify({
        ...(extendsWorkspace ? { extends: join(root, 'tsconfig.json') } : {}),
        compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, paths: { '@ws/lib/util': [join(root, 'packages/lib/util/index.ts')] } },
        files: [main, KIT_TYPES],
        include: [],
      });
    c.setVirtualFile(derived, config(false));
    const found = await c.check(derived, [main]);
    expect([...found.keys()]).toEqual([main]);
    expect(found.get(main)!.map((d) => [d.code, d.line])).toEqual([['TS2322', 4]]);
    // The workspace's own tsconfig sets `baseUrl`, which TypeScript 7 removed: reported (without a position) on the tsconfig checked.
    c.setVirtualFile(derived, config(true));
    const again = await c.check(derived, [main]);
    expect(again.get(main)!.map((d) => d.code)).toEqual(['TS2322']);
    expect(again.get(derived)).toMatchObject([
      { code: 'TS5102', message: "Option 'baseUrl' has been removed. Please remove it from your configuration.\n  Use '\"paths\": {\"*\": [\"./*\"]}' instead.", category: 'error', file: derived, line: 1 },
    ]);
  });

  test("types under the workspace's node_modules/@types are found whatever process.cwd() is", async () => {
    const root = writeWorkspace({
      'tsconfig.json': { compilerOptions: { strict: true, noEmit: true, types: ['*'] }, include: ['src'] },
      'node_modules/@types/foo/package.json': { name: '@types/foo', version: '1.0.0', types: 'index.d.ts' },
      'node_modules/@types/foo/index.d.ts': 'export declare function foo(): number;\n',
      'node_modules/@types/env/package.json': { name: '@types/env', version: '1.0.0', types: 'index.d.ts' },
      'node_modules/@types/env/index.d.ts': 'declare const ENV_GLOBAL: number;\n',
      'src/main.ts': "import { foo } from 'foo';\nexport const a: number = foo() + ENV_GLOBAL;\nexport const b: string = foo();\n",
    });
    const cwd = process.cwd();
    try {
      process.chdir(tmpdir());
    } catch {
      // Worker threads cannot change directory: the native process's own is the root all the same.
    }
    try {
      const main = join(root, 'src/main.ts');
      const found = await checker(root).check(join(root, 'tsconfig.json'), [main]);
      expect(found.get(main)!.map((d) => [d.code, d.line])).toEqual([['TS2322', 3]]);
    } finally {
      process.chdir(cwd);
    }
  });

  test('a package with its own tsconfig.json: check() uses the one it is given', async () => {
    const root = writeWorkspace({
      'tsconfig.json': { ...STRICT, include: ['packages'] },
      'packages/loose/tsconfig.json': { compilerOptions: { strict: false, noEmit: true }, include: ['src'] },
      'packages/loose/src/l.ts': 'export function l(x) { return x; }\n',
      'packages/tight/src/t.ts': 'export const t = 1;\n',
      'elsewhere/x.ts': 'export const x = 1;\n',
    });
    const c = checker(root);
    const l = join(root, 'packages/loose/src/l.ts');
    expect((await c.check(join(root, 'packages/loose/tsconfig.json'), [l])).get(l)).toEqual([]);
    expect((await c.check(join(root, 'tsconfig.json'), [l])).get(l)!.map((d) => d.code)).toEqual(['TS7006']);
  });

  test('concurrent checks are queued; a crash under one runs it once more on a new process, and those queued behind it too', async () => {
    const root = writeWorkspace({ 'tsconfig.json': STRICT, 'src/a.ts': 'export const a: string = 1;\n', 'src/b.ts': 'export const b = 1;\n' });
    const c = checker(root);
    const config = join(root, 'tsconfig.json');
    const [a, b] = [join(root, 'src/a.ts'), join(root, 'src/b.ts')];
    const all = await Promise.all([c.check(config, [a]), c.check(config, [b]), c.check(config, [a, b])]);
    expect(all.map((m) => [...m.values()].flat().map((d) => d.code))).toEqual([['TS2322'], [], ['TS2322']]);
    // Killed with requests on their way: the one in flight is judged by a new process, as are the ones queued behind it
    // (a process ended under the same check twice is a told failure: checker-failure.test.ts).
    const pid = c.pid!;
    // Every file read again: the verdicts kept from above do not answer without the process.
    c.changed({ all: true });
    const during = c.check(config, [a, b]);
    const queued = [c.check(config, [a]), c.check(config, [b])];
    process.kill(pid, 'SIGKILL');
    expect([...(await during).values()].flat().map((d) => d.code)).toEqual(['TS2322']);
    expect(await queued[0]).toEqual(new Map([[a, [expect.objectContaining({ code: 'TS2322' })]]]));
    expect((await queued[1]).get(b)).toEqual([]);
    expect(c.pid).not.toBe(pid);
    // Killed while idle.
    const second = c.pid!;
    process.kill(second, 'SIGKILL');
    // Seen to end before the next request: no process is then the checker's.
    await expect.poll(() => c.pid).toBeUndefined();
    expect((await c.check(config, [a])).get(a)!.map((d) => d.code)).toEqual(['TS2322']);
    expect([pid, second]).not.toContain(c.pid);
    const last = c.pid!;
    await c.close();
    expect(c.pid).toBeUndefined();
    expect(() => process.kill(last, 0)).toThrow(/ESRCH/);
  });

  test('a missing tsconfig or a file outside the project is a rejected check, and the checker goes on', async () => {
    const root = writeWorkspace({ 'tsconfig.json': STRICT, 'src/a.ts': 'export const a = 1;\n', 'other/o.ts': 'export const o = 1;\n' });
    const c = checker(root);
    await expect(c.check(join(root, 'nope/tsconfig.json'), [join(root, 'src/a.ts')])).rejects.toThrow(/No tsconfig at/);
    await expect(c.check(join(root, 'tsconfig.json'), [join(root, 'other/o.ts')])).rejects.toThrow(/Not part of the project of .*tsconfig\.json: .*o\.ts/);
    expect((await c.check(join(root, 'tsconfig.json'), [join(root, 'src/a.ts')])).get(join(root, 'src/a.ts'))).toEqual([]);
    // A tsconfig deleted while open: TypeScript would fail every later update until it is closed.
    writeFiles(root, { 'other/tsconfig.json': { compilerOptions: { noEmit: true }, include: ['.'] } });
    expect((await c.check(join(root, 'other/tsconfig.json'), [join(root, 'other/o.ts')])).get(join(root, 'other/o.ts'))).toEqual([]);
    rmSync(join(root, 'other/tsconfig.json'));
    writeFiles(root, { 'src/a.ts': 'export const a: string = 1;\n' });
    c.changed({ deleted: [join(root, 'other/tsconfig.json')], changed: [join(root, 'src/a.ts')] });
    expect((await c.check(join(root, 'tsconfig.json'), [join(root, 'src/a.ts')])).get(join(root, 'src/a.ts'))!.map((d) => d.code)).toEqual(['TS2322']);
    writeFiles(root, { 'src/a.ts': 'export const a = 1;\n' });
    c.changed({ changed: [join(root, 'src/a.ts')] });
    expect((await c.check(join(root, 'tsconfig.json'), [join(root, 'src/a.ts')])).get(join(root, 'src/a.ts'))).toEqual([]);
    await expect(c.check(join(root, 'other/tsconfig.json'), [join(root, 'other/o.ts')])).rejects.toThrow(/No tsconfig at/);
  });

  test('background work waits for requests, and for a moment after the last; it names its files from the program', async () => {
    const root = writeWorkspace({
      'tsconfig.json': STRICT,
      'src/main.ts': "import { helper } from './helper';\nexport const main: number = helper;\n",
      'src/helper.ts': "export const helper: number = 'not a number';\n",
    });
    const clock = manualClock();
    const c = checker(root, { clock });
    const config = join(root, 'tsconfig.json');
    const main = join(root, 'src/main.ts');
    const helper = join(root, 'src/helper.ts');
    const request = c.check(config, [main]);
    let asked: string[] | undefined;
    const background = c.check(config, (programFiles) => ((asked = [...programFiles]), [helper]), { background: true });
    expect((await request).get(main)).toEqual([]);
    // Queued behind the request, then held back a moment after it: a burst of requests has the process to itself.
    // A request a moment later runs first (begun, the background work would have been ahead of it in the queue).
    clock.advance(QUIET_MS - 1);
    await c.check(config, [main]);
    expect(asked).toBeUndefined();
    clock.advance(QUIET_MS);
    const found = await background;
    expect(asked).toEqual(expect.arrayContaining([main, helper]));
    expect(found.get(helper)).toMatchObject([{ code: 'TS2322', line: 1 }]);
  });

  test('background work waits while the service says it is busy answering, and goes on after', async () => {
    const root = writeWorkspace({ 'tsconfig.json': STRICT, 'src/main.ts': "export const main: number = 'no';\n" });
    const clock = manualClock();
    let lastActivity = -Infinity;
    const c = checker(root, { clock, lastActivity: () => lastActivity });
    const config = join(root, 'tsconfig.json');
    const main = join(root, 'src/main.ts');
    await c.check(config, [main]);
    // Well past the quiet period after that check: on its own, background work would start at once.
    clock.advance(10 * QUIET_MS);
    let started = false;
    lastActivity = clock.now();
    const background = c.check(config, () => ((started = true), [main]), { background: true });
    // The service answers a request every 10 ms: the quiet period never comes.
    for (let answered = 0; answered < 20; answered++) {
      clock.advance(10);
      lastActivity = clock.now();
    }
    // A check asked now runs first (begun, the background work would have been ahead of it in the queue).
    await c.check(config, [main]);
    expect(started).toBe(false);
    // It stops answering: a quiet period later, the background work starts.
    clock.advance(QUIET_MS);
    expect((await background).get(main)).toMatchObject([{ code: 'TS2322' }]);
    expect(started).toBe(true);
  });
});

/** The quiet period after a request, as native-checker.ts waits it. */
const QUIET_MS = 50;

/** A clock the test moves: a timer runs when `advance` passes its time, never on its own. */
function manualClock() {
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    after: (ms: number, run: () => void) => void timers.push({ at: now + ms, run }),
    advance(ms: number) {
      now += ms;
      for (const due of timers.filter((timer) => timer.at <= now)) {
        timers.splice(timers.indexOf(due), 1);
        due.run();
      }
    },
  };
}

