import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, findModule, loadWorkspace, PRODUCTION, type CompileOptions } from '../../lib/compiler/index.js';
import { copySample, pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

// CONTRACT §11, stylesheets that packages export: what their modules build into, and how
// another package's module imports them, under both bundlers alike.
const BUNDLERS = ['ts', 'esbuild'] as const;

/** `@d/ui` exporting globals.css and button.module.css (and a sheet it does not export); `@d/app/main` from `main`. */
function designSystem(main: string, bundler: 'ts' | 'esbuild' = 'ts', app: object = {}) {
  return writeWorkspace({
    'kit.json': { packages: ['packages/*'] },
    'packages/ui/package.json': pkg('@d/ui', { version: '1.0.0', exports: { './globals.css': './src/globals.css', './button.module.css': './src/button.module.css' } }),
    'packages/ui/src/globals.css': ':root { --brand: rgb(1, 2, 3); }\nbody { color: var(--brand); }\n',
    'packages/ui/src/button.module.css': '.button { border: 3px solid red; }\n.primary-action { color: blue; }\n',
    'packages/ui/src/private.module.css': '.x { color: green; }\n',
    'packages/app/package.json': pkg('@d/app', { exports: { './main': './main/index.ts' }, dependencies: { '@d/ui': '^1.0.0' }, kit: { bundler }, ...app }),
    'packages/app/main/index.ts': main,
  });
}

const IMPORTS_BOTH = "import '@d/ui/globals.css';\nimport styles from '@d/ui/button.module.css';\ndocument.body.className = styles.button + ' ' + styles['primary-action'];\n";

async function compile(dir: string, specifier: string, options: CompileOptions = DEVELOPMENT) {
  const workspace = loadWorkspace(dir);
  return new Compiler().compile(workspace, findModule(workspace, specifier)!, options);
}

/** The class map a stylesheet module's code exports by default. */
async function classMap(code: string): Promise<Record<string, string>> {
  const body = code.replace(/\/\/# sourceMappingURL=.*$/m, '');
  return ((await import(`data:text/javascript;base64,${Buffer.from(body).toString('base64')}`)) as { default: Record<string, string> }).default;
}

describe('a stylesheet module', () => {
  test('a plain sheet: its styles are the sheet built, its code imports and exports nothing', async () => {
    const dir = designSystem(IMPORTS_BOTH);
    const dev = await compile(dir, '@d/ui/globals.css');
    expect(dev.status, JSON.stringify(dev.diagnostics)).toBe('valid');
    expect(dev.styles).toContain('body { color: var(--brand); }');
    expect(dev.styles).toMatch(/sourceMappingURL=data:application\/json;base64,/);
    expect(dev.code).toMatch(/^export \{\};$/m);
    expect(dev.imports).toEqual([]);
    const prod = await compile(dir, '@d/ui/globals.css', PRODUCTION);
    expect(prod.code).toBe('export {};\n');
    expect(prod.styles).toBe(':root{--brand: rgb(1, 2, 3)}body{color:var(--brand)}\n');
  });

  test('a CSS Module: its code exports the class map, named exactly as its built sheet names the classes, in both forms', async () => {
    const dir = designSystem(IMPORTS_BOTH);
    for (const options of [DEVELOPMENT, PRODUCTION]) {
      const build = await compile(dir, '@d/ui/button.module.css', options);
      expect(build.status, JSON.stringify(build.diagnostics)).toBe('valid');
      const classes = await classMap(build.code);
      expect(Object.keys(classes)).toEqual(['button', 'primary-action']);
      expect(classes.button).toMatch(/^_button_[\w-]{5}$/);
      for (const scoped of Object.values(classes)) expect(build.styles).toMatch(new RegExp(`\\.${scoped} ?\\{`));
      expect(build.styles).not.toMatch(/\.button\b/);
      // An identifier is a named export too, as Vite gives them.
      expect(build.code).toMatch(new RegExp(`export const button ?= ?"${classes.button}"`));
    }
  });

  test('the workspace PostCSS config applies to it (Tailwind 4 in the shadcn-shaped sample)', async () => {
    const dir = copySample('shadcn-monorepo', { insideRepo: true });
    const build = await compile(dir, '@workspace/ui/globals.css');
    expect(build.status, JSON.stringify(build.diagnostics)).toBe('valid');
    // A utility only the app's sources name: found by the sheet's @source, across packages.
    expect(build.styles).toMatch(/\.p-6 \{\s*padding: calc\(var\(--spacing\) \* 6\);/);
    expect(build.styles).toContain('--background: oklch(1 0 0);');
    expect(build.inputs).toEqual(expect.arrayContaining([`${dir}/packages/ui/postcss.config.mjs`, `${dir}/apps/web/src/App.tsx`]));
  });

  test('a sheet that does not parse: BUNDLE_ERROR naming it, line and column', async () => {
    const dir = designSystem(IMPORTS_BOTH);
    writeFiles(dir, { 'packages/ui/src/button.module.css': '.button {\n  color: red;\n' });
    const build = await compile(dir, '@d/ui/button.module.css');
    expect(build.status).toBe('invalid');
    expect(build.diagnostics).toMatchObject([{ code: 'BUNDLE_ERROR', file: 'packages/ui/src/button.module.css', line: 1, column: 1 }]);
  });
});

test("a stylesheet module owns no folder: a helper beside it is still its importer's own, checked with it", async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/ui'] },
    'packages/ui/package.json': pkg('@d/ui', { exports: { './globals.css': './src/globals.css', './components/*': './src/components/*.ts' } }),
    'packages/ui/src/globals.css': 'body { margin: 0; }\n',
    'packages/ui/src/cn.ts': 'export const cn = (...names: string[]): number => names.join(" ");\n',
    'packages/ui/src/components/button.ts': "import { cn } from '../cn';\nexport const button = cn('a');\n",
  });
  const build = await compile(dir, '@d/ui/components/button');
  expect(build.diagnostics).toMatchObject([{ code: 'TS2322', file: 'packages/ui/src/cn.ts', line: 1 }]);
});

