import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { checkerOf, closeCheckers } from '../../lib/compiler/check/check-module.js';
import { Compiler, DEVELOPMENT, findModule, loadWorkspace } from '../../lib/compiler/index.js';
import { untilSteady } from '../helpers/clock.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

test('a file edited after its verdict was asked for ahead (kit build, kit check) is judged as it is when its module is built', async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'packages/app/package.json': pkg('@ahead/app', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/app/first/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/first/index.ts': "export { count } from './count.js';\n",
    'packages/app/first/count.ts': 'export const count: number = 1;\n',
    'packages/app/second/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/second/index.ts': 'export const name: string = "second";\n',
  });
  const workspace = loadWorkspace(dir);
  const [first, second] = ['@ahead/app/first', '@ahead/app/second'].map((specifier) => findModule(workspace, specifier)!);
  // Past the 20 ms in which a file's stamp never matches (stamp.ts): only the edit below tells the stamps apart.
  await untilSteady(dir);
  const compiler = new Compiler();
  await compiler.startAhead(workspace, [first, second], () => DEVELOPMENT);
  // TypeScript 7 checks in order: with the second module's verdict made, the first's is too, on the file as it was.
  expect((await compiler.compile(workspace, second, DEVELOPMENT)).status).toBe('valid');
  writeFileSync(join(dir, 'packages/app/first/count.ts'), "export const count: number = 'one';\n");

  const build = await compiler.compile(workspace, first, DEVELOPMENT);
  expect(build.status).toBe('invalid');
  expect(build.diagnostics).toEqual([expect.objectContaining({ code: 'TS2322', file: 'packages/app/first/count.ts', line: 1 })]);
});

test('a verdict asked for ahead is the build\'s: a type error made before is reported, once', async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'packages/app/package.json': pkg('@ahead/broken', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/main/index.ts': "export const answer: number = 'forty-two';\n",
  });
  const workspace = loadWorkspace(dir);
  const module = findModule(workspace, '@ahead/broken/main')!;
  const compiler = new Compiler();
  await compiler.startAhead(workspace, [module], () => DEVELOPMENT);
  const build = await compiler.compile(workspace, module, DEVELOPMENT);
  expect(build.diagnostics).toEqual([expect.objectContaining({ code: 'TS2322', file: 'packages/app/main/index.ts', line: 1, column: 14 })]);
});

test('modules whose verdicts are asked for ahead in one request to TypeScript 7 each get their own', async () => {
  const names = ['one', 'two', 'three', 'four'];
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'packages/app/package.json': pkg('@ahead/together', { kit: { modules: '.', bundler: 'ts' } }),
    ...Object.fromEntries(names.flatMap((name, i) => [
      [`packages/app/${name}/module.json`, { platforms: ['web'], entry: 'index.ts' }],
      // The first is asked for alone; the others together, the third with a type error of its own.
      [`packages/app/${name}/index.ts`, i === 2 ? "export const value: number = 'three';\n" : `export const value: number = ${i};\n`],
    ])),
  });
  const workspace = loadWorkspace(dir);
  const modules = names.map((name) => findModule(workspace, `@ahead/together/${name}`)!);
  // A file's stamp within 20 ms of its write never matches (stamp.ts): the builds would ask again, one by one.
  await untilSteady(dir);
  const compiler = new Compiler();
  await compiler.startAhead(workspace, modules, () => DEVELOPMENT);
  const builds = await Promise.all(modules.map((module) => compiler.compile(workspace, module, DEVELOPMENT)));
  expect(builds.map((b) => b.status)).toEqual(['valid', 'valid', 'invalid', 'valid']);
  expect(builds[2].diagnostics).toEqual([expect.objectContaining({ code: 'TS2322', file: 'packages/app/three/index.ts', line: 1 })]);
});

test("TypeScript 7's process killed while the verdicts asked ahead wait: each build still gets its own module's verdict", async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'packages/app/package.json': pkg('@ahead/killed', { kit: { modules: '.', bundler: 'ts' } }),
    ...Object.fromEntries(['one', 'two', 'three'].flatMap((name, i) => [
      [`packages/app/${name}/module.json`, { platforms: ['web'], entry: 'index.ts' }],
      // The second module has a type error: its verdict must stay its own.
      [`packages/app/${name}/index.ts`, i === 1 ? "export const value: number = 'two';\n" : `export const value: number = ${i};\n`],
    ])),
  });
  const workspace = loadWorkspace(dir);
  const modules = ['one', 'two', 'three'].map((name) => findModule(workspace, `@ahead/killed/${name}`)!);
  // Past the 20 ms in which a file's stamp never matches (stamp.ts): the builds take what was asked ahead.
  await untilSteady(dir);
  const compiler = new Compiler();
  const checker = checkerOf(dir);
  await compiler.startAhead(workspace, modules, () => DEVELOPMENT);
  // Killed once, as soon as it is known to run: the checks queued ahead go on in a new process.
  await new Promise<void>((done) => {
    const killer = setInterval(() => {
      if (!checker.pid) return;
      clearInterval(killer);
      process.kill(checker.pid, 'SIGKILL');
      done();
    }, 1);
  });
  const builds = await Promise.all(modules.map((module) => compiler.compile(workspace, module, DEVELOPMENT)));
  expect(builds.map((b) => b.status)).toEqual(['valid', 'invalid', 'valid']);
  expect(builds[1].diagnostics).toEqual([expect.objectContaining({ code: 'TS2322', file: 'packages/app/two/index.ts' })]);
});
