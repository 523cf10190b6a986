import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Freshness, loadWorkspace, WorkspaceLoader, type Diagnostic, type Workspace } from '../../lib/compiler/index.js';
import { untilSteady } from '../helpers/clock.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const MAIN = { 'packages/app/main/index.ts': 'export const x = 1;\n' };

function allDiagnostics(workspace: Workspace): Diagnostic[] {
  return [...workspace.diagnostics, ...workspace.modules.flatMap((m) => m.diagnostics)];
}

function only(workspace: Workspace): Diagnostic {
  const list = allDiagnostics(workspace);
  expect(list).toHaveLength(1);
  return list[0];
}

describe('discovery', () => {
  test('an exports entry publishes <name>/<subpath>', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts', './package.json': './package.json' } }), ...MAIN });
    const ws = loadWorkspace(dir);
    expect(allDiagnostics(ws)).toEqual([]);
    expect(ws.modules.map((m) => [m.specifier, m.vspecifier, m.platforms, m.bundler.name])).toEqual([['@a/app/main', '@a/app@0.1.0/main', ['web'], 'ts']]);
  });

  test('a module.json alone declares a module under kit.modules, subpath from its directory or its own "subpath"', () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/app'] },
      'packages/app/package.json': pkg('@a/app', { kit: { modules: 'src', bundler: 'esbuild' } }),
      'packages/app/src/widgets/button/module.json': { entry: 'index.ts', platforms: ['node', 'web'] },
      'packages/app/src/widgets/button/index.ts': 'export {};\n',
      'packages/app/src/other/module.json': { entry: 'main.ts', subpath: 'renamed', bundler: 'ts' },
      'packages/app/src/other/main.ts': 'export {};\n',
    });
    const ws = loadWorkspace(dir);
    expect(allDiagnostics(ws)).toEqual([]);
    expect(ws.modules.map((m) => [m.specifier, m.bundler.specifier, m.platforms])).toEqual([
      ['@a/app/renamed', '@kit-js/packages/bundlers/ts', ['web']],
      ['@a/app/widgets/button', '@kit-js/packages/bundlers/esbuild', ['node', 'web']],
    ]);
  });

  test('exports and a module.json beside the entry combine into one module', () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/app'] },
      'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' }, kit: { modules: '.' }, bundlers: { fast: { specifier: '@kit-js/packages/bundlers/esbuild', processors: { bundle: { compiler: 'esbuild' } } } } }),
      'packages/app/main/module.json': { platforms: ['web'], bundler: 'fast', assets: ['logo.svg'] },
      'packages/app/main/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      ...MAIN,
    });
    const ws = loadWorkspace(dir);
    expect(allDiagnostics(ws)).toEqual([]);
    expect(ws.modules).toHaveLength(1);
    expect(ws.modules[0].bundler).toEqual({ name: 'fast', specifier: '@kit-js/packages/bundlers/esbuild', compiler: 'esbuild' });
    expect(ws.modules[0].assets.map((a) => a.path)).toEqual(['logo.svg']);
  });
});