describe('imported by its specifier from another package', () => {
  test.each(BUNDLERS)('%s: valid, both imports kept bare, and the module has no stylesheet of its own', async (bundler) => {
    const build = await compile(designSystem(IMPORTS_BOTH, bundler), '@d/app/main');
    expect(build.status, JSON.stringify(build.diagnostics)).toBe('valid');
    expect(build.imports).toEqual(['@d/ui/globals.css', '@d/ui/button.module.css']);
    // Kept bare: a side-effect import, or (a development output's files as factories) a namespace import of it.
    expect(build.code).toMatch(/import (?:\* as \w+ from )?['"]@d\/ui\/globals\.css['"]/);
    expect(build.code).toMatch(/from ['"]@d\/ui\/button\.module\.css['"]/);
    expect(build.styles).toBeUndefined();
  });

  test("ts: TypeScript takes kit's ambient types for both (a CSS Module's classes are strings)", async () => {
    const build = await compile(designSystem(`${IMPORTS_BOTH}const n: number = styles.button;\n`, 'ts'), '@d/app/main');
    expect(build.diagnostics).toMatchObject([{ code: 'TS2322', file: 'packages/app/main/index.ts', line: 4 }]);
  });

  test.each(BUNDLERS)('%s: without the package in dependencies, DEPENDENCY_NOT_DECLARED as for any package import', async (bundler) => {
    const build = await compile(designSystem(IMPORTS_BOTH, bundler, { dependencies: {} }), '@d/app/main');
    expect(build.diagnostics.map((d) => d.code)).toEqual(['DEPENDENCY_NOT_DECLARED', 'DEPENDENCY_NOT_DECLARED']);
  });

  test.each(BUNDLERS)('%s: a sheet the package does not export names the exports entry to add', async (bundler) => {
    const build = await compile(designSystem("import '@d/ui/private.module.css';\n", bundler), '@d/app/main');
    expect(build.diagnostics).toMatchObject([
      { code: 'BUNDLE_ERROR', file: 'packages/app/main/index.ts', line: 1, column: 8, message: expect.stringContaining('or export the stylesheet from packages/ui/package.json ("exports": { "./private.module.css": "./<path of the sheet>" })') },
    ]);
  });
});

describe("a relative import of another package's stylesheet", () => {
  const MAIN = "import a from '../../ui/src/button.module.css';\nimport b from '../../ui/src/private.module.css';\nconsole.log(a, b);\n";

  test('the same IMPORT_CROSSES_MODULE under both bundlers, naming the file, the position and the specifier to use', async () => {
    const found = [];
    for (const bundler of BUNDLERS) found.push((await compile(designSystem(MAIN, bundler), '@d/app/main')).diagnostics);
    expect(found[0]).toEqual(found[1]);
    expect(found[0]).toEqual([
      {
        code: 'IMPORT_CROSSES_MODULE',
        file: 'packages/app/main/index.ts',
        line: 1,
        column: 15,
        message: "'../../ui/src/button.module.css' names by a file path the stylesheet @d/ui exports as '@d/ui/button.module.css'; import it as '@d/ui/button.module.css'",
      },
      {
        code: 'IMPORT_CROSSES_MODULE',
        file: 'packages/app/main/index.ts',
        line: 2,
        column: 15,
        message: `'../../ui/src/private.module.css' crosses into the package @d/ui by a file path; import the stylesheet by its specifier once @d/ui exports it: add "./private.module.css": "./src/private.module.css" to "exports" in packages/ui/package.json, then import '@d/ui/private.module.css'`,
      },
    ]);
  });

  test.each(BUNDLERS)('%s: a sheet of its own package that the package exports is imported by its specifier too', async (bundler) => {
    const dir = designSystem(IMPORTS_BOTH);
    writeFiles(dir, {
      'packages/ui/package.json': pkg('@d/ui', { version: '1.0.0', exports: { './globals.css': './src/globals.css', './card': './src/card.ts' }, kit: { bundler } }),
      'packages/ui/src/card.ts': "import './globals.css';\nimport './private.module.css';\nexport const card = 1;\n",
    });
    const build = await compile(dir, '@d/ui/card');
    expect(build.diagnostics).toEqual([
      { code: 'IMPORT_CROSSES_MODULE', file: 'packages/ui/src/card.ts', line: 1, column: 8, message: "'./globals.css' names by a file path the stylesheet @d/ui exports as '@d/ui/globals.css'; import it as '@d/ui/globals.css'" },
    ]);
  });
});

describe('a module.json whose entry is a stylesheet', () => {
  test.each(BUNDLERS)('%s: MANIFEST_INVALID alone, never the bundler\'s own words', async (bundler) => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/ui'] },
      'packages/ui/package.json': pkg('@d/ui', { kit: { modules: '.', bundler } }),
      'packages/ui/theme/module.json': { entry: 'theme.css' },
      'packages/ui/theme/theme.css': 'a { color: red; }\n',
    });
    const build = await compile(dir, '@d/ui/theme');
    expect(build.diagnostics).toMatchObject([{ code: 'MANIFEST_INVALID', file: 'packages/ui/theme/module.json', line: 2, message: expect.stringContaining('"exports": { "./theme.css": "./theme/theme.css" }') }]);
  });
});
