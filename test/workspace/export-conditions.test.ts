import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, findModule, findPlanned, loadWorkspace, WorkspaceLoader } from '../../lib/compiler/index.js';
import { compileAt } from '../helpers/compile.js';
import { createInProcessService } from '../serve/in-process-service.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

// CONTRACT §11, libraries' declarations: kit.json's "conditions" are read wherever kit reads "exports".
const VITE_EXPORTS = { '.': { types: './dist/index.d.ts', vite: './src/index.ts', default: './dist/index.js' } };

/** A library exporting its source through `exports`, and an app module importing it (`bundler` builds the app). */
function library(kit: object, exports: object = VITE_EXPORTS, bundler = 'ts') {
  return writeWorkspace({
    'kit.json': { packages: ['apps/*', 'packages/*'], ...kit },
    'packages/ui/package.json': pkg('@acme/ui', { exports }),
    'packages/ui/src/index.ts': "export function greet(name: string): string {\n  return `hello, ${name}`;\n}\n",
    'apps/web/package.json': pkg('@acme/web', { exports: { './main': './src/main.ts' }, dependencies: { '@acme/ui': '^0.1.0' }, kit: { bundler } }),
    'apps/web/src/main.ts': "import { greet } from '@acme/ui';\nexport const text: string = greet('kit');\n",
  });
}

describe('kit.json "conditions" for the workspace\'s packages', () => {
  test('a module exported only under a condition kit.json names is public, first among the targets kit reads', () => {
    const workspace = loadWorkspace(library({ conditions: ['vite'] }));
    expect(workspace.conditions).toEqual(['vite']);
    expect(findModule(workspace, '@acme/ui')).toMatchObject({ entry: expect.stringMatching(/packages\/ui\/src\/index\.ts$/), diagnostics: [] });
    expect(workspace.warnings).toEqual([]);
    const scoped = loadWorkspace(library({ conditions: ['@acme/source'] }, { '.': { '@acme/source': './src/index.ts', import: './dist/index.js' } }));
    expect(findModule(scoped, '@acme/ui')?.diagnostics).toEqual([]);
  });

  test.each(['ts', 'esbuild'])('its importer builds under %s, and under ts it is type-checked against that source', async (bundler) => {
    const dir = library({ conditions: ['vite'] }, VITE_EXPORTS, bundler);
    const build = await compileAt(dir, '@acme/web/main');
    expect(build.diagnostics).toEqual([]);
    expect(build.imports).toEqual(['@acme/ui']);
    if (bundler !== 'ts') return;
    // The source under "vite" is what TypeScript reads: a wrong use of it is the importer's error.
    const wrong = library({ conditions: ['vite'] }, VITE_EXPORTS, bundler);
    writeFiles(wrong, { 'apps/web/src/main.ts': "import { greet } from '@acme/ui';\nexport const n: number = greet('kit');\n" });
    expect((await compileAt(wrong, '@acme/web/main')).diagnostics).toMatchObject([{ code: 'TS2322', file: 'apps/web/src/main.ts', line: 2 }]);
  });

  test('a kit.json edit of "conditions" is read again: the package gains its module, unchanged as its package.json is', () => {
    const dir = library({});
    const loader = new WorkspaceLoader(dir);
    expect(findModule(loader.load(), '@acme/ui')).toBeUndefined();
    writeFiles(dir, { 'kit.json': { packages: ['apps/*', 'packages/*'], conditions: ['vite'] } });
    expect(findModule(loader.load(), '@acme/ui')?.diagnostics).toEqual([]);
  });

  test.each([
    [{ conditions: 'vite' }, 6, 17, '"conditions" must be an array of export condition names, such as ["vite"], not "vite"; write ["vite"]'],
    [{ conditions: ['vite', 3] }, 8, 5, '"conditions[1]" must be a string, not number 3'],
    [{ conditions: ['./src'] }, 7, 5, '"./src" is not an export condition'],
  ])('%j is MANIFEST_INVALID at its position in kit.json', (kit, line, column, message) => {
    const workspace = loadWorkspace(library(kit));
    expect(workspace.diagnostics).toMatchObject([{ code: 'MANIFEST_INVALID', file: 'kit.json', line, column, message: expect.stringContaining(message) }]);
  });
});

