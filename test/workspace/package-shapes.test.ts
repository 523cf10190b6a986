import { afterAll, describe, expect, test } from 'vitest';
import { findModule, loadWorkspace } from '../../lib/compiler/index.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

// CONTRACT §10: package.json as Node, TypeScript and pnpm read it.
const ui = (manifest: object, files: Record<string, string> = {}) =>
  writeWorkspace({
    'kit.json': { packages: ['packages/*'] },
    'packages/ui/package.json': pkg('@acme/ui', { version: '1.0.0', ...manifest }),
    'packages/ui/src/index.ts': 'export const a = 1;\n',
    ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`packages/ui/${path}`, text])),
  });

const modules = (dir: string) => loadWorkspace(dir).modules.map((m) => [m.specifier, m.vspecifier, m.diagnostics.map((d) => d.code)]);

describe('exports', () => {
  test('"." is the root module: imported by the package name, at the subpath index', () => {
    expect(modules(ui({ exports: { '.': './src/index.ts' } }))).toEqual([['@acme/ui', '@acme/ui@1.0.0/index', []]]);
    expect(modules(ui({ exports: './src/index.ts' }))).toEqual([['@acme/ui', '@acme/ui@1.0.0/index', []]]);
  });

  test('a conditions object is read in key order: types never, a built dist/ target passed over for the source', () => {
    const exports = { '.': { types: './dist/index.d.ts', import: './dist/index.js', default: { source: './src/index.ts' } } };
    expect(modules(ui({ exports }))).toEqual([['@acme/ui', '@acme/ui@1.0.0/index', []]]);
    expect(modules(ui({ exports: { '.': { types: './src/index.ts' } } }))).toEqual([]);
  });

  test('"." and "./index" both: MANIFEST_INVALID at "./index"', () => {
    const dir = ui({ exports: { '.': './src/index.ts', './index': './src/other.ts' } }, { 'src/other.ts': 'export const b = 2;\n' });
    const [root] = loadWorkspace(dir).modules;
    expect(root.diagnostics).toMatchObject([{ code: 'MANIFEST_INVALID', file: 'packages/ui/package.json', message: expect.stringContaining('"./index" and "."') }]);
  });

  test('a pattern publishes one module per matched file (folders in place of *), never a test or declaration file', () => {
    const dir = ui({ exports: { './components/*': './src/components/*.tsx' } }, {
      'src/components/button.tsx': 'export const b = 1;\n',
      'src/components/forms/input.tsx': 'export const i = 1;\n',
      'src/components/button.test.tsx': 'export const t = 1;\n',
      'src/components/helper.ts': 'export const h = 1;\n',
    });
    expect(modules(dir).map(([specifier]) => specifier)).toEqual(['@acme/ui/components/button', '@acme/ui/components/forms/input']);
  });

  test('a pattern that matches nothing is a warning at its line', () => {
    const workspace = loadWorkspace(ui({ exports: { './icons/*': './src/icons/*.tsx' } }));
    expect(workspace.warnings).toMatchObject([{ code: 'EXPORTS_PATTERN_EMPTY', file: 'packages/ui/package.json', message: expect.stringContaining('"./icons/*"') }]);
  });

  test('modules share a folder: two exported entries of one directory are two modules', () => {
    const dir = ui({ exports: { './button': './src/button.ts', './card': './src/card.ts' } }, { 'src/button.ts': 'export const b = 1;\n', 'src/card.ts': 'export const c = 1;\n' });
    expect(modules(dir)).toEqual([['@acme/ui/button', '@acme/ui@1.0.0/button', []], ['@acme/ui/card', '@acme/ui@1.0.0/card', []]]);
  });
});

describe('catalog: ranges through pnpm-workspace.yaml', () => {
  const workspace = (range: string, yaml: string) =>
    writeWorkspace({
      'kit.json': { packages: ['packages/*'] },
      'pnpm-workspace.yaml': yaml,
      'packages/app/package.json': pkg('@acme/app', { exports: { './main': './main/index.ts' }, dependencies: { lit: range } }),
      'packages/app/main/index.ts': 'export const a = 1;\n',
    });
  const app = (dir: string) => findModule(loadWorkspace(dir), '@acme/app/main')!;

  test.each([
    ['catalog:', 'catalog:\n  lit: ^3.3.0\n'],
    ['catalog:default', 'catalog:\n  lit: ^3.3.0\n'],
    ['catalog:web', 'catalogs:\n  web:\n    lit: 3.3.3\n'],
  ])('%s takes the range pnpm would', (range, yaml) => {
    const module = app(workspace(range, yaml));
    expect(module.diagnostics).toEqual([]);
    expect(module.package.manifest.dependencies.lit).toMatch(/^\^?3\.3\./);
  });

  test('a catalog with no entry for the package is MANIFEST_INVALID at the range, naming the catalog and the fix', () => {
    const module = app(workspace('catalog:web', 'catalog:\n  lit: ^3.3.0\n'));
    expect(module.diagnostics).toMatchObject([{ code: 'MANIFEST_INVALID', file: 'packages/app/package.json', message: expect.stringContaining('"catalogs.web" of pnpm-workspace.yaml; add "lit" there') }]);
  });
});

describe('an unscoped name', () => {
  test("proposes the scope of the workspace's other packages", () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/*'] },
      ...{ 'packages/ui/package.json': pkg('@acme/ui', { exports: { '.': './index.ts' } }), 'packages/ui/index.ts': 'export {};\n' },
      'packages/web/package.json': pkg('web', { exports: { '.': './index.ts' } }),
      'packages/web/index.ts': 'export {};\n',
    });
    expect(loadWorkspace(dir).diagnostics).toMatchObject([{ code: 'MANIFEST_INVALID', file: 'packages/web/package.json', message: expect.stringContaining('write "@acme/web"') }]);
  });

  test("else the workspace folder's name", () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['web'] }, 'web/package.json': pkg('Web App'), 'web/index.ts': 'export {};\n' });
    const scope = dir.split('/').pop()!.toLowerCase();
    expect(loadWorkspace(dir).diagnostics[0].message).toContain(`write "@${scope}/web-app"`);
  });
});
