import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, DiskStore, findModule, loadWorkspace, parseOptions, PRODUCTION, writeDistribution, type CompileOptions, type Workspace } from '../../lib/compiler/index.js';
import { esbuildBundler } from '../../lib/compiler/bundle/esbuild.js';
import { ImportPolicy } from '../../lib/compiler/bundle/imports.js';
import { copySample, pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const NODE: CompileOptions = { ...DEVELOPMENT, target: 'node' };

async function compile(dir: string, specifier: string, options: CompileOptions = DEVELOPMENT) {
  const workspace = loadWorkspace(dir);
  const module = findModule(workspace, specifier);
  if (!module) throw new Error(`no module ${specifier}`);
  return new Compiler().compile(workspace, module, options);
}

/** The source map inlined in development output. */
function inlineMap(code: string): { sources: string[] } {
  const base64 = /sourceMappingURL=data:application\/json;base64,(\S+)/.exec(code)?.[1];
  if (!base64) throw new Error('no inline map');
  return JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
}

function withoutMap(code: string): string {
  return code.replace(/\/\/# sourceMappingURL=\S+\n?/, '//# sourceMappingURL=<inline map>\n');
}

describe('options (CONTRACT §3)', () => {
  const parse = (query: string) => parseOptions(new URLSearchParams(query));
  test.each([
    ['target=browser&format=esm&env=development&min=false&sourcemap=inline&types=false', 'OPTION_INVALID'],
    ['target=browser&format=esm&env=development&min=false&sourcemap=inline&types=false&css=false&extra=1', 'OPTION_INVALID'],
    ['target=moon&format=esm&env=development&min=false&sourcemap=inline&types=false&css=false', 'OPTION_INVALID'],
    ['target=browser&format=esm&env=production&min=false&sourcemap=none&types=false&css=false', 'OPTION_UNSUPPORTED'],
    ['target=browser&format=esm&env=production&min=true&sourcemap=inline&types=false&css=false', 'OPTION_UNSUPPORTED'],
    ['target=browser&format=esm&env=development&min=true&sourcemap=inline&types=false&css=false', 'OPTION_UNSUPPORTED'],
    ['target=browser&format=cjs&env=development&min=false&sourcemap=inline&types=false&css=false', 'OPTION_UNSUPPORTED'],
    ['target=browser&format=esm&env=development&min=false&sourcemap=inline&types=true&css=false', 'OPTION_UNSUPPORTED'],
    ['target=browser&format=esm&env=development&min=false&sourcemap=inline&types=false&css=true', 'OPTION_UNSUPPORTED'],
  ])('%s → %s', (query, code) => {
    expect(parse(query)).toMatchObject({ ok: false, code });
  });
  test('the development and production sets parse', () => {
    expect(parse('target=browser&format=esm&env=production&min=true&sourcemap=none&types=false&css=false')).toEqual({ ok: true, options: PRODUCTION });
  });
});

describe('the example workspace, both bundlers, both forms', () => {
  const dir = copySample('shop');
  const cases = [
    ['@shop/app/main', 'ts'],
    ['@shop/ui/badge', 'ts'],
    ['@shop/ui/button', 'esbuild'],
    ['@shop/util/format', 'esbuild'],
  ] as const;

  test.each(cases)('%s (%s) in development and production', async (specifier, bundler) => {
    const name = specifier.replace(/^@/, '').replaceAll('/', '-');
    const dev = await compile(dir, specifier);
    const prod = await compile(dir, specifier, PRODUCTION);
    expect(dev.diagnostics).toEqual([]);
    expect(prod.diagnostics).toEqual([]);
    await expect(withoutMap(dev.code)).toMatchFileSnapshot(`../../snapshots/shop/${name}.${bundler}.development.js`);
    await expect(prod.code).toMatchFileSnapshot(`../../snapshots/shop/${name}.${bundler}.production.js`);
    if (dev.styles !== undefined) {
      await expect(dev.styles.replace(/\/\*# sourceMappingURL=\S+ \*\//, '/*# sourceMappingURL=<inline map> */')).toMatchFileSnapshot(`../../snapshots/shop/${name}.development.css`);
      await expect(prod.styles).toMatchFileSnapshot(`../../snapshots/shop/${name}.production.css`);
    }
    expect(prod.code).not.toContain('sourceMappingURL');
  });

  test('a bare import of another public module stays bare, and its code is not copied (Rule 10)', async () => {
    const main = await compile(dir, '@shop/app/main');
    expect(main.code).toMatch(/from ['"]@shop\/ui\/button['"]/);
    expect(main.code).toMatch(/from ['"]@shop\/util\/format['"]/);
    expect(main.code).not.toContain('buy-button');
    expect(main.imports.sort()).toEqual(['@shop/content/about', '@shop/ui/badge', '@shop/ui/button', '@shop/util/format']);
  });

  test('private helpers are bundled in, and the development map names the module\'s own files (Rule 3)', async () => {
    const main = await compile(dir, '@shop/app/main');
    expect(main.code).toContain('in total');
    expect(inlineMap(main.code).sources.sort()).toEqual(['packages/app/main/cart.ts', 'packages/app/main/index.ts']);
    const format = await compile(dir, '@shop/util/format');
    expect(inlineMap(format.code).sources.sort()).toEqual(['packages/util/format/index.ts', 'packages/util/format/round.ts']);
  });

  test('an imported stylesheet is a separate artifact, @import inlined, url() and imported SVG addressed (Rule 9)', async () => {
    const button = await compile(dir, '@shop/ui/button');
    expect(button.code).not.toContain('.buy-button {');
    expect(button.code).toContain('new URL("../assets/button/cart.svg", import.meta.url)');
    expect(button.styles).toContain('--accent: rgb(37, 99, 235)');
    expect(button.styles).toContain("url('../assets/button/cart.svg')");
    expect(button.styles).toMatch(/sourceMappingURL=data:application\/json/);
  });

  test('a node+web module compiles for node, a web-only one refuses (CONDITIONAL_NOT_FOUND)', async () => {
    expect((await compile(dir, '@shop/util/format', NODE)).status).toBe('valid');
    const refused = await compile(dir, '@shop/ui/button', NODE);
    expect(refused.diagnostics).toMatchObject([{ code: 'CONDITIONAL_NOT_FOUND', file: 'packages/ui/button/module.json' }]);
  });
});

function app(files: Record<string, string | object>, extra: object = {}) {
  return writeWorkspace({
    'kit.json': { packages: ['packages/app', 'packages/lib'] },
    'packages/app/package.json': pkg('@a/app', { exports: { './main': './main/index.ts' }, ...extra }),
    'packages/lib/package.json': pkg('@a/lib', { version: '1.2.0', exports: { './tools': './tools/index.ts' } }),
    'packages/lib/tools/index.ts': 'export const tool = 1;\n',
    'packages/lib/tools/secret.ts': 'export const secret = 2;\n',
    ...files,
  });
}

describe.each(['ts', 'esbuild'])('diagnostics of the %s bundler', (bundler) => {
  const extra = { kit: { bundler } };
  const check = async (source: string, more: Record<string, string | object> = {}, deps?: object) => {
    const dir = app({ 'packages/app/main/index.ts': source, ...more }, { ...extra, ...(deps ? { dependencies: deps } : {}) });
    return compile(dir, '@a/app/main');
  };

  test('DEPENDENCY_NOT_DECLARED at the import', async () => {
    const build = await check("\nimport { tool } from '@a/lib/tools';\nconsole.log(tool);\n");
    expect(build.diagnostics).toMatchObject([{ code: 'DEPENDENCY_NOT_DECLARED', file: 'packages/app/main/index.ts', line: 2, column: 22 }]);
  });

  test('DEPENDENCY_INCOMPATIBLE when the workspace version misses the range', async () => {
    const build = await check("import { tool } from '@a/lib/tools';\nconsole.log(tool);\n", {}, { '@a/lib': '^2.0.0' });
    expect(build.diagnostics).toMatchObject([{ code: 'DEPENDENCY_INCOMPATIBLE', file: 'packages/app/package.json' }]);
    expect(build.diagnostics[0].message).toContain('for the import in packages/app/main/index.ts:1:22');
  });

  test('a declared, compatible sibling import is valid and stays bare', async () => {
    const build = await check("import { tool } from '@a/lib/tools';\nconsole.log(tool);\n", {}, { '@a/lib': '^1.0.0' });
    expect(build.diagnostics).toEqual([]);
    expect(build.code).toMatch(/from ['"]@a\/lib\/tools['"]/);
  });

  test.each(['fs', 'node:fs'])('PREVIEW_BUILTIN for %s in a browser module', async (name) => {
    const build = await check(`import { readFileSync } from '${name}';\nconsole.log(readFileSync);\n`);
    expect(build.diagnostics).toMatchObject([{ code: 'PREVIEW_BUILTIN', file: 'packages/app/main/index.ts', line: 1 }]);
  });

  test('a relative import into another module is IMPORT_CROSSES_MODULE', async () => {
    const build = await check("import { secret } from '../../lib/tools/secret';\nconsole.log(secret);\n");
    expect(build.diagnostics).toMatchObject([{ code: 'IMPORT_CROSSES_MODULE', file: 'packages/app/main/index.ts', line: 1 }]);
    expect(build.diagnostics[0].message).toContain('crosses into the module @a/lib/tools');
  });

  test('a test file is never a module input', async () => {
    const build = await check("import { t } from './helper.test';\nconsole.log(t);\n", { 'packages/app/main/helper.test.ts': 'export const t = 1;\n' });
    expect(build.diagnostics).toMatchObject([{ code: 'BUNDLE_ERROR', file: 'packages/app/main/index.ts', line: 1 }]);
  });

  test('a stylesheet importing a missing file: BUNDLE_ERROR naming it and the line', async () => {
    const build = await check("import './styles.css';\n", { 'packages/app/main/styles.css': 'a { color: red; }\n@import "./missing.css";\n' });
    expect(build.diagnostics).toMatchObject([{ code: 'BUNDLE_ERROR', file: 'packages/app/main/styles.css', line: 2, column: 1 }]);
    expect(build.diagnostics[0].message).toContain("Cannot find './missing.css'");
  });

  test('an imported asset missing from "assets": ASSET_NOT_DECLARED', async () => {
    const build = await check("import logo from './logo.svg';\nconsole.log(logo);\n", { 'packages/app/main/logo.svg': '<svg/>' });
    expect(build.diagnostics).toMatchObject([{ code: 'ASSET_NOT_DECLARED', file: 'packages/app/main/index.ts', line: 1 }]);
  });
});

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

describe('the artifact cache', () => {
  test('an unchanged module is built once; an edit rebuilds; concurrent requests share one build', async () => {
    const dir = copySample('shop');
    const workspace = loadWorkspace(dir);
    const module = findModule(workspace, '@shop/util/format')!;
    const compiler = new Compiler();
    const builds = await Promise.all(Array.from({ length: 10 }, () => compiler.compile(workspace, module, DEVELOPMENT)));
    expect(compiler.scripts.builds).toBe(1);
    expect(new Set(builds.map((b) => b.code)).size).toBe(1);
    await compiler.compile(workspace, module, DEVELOPMENT);
    expect(compiler.scripts.builds).toBe(1);
    writeFiles(dir, { 'packages/util/format/round.ts': 'export function round(v: number, d: number): number { return Number(v.toFixed(d)); }\n' });
    const edited = await compiler.compile(workspace, module, DEVELOPMENT);
    expect(compiler.scripts.builds).toBe(2);
    expect(edited.code).toContain('toFixed(d)');
  });
});

test("an esbuild module is built for its tsconfig's target, and an edit to that tsconfig rebuilds it", async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/lib'] },
    'tsconfig.json': { compilerOptions: { strict: true } },
    'packages/lib/package.json': pkg('@t/lib', { kit: { modules: '.', bundler: 'esbuild' } }),
    'packages/lib/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/lib/main/index.ts': 'export const pick = (a?: { n?: number }) => a?.n ?? 1;\n',
  });
  const compiler = new Compiler();
  const build = () => {
    const workspace = loadWorkspace(dir);
    return compiler.compile(workspace, findModule(workspace, '@t/lib/main')!, DEVELOPMENT);
  };
  expect((await build()).code).toMatch(/a\?\.n \?\? 1/);
  writeFiles(dir, { 'tsconfig.json': { compilerOptions: { strict: true, target: 'ES2019' } } });
  const lowered = await build();
  expect(lowered.code).not.toMatch(/\?\.|\?\?/);
  expect(compiler.scripts.builds).toBe(2);
});

describe('esbuild modules bundled together (kit build)', () => {
  const esbuildModules = (workspace: Workspace) => workspace.modules.filter((m) => m.bundler.name === 'esbuild');

  test('the same bytes, imports and inputs as one by one, in one esbuild call', async () => {
    const dir = copySample('shop');
    const workspace = loadWorkspace(dir);
    const modules = esbuildModules(workspace);
    expect(modules.length).toBeGreaterThan(1);
    const alone = await Promise.all(modules.map((m) => new Compiler().compile(workspace, m, PRODUCTION)));
    const compiler = new Compiler();
    const together = await compiler.compileMany(workspace, modules, PRODUCTION);
    const view = (b: { code: string; styles?: string; imports: string[]; inputs: string[]; diagnostics: unknown[] }) => [b.code, b.styles, b.imports, [...b.inputs].sort(), b.diagnostics];
    expect(together.map(view)).toEqual(alone.map(view));
    expect(compiler.scripts.builds).toBe(modules.length);
    // The batch itself succeeds: nothing above fell back to one build per module.
    const batch = await esbuildBundler.bundleTogether(modules.map((module) => ({ workspace, module, options: PRODUCTION, policy: new ImportPolicy(workspace, module, PRODUCTION) })));
    expect(batch?.map((b) => b.code)).toEqual(alone.map((b) => b.code));
  });

  test('a syntax error in one module: every module gets the diagnostics it gets alone', async () => {
    const dir = copySample('shop');
    writeFiles(dir, { 'packages/util/format/round.ts': 'export function round(v: number, d: number) { return v.toFixed(d) \n' });
    const workspace = loadWorkspace(dir);
    const modules = esbuildModules(workspace);
    const together = await new Compiler().compileMany(workspace, modules, PRODUCTION);
    const format = together[modules.findIndex((m) => m.specifier === '@shop/util/format')];
    expect(format.diagnostics).toMatchObject([{ code: 'BUNDLE_ERROR', file: 'packages/util/format/round.ts' }]);
    expect(together.filter((b) => b.status === 'valid').length).toBe(modules.length - 1);
  });
});

describe('the disk cache', () => {
  test('a new compiler on the same workspace builds nothing that is unchanged, and rebuilds what was edited', async () => {
    const dir = copySample('shop');
    const workspace = loadWorkspace(dir);
    const specifiers = ['@shop/util/format', '@shop/ui/button', '@shop/app/main'];
    const first = new Compiler({ disk: DiskStore.forWorkspace(dir) });
    const built = await Promise.all(specifiers.map((s) => first.compile(workspace, findModule(workspace, s)!, DEVELOPMENT)));
    expect(first.scripts.builds).toBe(3);
    expect(readdirSync(join(dir, 'node_modules/.cache/kit')).length).toBeGreaterThanOrEqual(4);

    const restarted = new Compiler({ disk: DiskStore.forWorkspace(dir) });
    const again = await Promise.all(specifiers.map((s) => restarted.compile(workspace, findModule(workspace, s)!, DEVELOPMENT)));
    expect(restarted.scripts.builds + restarted.styles.builds).toBe(0);
    expect(again.map((b) => [b.code, b.styles])).toEqual(built.map((b) => [b.code, b.styles]));

    writeFiles(dir, { 'packages/util/format/round.ts': 'export function round(v: number, d: number): number { return Number(v.toFixed(d)); }\n' });
    const third = new Compiler({ disk: DiskStore.forWorkspace(dir) });
    const edited = await third.compile(workspace, findModule(workspace, '@shop/util/format')!, DEVELOPMENT);
    expect(third.scripts.builds).toBe(1);
    expect(edited.code).toContain('toFixed(d)');
  });

  // The ts bundler's case, across two kit check processes: test/check/typescript-config.test.ts.
  test('a failed build kept on disk is not replayed once the file it was missing exists', async () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/app'] },
      'packages/app/package.json': pkg('@later/app', { kit: { modules: '.', bundler: 'esbuild' } }),
      'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
      'packages/app/main/index.ts': "import { later } from './later';\nexport const value = later;\n",
    });
    const workspace = loadWorkspace(dir);
    const module = findModule(workspace, '@later/app/main')!;
    const failed = await new Compiler({ disk: DiskStore.forWorkspace(dir) }).compile(workspace, module, DEVELOPMENT);
    expect(failed.status).toBe('invalid');
    writeFiles(dir, { 'packages/app/main/later.ts': "export const later = 'written-later';\n" });
    const restarted = new Compiler({ disk: DiskStore.forWorkspace(dir) });
    const built = await restarted.compile(workspace, module, DEVELOPMENT);
    expect(built.diagnostics).toEqual([]);
    expect(built.code).toContain('written-later');
  });

  test('a damaged entry is rebuilt, and KIT_CACHE_DIR=off keeps nothing', async () => {
    const dir = copySample('shop');
    const workspace = loadWorkspace(dir);
    const module = findModule(workspace, '@shop/util/format')!;
    await new Compiler({ disk: DiskStore.forWorkspace(dir) }).compile(workspace, module, DEVELOPMENT);
    const cacheDir = join(dir, 'node_modules/.cache/kit');
    for (const name of readdirSync(cacheDir)) writeFileSync(join(cacheDir, name), '{"key":');
    const compiler = new Compiler({ disk: DiskStore.forWorkspace(dir) });
    expect((await compiler.compile(workspace, module, DEVELOPMENT)).status).toBe('valid');
    expect(compiler.scripts.builds).toBe(1);
    process.env.KIT_CACHE_DIR = 'off';
    try {
      expect(DiskStore.forWorkspace(dir)).toBeUndefined();
    } finally {
      delete process.env.KIT_CACHE_DIR;
    }
  });
});

describe('the static emit (CONTRACT §6)', () => {
  test('files at their address paths, digests that match kit-distribution.json, an import map', async () => {
    const dir = copySample('shop');
    const out = join(dir, 'dist');
    const result = await writeDistribution(loadWorkspace(dir), new Compiler(), out);
    expect(result.diagnostics).toEqual([]);
    const distribution = JSON.parse(readFileSync(join(out, 'm/@shop/ui@0.1.0/kit-distribution.json'), 'utf8'));
    expect(distribution).toMatchObject({ protocol: 'kit-distribution/1', package: { name: '@shop/ui', version: '0.1.0' }, compiler: { name: 'kit' } });
    const button = distribution.modules.find((m: { specifier: string }) => m.specifier === '@shop/ui/button');
    expect(button.imports).toEqual(['@shop/util/format']);
    expect(button.outputs.map((o: { file: string }) => o.file)).toEqual(['modules/button.js', 'styles/button.css', 'assets/button/cart.svg']);
    for (const output of button.outputs) {
      const bytes = readFileSync(join(out, 'm/@shop/ui@0.1.0', output.file));
      expect(output.bytes).toBe(bytes.length);
      expect(output.digest).toBe(`sha256-${createHash('sha256').update(bytes).digest('base64')}`);
    }
    const importmap = JSON.parse(readFileSync(join(out, 'importmap.json'), 'utf8'));
    expect(importmap.imports['@shop/app/main']).toBe('./m/@shop/app@0.1.0/modules/main.js');
  });

  test('an invalid module writes nothing', async () => {
    const dir = copySample('shop');
    writeFiles(dir, { 'packages/ui/button/styles/button.css': '@import "./gone.css";\n' });
    const result = await writeDistribution(loadWorkspace(dir), new Compiler(), join(dir, 'dist'));
    expect(result.diagnostics[0]).toMatchObject({ code: 'BUNDLE_ERROR', file: 'packages/ui/button/styles/button.css', line: 1 });
    expect(() => readFileSync(join(dir, 'dist/importmap.json'))).toThrow();
  });
});