describe('a package with no public module says why (PACKAGE_NO_MODULES)', () => {
  const warnings = (dir: string) => loadWorkspace(dir).warnings.filter((w) => w.code === 'PACKAGE_NO_MODULES');

  test('each target passed over, with the condition it needed and the fix', () => {
    expect(warnings(library({}))).toEqual([{
      code: 'PACKAGE_NO_MODULES',
      file: 'packages/ui/package.json',
      line: 6,
      column: 10,
      message: '@acme/ui has no public module: "exports" "." names ./dist/index.js under "default" (a built file kit does not compile) and ./src/index.ts under "vite", a condition kit does not read; add "vite" to "conditions" in kit.json',
    }]);
  });

  test('/state lists it among the workspace\'s warnings', async () => {
    const service = createInProcessService(library({}));
    try {
      const state = await (await service.request('/state')).json();
      expect(state.warnings).toMatchObject([{ code: 'PACKAGE_NO_MODULES', file: 'packages/ui/package.json', line: 6, column: 10 }]);
    } finally {
      await service.close();
    }
  });

  test('its importer hears the same, at the import', async () => {
    const build = await compileAt(library({}, { ...VITE_EXPORTS, './package.json': './package.json' }, 'esbuild'), '@acme/web/main');
    expect(build.diagnostics).toMatchObject([{ code: 'BUNDLE_ERROR', file: 'apps/web/src/main.ts', line: 1, message: expect.stringContaining('\'@acme/ui\' cannot be imported: @acme/ui has no public module: "exports" "." names ./dist/index.js under "default"') }]);
    expect(build.diagnostics[0].message).toMatch(/add "vite" to "conditions" in kit\.json \(packages\/ui\/package\.json:6:10\)$/);
  });

  test('built files alone: the fix names the source to export', () => {
    const [warning] = warnings(library({}, { '.': { types: './dist/index.d.ts', import: './dist/index.mjs', require: './dist/index.cjs' } }));
    expect(warning.message).toBe('@acme/ui has no public module: "exports" "." names ./dist/index.mjs under "import" (a built file kit does not compile) and ./dist/index.cjs under "require" (a built file kit does not compile); name its TypeScript source under a "source" condition, e.g. ".": { "source": "./src/index.ts", … }');
  });

  test('an app folder without a page, and a library without "exports"', () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['apps/*', 'packages/*'] },
      'apps/web/package.json': pkg('@acme/web'),
      'apps/web/src/main.tsx': 'export {};\n',
      'packages/lib/package.json': pkg('@acme/lib'),
      'packages/lib/src/index.ts': 'export const a = 1;\n',
      'packages/meta/package.json': pkg('@acme/meta', { exports: { './package.json': './package.json' } }),
      'packages/meta/index.ts': 'export const a = 1;\n',
    });
    expect(warnings(dir).map((w) => [w.file, w.message])).toEqual([
      ['apps/web/package.json', '@acme/web has no public module: apps/web is an app without a page (no apps/web/index.html); add one whose module script names its entry: <script type="module" src="/src/main.tsx"></script>'],
      ['packages/lib/package.json', '@acme/lib has no public module: packages/lib/package.json has no "exports"; publish the package\'s entry, e.g. "exports": { ".": "./src/index.ts" }'],
      ['packages/meta/package.json', '@acme/meta has no public module: packages/meta/package.json\'s "exports" names no TypeScript source; publish the package\'s entry, e.g. "exports": { ".": "./index.ts" }'],
    ]);
  });

  test('nothing is said of a package with no TypeScript source, one that exports a stylesheet, or one whose manifest is already invalid', () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/*'] },
      'packages/tsconfig/package.json': pkg('@acme/tsconfig', { exports: { './base.json': './base.json' } }),
      'packages/tsconfig/base.json': '{}\n',
      'packages/eslint-config/package.json': pkg('@acme/eslint-config', { exports: { './base': './base.js' } }),
      'packages/eslint-config/base.js': 'export default [];\n',
      'packages/styles/package.json': pkg('@acme/styles', { exports: { './globals.css': './src/globals.css' } }),
      'packages/styles/src/globals.css': 'body { margin: 0; }\n',
      'packages/styles/src/tokens.ts': 'export const gap = 4;\n',
      'packages/broken/package.json': pkg('@acme/broken', { exports: { '.': './src/missing.ts' } }),
      'packages/broken/src/index.ts': 'export const a = 1;\n',
    });
    expect(warnings(dir)).toEqual([]);
  });
});

test('an installed package is read with kit.json\'s conditions too', async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/*'], conditions: ['acme-browser'] },
    'node_modules/shout/package.json': { name: 'shout', version: '1.0.0', type: 'module', exports: { '.': { 'acme-browser': './browser.js', default: './node.js' } } },
    'node_modules/shout/browser.js': "export const where = 'read through acme-browser';\n",
    'node_modules/shout/node.js': "export const where = 'read through default';\n",
    'packages/app/package.json': pkg('@acme/app', { exports: { './main': './main.ts' }, dependencies: { shout: '1.0.0' }, kit: { bundler: 'esbuild' } }),
    'packages/app/main.ts': "import { where } from 'shout';\nexport const said = where;\n",
  });
  const workspace = loadWorkspace(dir);
  const plan = await new Compiler().installedPlan(workspace, DEVELOPMENT);
  const entry = findPlanned(plan, 'shout')!.entry!;
  const code = entry.files.map((file) => plan.packages.shout.build.outputs[file]).join('\n');
  expect(code).toContain('read through acme-browser');
  expect(code).not.toContain('read through default');
});
