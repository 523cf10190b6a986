import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, DiskStore, findModule, loadWorkspace, parseOptions, PRODUCTION, writeDistribution, type CompileOptions, type Workspace } from '../../lib/compiler/index.js';
import { esbuildBundler } from '../../lib/compiler/bundle/esbuild.js';
import { ImportPolicy } from '../../lib/compiler/bundle/imports.js';
import { compileAt as compile } from '../helpers/compile.js';
import { copySample, pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const NODE: CompileOptions = { ...DEVELOPMENT, target: 'node' };

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
    // In development each file's `import.meta.url` is its module's (its factory's `__kit_meta.url`, compiler/hot/).
    expect(button.code).toContain('new URL("../assets/button/cart.svg", __kit_meta.url)');
    expect(button.code).toContain('("@shop/ui@0.1.0/button", import.meta.url, {');
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
    expect((await Promise.all(batch ?? [])).map((b) => b.code)).toEqual(alone.map((b) => b.code));
  });

  test('a module asked for while its call is under way waits for that call: nothing is built twice', async () => {
    const workspace = loadWorkspace(copySample('shop'));
    const modules = esbuildModules(workspace);
    const compiler = new Compiler();
    const together = compiler.compileMany(workspace, modules, PRODUCTION);
    const asked = await compiler.compile(workspace, modules[1], PRODUCTION);
    expect((await together)[1].code).toBe(asked.code);
    expect(compiler.scripts.builds).toBe(modules.length);
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
    // The file's address path plus a token of its bytes: a rebuilt file is a new URL to every cache.
    const main = readFileSync(join(out, 'm/@shop/app@0.1.0/modules/main.js'));
    expect(importmap.imports['@shop/app/main']).toBe(`./m/@shop/app@0.1.0/modules/main.js?v=${createHash('sha256').update(main).digest('hex').slice(0, 10)}`);
  });

  test('an invalid module writes nothing', async () => {
    const dir = copySample('shop');
    writeFiles(dir, { 'packages/ui/button/styles/button.css': '@import "./gone.css";\n' });
    const result = await writeDistribution(loadWorkspace(dir), new Compiler(), join(dir, 'dist'));
    expect(result.diagnostics[0]).toMatchObject({ code: 'BUNDLE_ERROR', file: 'packages/ui/button/styles/button.css', line: 1 });
    expect(() => readFileSync(join(dir, 'dist/importmap.json'))).toThrow();
  });
});