describe('manifest diagnostics carry file, line and column', () => {
  test('no kit.json', () => {
    const d = only(loadWorkspace(writeWorkspace({ 'README.md': 'x' })));
    expect(d).toMatchObject({ code: 'MANIFEST_INVALID', file: 'kit.json', line: 1, column: 1 });
  });

  test('a JSON syntax error', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': '{\n  "name": "@a/app",\n  "version": "0.1.0",,\n}\n' });
    expect(only(loadWorkspace(dir))).toMatchObject({ code: 'MANIFEST_INVALID', file: 'packages/app/package.json', line: 3, column: 22 });
  });

  test('a member of the wrong type', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' }, description: 42 }), ...MAIN });
    const d = only(loadWorkspace(dir));
    expect(d).toMatchObject({ code: 'MANIFEST_INVALID', file: 'packages/app/package.json', line: 8, column: 18 });
    expect(d.message).toContain('"description" must be a string');
  });

  test('a package directory that does not exist', () => {
    const dir = writeWorkspace({ 'kit.json': '{\n  "packages": [\n    "packages/gone"\n  ]\n}\n' });
    expect(only(loadWorkspace(dir))).toMatchObject({ code: 'MANIFEST_INVALID', file: 'kit.json', line: 3, column: 5 });
  });

  test('a sibling package that kit.json does not list', () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/app'] },
      'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' }, dependencies: { '@a/lib': '0.1.0' } }),
      'packages/lib/package.json': pkg('@a/lib'),
      ...MAIN,
    });
    const d = only(loadWorkspace(dir));
    expect(d).toMatchObject({ code: 'MANIFEST_INVALID', file: 'packages/app/package.json', line: 9 });
    expect(d.message).toContain('add "packages/lib" to "packages" in kit.json');
  });

  test('an unknown bundler name', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' } }), 'packages/app/main/module.json': '{\n  "bundler": "webpack"\n}\n', ...MAIN });
    const d = only(loadWorkspace(dir));
    expect(d).toMatchObject({ code: 'MANIFEST_INVALID', file: 'packages/app/main/module.json', line: 2, column: 14 });
    expect(d.message).toContain('unknown bundler "webpack"');
  });

  test('a missing entry file', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' } }) });
    expect(only(loadWorkspace(dir))).toMatchObject({ code: 'MANIFEST_INVALID', file: 'packages/app/package.json', line: 6 });
  });

  test('a module declared by module.json alone without "entry"', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': pkg('@a/app', { kit: { modules: '.' } }), 'packages/app/main/module.json': { platforms: ['web'] } });
    expect(only(loadWorkspace(dir)).message).toContain('needs an "entry"');
  });

  test('two modules with one subpath', () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/app'] },
      'packages/app/package.json': pkg('@a/app', { kit: { modules: '.' } }),
      'packages/app/a/module.json': { entry: 'index.ts', subpath: 'main' },
      'packages/app/a/index.ts': 'export {};\n',
      'packages/app/b/module.json': { entry: 'index.ts', subpath: 'main' },
      'packages/app/b/index.ts': 'export {};\n',
    });
    const d = only(loadWorkspace(dir));
    expect(d).toMatchObject({ code: 'MANIFEST_INVALID', file: 'packages/app/b/module.json' });
    expect(d.message).toContain('two modules have the subpath "main"');
  });

  test('a directory named module inside a module (Rule 4)', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' } }), 'packages/app/main/module/helper.ts': 'export {};\n', ...MAIN });
    expect(only(loadWorkspace(dir))).toMatchObject({ code: 'MANIFEST_INVALID', file: 'packages/app/main/module', line: 1, column: 1 });
  });

  test('platforms other than ["web"], ["node","web"] or ["node"]', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' } }), 'packages/app/main/module.json': '{ "platforms": ["deno"] }', ...MAIN });
    expect(only(loadWorkspace(dir))).toMatchObject({ code: 'MANIFEST_INVALID', file: 'packages/app/main/module.json', line: 1, column: 16 });
  });

  test('an asset that leaves the module directory', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' } }), 'packages/app/main/module.json': '{\n  "assets": ["../package.json"]\n}', ...MAIN });
    expect(only(loadWorkspace(dir))).toMatchObject({ code: 'MANIFEST_INVALID', file: 'packages/app/main/module.json', line: 2, column: 14 });
  });
});

