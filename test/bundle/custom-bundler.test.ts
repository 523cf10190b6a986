import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, findModule, Freshness, loadWorkspace, PRODUCTION } from '../../lib/compiler/index.js';
import { DEV, startTestServer } from '../helpers/server.js';
import { copySample, pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

async function compile(dir: string, specifier: string) {
  const workspace = loadWorkspace(dir);
  return new Compiler().compile(workspace, findModule(workspace, specifier)!, DEVELOPMENT);
}

test('the example Markdown bundler builds the about page into a module exporting its HTML', async () => {
  const build = await compile(copySample('shop'), '@shop/content/about');
  expect(build.diagnostics).toEqual([]);
  await expect(build.code).toMatchFileSnapshot('../../snapshots/shop/shop-content-about.markdown.development.js');
  expect(build.code).toContain('<strong>better</strong>');
});

/** A workspace whose `odd` package uses the bundler in `bundlers/custom.js`, beside a plain module. */
function withBundler(source: string, files: Record<string, string | object> = {}) {
  return writeWorkspace({
    'kit.json': { packages: ['packages/odd', 'packages/plain'] },
    'packages/odd/package.json': pkg('@a/odd', { kit: { modules: '.', bundler: 'custom' }, bundlers: { custom: './bundlers/custom.js' } }),
    'packages/odd/data/module.json': { entry: 'data.txt' },
    'packages/odd/data/data.txt': 'hello\n',
    'packages/odd/bundlers/custom.js': source,
    'packages/plain/package.json': pkg('@a/plain', { exports: { './main': './main/index.ts' }, kit: { bundler: 'esbuild' } }),
    'packages/plain/main/index.ts': 'export const plain = true;\n',
    ...files,
  });
}

describe('a custom bundler that misbehaves makes only its module invalid', () => {
  test.each([
    ['throws', "export default { name: 'custom', bundle() { throw new Error('boom'); } };", 'failed: boom'],
    ['returns garbage', "export default { name: 'custom', bundle() { return 42; } };", 'returned no bundle'],
    ['returns no code', "export default { name: 'custom', bundle() { return { code: 7 }; } };", 'without "code"'],
    ['exports no bundler', 'export const nothing = 1;', 'does not export a bundler'],
    ['does not parse', 'export default {', 'cannot be loaded'],
  ])('one that %s', async (_what, source, message) => {
    const dir = withBundler(source);
    const build = await compile(dir, '@a/odd/data');
    expect(build.status).toBe('invalid');
    expect(build.diagnostics).toMatchObject([{ code: 'BUNDLE_ERROR', file: 'packages/odd/package.json' }]);
    expect(build.diagnostics[0].message).toContain(message);
    expect((await compile(dir, '@a/plain/main')).status).toBe('valid');
  });

  test('one that hangs past the time limit', async () => {
    process.env.KIT_BUNDLER_TIMEOUT_MS = '300';
    try {
      const build = await compile(withBundler("export default { name: 'custom', bundle: () => new Promise(() => {}) };"), '@a/odd/data');
      expect(build.diagnostics[0].message).toContain('took longer than 300 ms');
    } finally {
      delete process.env.KIT_BUNDLER_TIMEOUT_MS;
    }
  });
});

test('a bundler from an installed package, written against the SDK by its spec name', async () => {
  const dir = withBundler('', {
    'packages/odd/package.json': pkg('@a/odd', { kit: { modules: '.', bundler: 'txt' }, bundlers: { txt: { specifier: '@demo/bundler-txt' } } }),
    'node_modules/@demo/bundler-txt/package.json': { name: '@demo/bundler-txt', version: '1.0.0', type: 'module', main: 'index.js' },
    'node_modules/@demo/bundler-txt/index.js': [
      "import { readFileSync } from 'node:fs';",
      "import { defineBundler, transpileTypeScript } from '@kit-js/packages/sdk';",
      "export default defineBundler({ name: 'txt', async bundle({ module }) {",
      "  const { code } = await transpileTypeScript(`export const text: string = ${JSON.stringify(readFileSync(module.entry, 'utf8'))};`, 'data.ts');",
      '  return { code, inputs: [module.entry] };',
      '} });',
    ].join('\n'),
  });
  const build = await compile(dir, '@a/odd/data');
  expect(build.diagnostics).toEqual([]);
  expect(build.code).toContain('const text = "hello\\n"');
  expect(build.code).toMatch(/export \{\s*text\s*\}/);
});

test('the service answers BUILD_FAILED for the broken bundler\'s module and serves the rest', async () => {
  const dir = withBundler("export default { name: 'custom', bundle() { throw new Error('boom'); } };");
  const server = await startTestServer(dir);
  try {
    expect((await fetch(new URL(`/m/@a/odd@0.1.0/modules/data?${DEV}`, server.url))).status).toBe(422);
    expect((await fetch(new URL(`/m/@a/plain@0.1.0/modules/main?${DEV}`, server.url))).status).toBe(200);
  } finally {
    await server.close();
  }
});

test('a bundler of yours registered under the name "esbuild" is asked what it can do, not named: its production output is minified by kit', async () => {
  const source = `export default { name: 'esbuild', async bundle({ module }) {
    return { code: 'export const greeting   =   "hello";\\n\\n// a comment kit drops when it minifies\\nexport function shout(words) { return words.toUpperCase(); }\\n' };
  } };\n`;
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/odd'] },
    'packages/odd/package.json': pkg('@a/odd', { kit: { modules: '.', bundler: 'esbuild' }, bundlers: { esbuild: './bundlers/mine.js' } }),
    'packages/odd/data/module.json': { entry: 'data.txt' },
    'packages/odd/data/data.txt': 'hello\n',
    'packages/odd/bundlers/mine.js': source,
  });
  const workspace = loadWorkspace(dir);
  const build = await new Compiler().compile(workspace, findModule(workspace, '@a/odd/data')!, PRODUCTION);
  expect(build.diagnostics).toEqual([]);
  expect(build.code).not.toContain('a comment kit drops');
  expect(build.code).not.toContain('   ');
  expect(build.code).toMatch(/toUpperCase\(\)/);
});

test("a custom bundler is given what the SDK names, and nothing of kit's own (the service's watcher log)", async () => {
  const dir = withBundler("export default { name: 'custom', bundle(input) { return { code: `export default ${JSON.stringify(Object.keys(input).sort())};\\n`, inputs: [] }; } };");
  const workspace = loadWorkspace(dir);
  const freshness = new Freshness();
  freshness.ready(() => true);
  const build = await new Compiler({ freshness }).compile(workspace, findModule(workspace, '@a/odd/data')!, DEVELOPMENT);
  expect(build.code).toContain('["module","options","policy","workspace"]');
});
