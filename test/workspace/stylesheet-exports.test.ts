import { afterAll, describe, expect, test } from 'vitest';
import { loadWorkspace } from '../../lib/compiler/index.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

// CONTRACT §11, stylesheets that packages export: discovery. An `exports` entry whose target is
// a stylesheet publishes it as a module of its own, built by kit (the bundler `css`).
const ui = (manifest: object, files: Record<string, string | object> = {}) =>
  writeWorkspace({
    'kit.json': { packages: ['packages/*'] },
    'packages/ui/package.json': pkg('@acme/ui', { version: '1.0.0', ...manifest }),
    'packages/ui/src/styles/globals.css': ':root { --brand: rgb(1, 2, 3); }\n',
    'packages/ui/src/styles/button.module.css': '.button { color: red; }\n',
    ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`packages/ui/${path}`, text])),
  });

/** Each module as specifier, vspecifier, bundler and diagnostic codes. */
const modules = (dir: string) => loadWorkspace(dir).modules.map((m) => [m.specifier, m.vspecifier, m.bundler.name, m.diagnostics.map((d) => d.code)]);

describe('exports that name stylesheets', () => {
  test('a .css and a .module.css target each publish a stylesheet module, at the exports key without ./', () => {
    const dir = ui({ exports: { './globals.css': './src/styles/globals.css', './button.module.css': './src/styles/button.module.css' } });
    expect(modules(dir)).toEqual([
      ['@acme/ui/button.module.css', '@acme/ui@1.0.0/button.module.css', 'css', []],
      ['@acme/ui/globals.css', '@acme/ui@1.0.0/globals.css', 'css', []],
    ]);
  });

  test("whatever the package's bundler, a stylesheet is kit's to build", () => {
    const dir = ui({ exports: { './globals.css': './src/styles/globals.css' }, kit: { bundler: 'esbuild' } });
    expect(modules(dir)).toEqual([['@acme/ui/globals.css', '@acme/ui@1.0.0/globals.css', 'css', []]]);
  });

  test('a pattern publishes one stylesheet per file; a built dist/ sheet and a config file are passed over', () => {
    const dir = ui(
      { exports: { './themes/*.css': './src/themes/*.css', './dist.css': './dist/index.css', './postcss.config': './postcss.config.mjs', './styles.css': { default: './dist/styles.css' } } },
      { 'src/themes/dark.css': 'body { color: white; }\n', 'src/themes/print/paper.css': 'body { color: black; }\n', 'dist/index.css': 'a {}\n', 'dist/styles.css': 'a {}\n', 'postcss.config.mjs': 'export default {};\n' },
    );
    expect(modules(dir).map(([specifier]) => specifier)).toEqual(['@acme/ui/themes/dark.css', '@acme/ui/themes/print/paper.css']);
  });

  test('a stylesheet target that does not exist: MANIFEST_INVALID at its exports line', () => {
    const dir = ui({ exports: { './theme.css': './src/styles/theme.css' } });
    const [theme] = loadWorkspace(dir).modules;
    expect(theme.diagnostics).toMatchObject([{ code: 'MANIFEST_INVALID', file: 'packages/ui/package.json', line: 6, message: expect.stringContaining('"./src/styles/theme.css" does not exist') }]);
  });

  test('a module.json beside an exported sheet may declare its assets, not its bundler', () => {
    const dir = ui({ exports: { './globals.css': './src/styles/globals.css' } }, { 'src/styles/module.json': { bundler: 'ts', assets: ['font.woff2'] }, 'src/styles/font.woff2': 'font' });
    const [globals] = loadWorkspace(dir).modules;
    expect(globals.assets.map((a) => a.path)).toEqual(['font.woff2']);
    expect(globals.diagnostics).toMatchObject([{ code: 'MANIFEST_INVALID', file: 'packages/ui/src/styles/module.json', line: 2, message: expect.stringContaining('"bundler" does not apply to the stylesheet ./src/styles/globals.css') }]);
  });
});

describe('a module.json whose entry is a stylesheet', () => {
  test('MANIFEST_INVALID at "entry", naming the exports entry that publishes the sheet', () => {
    const dir = ui({ kit: { modules: '.' } }, { 'theme/module.json': { entry: 'theme.css' }, 'theme/theme.css': 'a { color: red; }\n' });
    const [theme] = loadWorkspace(dir).modules;
    expect(theme.diagnostics).toEqual([
      {
        code: 'MANIFEST_INVALID',
        file: 'packages/ui/theme/module.json',
        line: 2,
        column: 12,
        message: `"entry" names the stylesheet "theme.css", and a module's entry is code; publish the sheet from packages/ui/package.json instead ("exports": { "./theme.css": "./theme/theme.css" }), then import it as '@acme/ui/theme.css'`,
      },
    ]);
  });

  test('the fix as the message says: the sheet is a stylesheet module', () => {
    const dir = ui({ kit: { modules: '.' }, exports: { './theme.css': './theme/theme.css' } }, { 'theme/module.json': { entry: 'theme.css' }, 'theme/theme.css': 'a { color: red; }\n' });
    expect(modules(dir)).toEqual([['@acme/ui/theme.css', '@acme/ui@1.0.0/theme.css', 'css', []]]);
  });

  test("a bundler of the workspace's own may take a stylesheet for an entry", () => {
    const dir = ui({ kit: { modules: '.' }, bundlers: { sheets: './bundlers/sheets.js' } }, { 'theme/module.json': { entry: 'theme.css', bundler: 'sheets' }, 'theme/theme.css': 'a {}\n', 'bundlers/sheets.js': 'export default { name: "sheets", bundle: () => ({ code: "" }) };\n' });
    expect(modules(dir)).toEqual([['@acme/ui/theme', '@acme/ui@1.0.0/theme', 'sheets', []]]);
  });
});