describe('re-reading', () => {
  test('an unchanged workspace is not read again; an edit is seen on the next load', async () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' } }), ...MAIN });
    const loader = new WorkspaceLoader(dir);
    // Files written within the file clock's tick are checked by content; past it, by stat alone.
    await untilSteady(dir);
    const first = loader.load();
    expect(loader.load()).toBe(first);
    writeFiles(dir, { 'packages/app/package.json': pkg('@a/app', { version: '0.2.0', exports: { './main': './main/index.ts' } }) });
    expect(loader.load().modules[0].vspecifier).toBe('@a/app@0.2.0/main');
  });

  test('two same-length edits in quick succession: the second is seen', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': pkg('@a/app', { version: '0.1.0', exports: { './main': './main/index.ts' } }), ...MAIN });
    const loader = new WorkspaceLoader(dir);
    expect(loader.load().modules[0].vspecifier).toBe('@a/app@0.1.0/main');
    writeFiles(dir, { 'packages/app/package.json': pkg('@a/app', { version: '0.1.1', exports: { './main': './main/index.ts' } }) });
    expect(loader.load().modules[0].vspecifier).toBe('@a/app@0.1.1/main');
    writeFiles(dir, { 'packages/app/package.json': pkg('@a/app', { version: '0.1.2', exports: { './main': './main/index.ts' } }) });
    expect(loader.load().modules[0].vspecifier).toBe('@a/app@0.1.2/main');
  });

  test('a half-written package.json keeps its modules listed as invalid, with no assets, until fixed', () => {
    const manifest = pkg('@a/app', { exports: { './main': './main/index.ts' } });
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': manifest, 'packages/app/main/module.json': { assets: ['a.svg'] }, 'packages/app/main/a.svg': '<svg/>', ...MAIN });
    const loader = new WorkspaceLoader(dir);
    expect(loader.load().modules[0].assets).toHaveLength(1);
    writeFileSync(join(dir, 'packages/app/package.json'), '{ "name": "@a/ap');
    const broken = loader.load().modules[0];
    expect(broken.diagnostics[0]).toMatchObject({ code: 'MANIFEST_INVALID', file: 'packages/app/package.json' });
    expect(broken.assets).toEqual([]);
    writeFiles(dir, { 'packages/app/package.json': manifest });
    expect(loader.load().modules[0].diagnostics).toEqual([]);
  });

  test("without a watcher, isCurrent checks only the given packages' manifests and folders, and kit.json", async () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/base', 'packages/mid', 'packages/app', 'packages/other'] },
      'packages/base/package.json': pkg('@a/base', { kit: { modules: '.' } }),
      'packages/base/core/module.json': { entry: 'index.ts' },
      'packages/base/core/index.ts': 'export const x = 1;\n',
      'packages/mid/package.json': pkg('@a/mid', { dependencies: { '@a/base': '0.1.0' }, exports: { './main': './main/index.ts' } }),
      'packages/mid/main/index.ts': 'export const y = 1;\n',
      'packages/app/package.json': pkg('@a/app', { dependencies: { '@a/mid': '0.1.0' }, exports: { './main': './main/index.ts' } }),
      'packages/other/package.json': pkg('@a/other', { exports: { './main': './main/index.ts' } }),
      'packages/other/main/index.ts': 'export const z = 1;\n',
      ...MAIN,
    });
    const loader = new WorkspaceLoader(dir);
    // Past the file clock's tick: stamps taken now are trusted (see stamp.ts).
    await untilSteady(dir);
    const workspace = loader.load();
    const named = (...names: string[]) => names.map((name) => workspace.packages.find((p) => p.name === name)!);
    const app = named('@a/app', '@a/mid', '@a/base');
    expect(loader.isCurrent(app)).toBe(true);
    // Another package's manifest: not what the app's packages rest on.
    writeFiles(dir, { 'packages/other/package.json': pkg('@a/other', { version: '0.2.0', exports: { './main': './main/index.ts' } }) });
    expect(loader.isCurrent(app)).toBe(true);
    expect(loader.isCurrent(named('@a/other'))).toBe(false);
    expect(loader.loadLazily()).toBe(workspace);
    // A module.json of a package the app depends on through another.
    writeFiles(dir, { 'packages/base/core/module.json': { entry: 'index.ts', platforms: ['node'] } });
    expect(loader.isCurrent(app)).toBe(false);
    await untilSteady(dir);
    expect(loader.load().modules.find((m) => m.specifier === '@a/base/core')!.platforms).toEqual(['node']);
    expect(loader.isCurrent(app)).toBe(true);
    // A new folder of packages beside the listed ones, and kit.json: every package rests on them.
    expect(loader.isCurrent(named('@a/other'))).toBe(true);
    mkdirSync(join(dir, 'packages/new'));
    expect(loader.isCurrent(named('@a/other'))).toBe(false);
  });

  test('with a ready watcher, a load trusts its reports: an unreported edit is not read, a reported one is, whatever the file', async () => {
    const catalog = (range: string) => `packages: [packages/*]\ncatalog:\n  semver: ${range}\n`;
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/app'] },
      'pnpm-workspace.yaml': catalog('7.6.0'),
      'packages/app/package.json': pkg('@a/app', { dependencies: { semver: 'catalog:' }, exports: { './main': './main/index.ts' } }),
      ...MAIN,
    });
    const freshness = new Freshness();
    const loader = new WorkspaceLoader(dir, freshness);
    await untilSteady(dir); // past the file clock's tick
    freshness.ready(() => true);
    const first = loader.load();
    expect(first.packages[0].manifest.dependencies.semver).toBe('7.6.0');
    writeFiles(dir, { 'pnpm-workspace.yaml': catalog('7.7.1') });
    // Not reported yet: the watcher vouches for the last discovery, and nothing is stat'ed.
    expect(loader.load()).toBe(first);
    // Reported as a plain write: the catalog is read again (it is not a .json manifest).
    freshness.changed(join(dir, 'pnpm-workspace.yaml'), 'change');
    expect(loader.load().packages[0].manifest.dependencies.semver).toBe('7.7.1');
    // A source written is no news to the discovery; a file added beside a manifest is.
    const second = loader.load();
    freshness.changed(join(dir, 'packages/app/main/index.ts'), 'change');
    expect(loader.load()).toBe(second);
    writeFiles(dir, { 'packages/app/main/module.json': { entry: 'index.ts', platforms: ['node'] } });
    freshness.changed(join(dir, 'packages/app/main/module.json'), 'add');
    expect(loader.load().modules[0].platforms).toEqual(['node']);
  });

  test('a new module.json is found', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/app'] }, 'packages/app/package.json': pkg('@a/app', { kit: { modules: '.' } }) });
    const loader = new WorkspaceLoader(dir);
    expect(loader.load().modules).toEqual([]);
    mkdirSync(join(dir, 'packages/app/extra'));
    writeFiles(dir, { 'packages/app/extra/index.ts': 'export {};\n', 'packages/app/extra/module.json': { entry: 'index.ts' } });
    expect(loader.load().modules.map((m) => m.specifier)).toEqual(['@a/app/extra']);
  });
});
