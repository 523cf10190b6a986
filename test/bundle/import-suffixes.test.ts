import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { closeCheckers, compileAll, Compiler, DEVELOPMENT, findModule, Freshness, judgedOptions, loadWorkspace, PRODUCTION, type CompileOptions, type ModuleBuild } from '../../lib/compiler/index.js';
import { untilSteady } from '../helpers/clock.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

// Vite's import suffixes (CONTRACT §11): `?raw`, `?url` and `?inline`, under both bundlers.

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

const BUNDLERS = ['ts', 'esbuild'] as const;
const MODES = [['development', DEVELOPMENT], ['production', PRODUCTION]] as const;
const MAIN = '@s/app/main';

const NOTES = '# Notes\n\nA line with `code`, "quotes" and a \\ backslash.\n';
// Bundled as code, it would throw as the module loads.
const HELPER = "throw new Error('a ?raw import runs no code');\nexport const never: number = 1;\n";
const SHEET = '.sheet { color: red; }\n';
const INLINE = '.inline {\n  color: brand;\n  background: url(./icon.svg);\n}\n';
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>\n';
const LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]);

/** A PostCSS config whose one plugin turns `brand` into a colour: the inline stylesheet went through it. */
const POSTCSS = "export default { plugins: [{ postcssPlugin: 'brand', Declaration: { color: (decl) => { if (decl.value === 'brand') decl.value = 'rebeccapurple'; } } }] };\n";

const ENTRY = [
  "import notes from './notes.md?raw';",
  "import helper from './helper.ts?raw';",
  "import sheetText from './sheet.css?raw';",
  "import logoUrl from './logo.png?url';",
  "import plainLogo from './logo.png';",
  "import inlineCss from './inline.css?inline';",
  "import iconData from './icon.svg?inline';",
  "import './linked.css';",
  'export { notes, helper, sheetText, logoUrl, plainLogo, inlineCss, iconData };',
  '',
].join('\n');

/** A workspace of `@s/app`, its module `main` built by `bundler`; `files` adds or replaces files. */
function suffixWorkspace(bundler: string, files: Record<string, string | object> = {}) {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true, paths: { '~/*': ['./packages/app/main/*'] } }, include: ['packages'] },
    'packages/app/package.json': pkg('@s/app', { kit: { modules: '.', bundler } }),
    'packages/app/postcss.config.mjs': POSTCSS,
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts', assets: ['logo.png', 'icon.svg'] },
    'packages/app/main/index.ts': ENTRY,
    'packages/app/main/notes.md': NOTES,
    'packages/app/main/helper.ts': HELPER,
    'packages/app/main/sheet.css': SHEET,
    'packages/app/main/inline.css': INLINE,
    'packages/app/main/linked.css': '.linked { color: blue; }\n',
    'packages/app/main/icon.svg': ICON,
    ...files,
  });
  writeFileSync(join(dir, 'packages/app/main/logo.png'), LOGO);
  return dir;
}

function compile(dir: string, options: CompileOptions = DEVELOPMENT, compiler = new Compiler()) {
  const workspace = loadWorkspace(dir);
  return compiler.compile(workspace, findModule(workspace, MAIN)!, options);
}

let loads = 0;

/** The module's exports, its code loaded from where its address puts it (`/m/@s/app@0.1.0/modules/main`), and that place's URL. */
async function run(dir: string, build: ModuleBuild): Promise<{ exports: Record<string, string>; at: string }> {
  const folder = join(dir, 'out', 'm', '@s', 'app@0.1.0', 'modules');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `main.${++loads}.mjs`);
  writeFileSync(file, build.code);
  const at = pathToFileURL(file).href;
  return { exports: (await import(/* @vite-ignore */ at)) as Record<string, string>, at };
}

const dataUrl = (type: string, bytes: string | Buffer) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

describe.each(BUNDLERS)('the %s bundler', (bundler) => {
  test.each(MODES)('%s: ?raw is the text, ?url the address, ?inline the built stylesheet or a data URL', async (_mode, options) => {
    const dir = suffixWorkspace(bundler);
    const build = await compile(dir, options);
    expect(build.diagnostics).toEqual([]);
    const { exports, at } = await run(dir, build);

    expect(exports.notes).toBe(NOTES);
    expect(exports.helper).toBe(HELPER);
    expect(exports.sheetText).toBe(SHEET);
    // The address a plain asset import gives, the file served as a declared asset.
    expect(exports.logoUrl).toBe(new URL('../assets/main/logo.png', at).href);
    expect(exports.logoUrl).toBe(exports.plainLogo);
    expect(exports.iconData).toBe(dataUrl('image/svg+xml', ICON));
    expect(Buffer.from(exports.iconData.split(',')[1], 'base64').toString('utf8')).toBe(ICON);

    // Built as stylesheets are (the workspace's PostCSS config; minified in production), with no map, its url() resolved from the module's address.
    const icon = new URL('../assets/main/icon.svg', at).href;
    if (options.env === 'development') {
      expect(exports.inlineCss).toContain('color: rebeccapurple');
      expect(exports.inlineCss).toContain(`url(${icon})`);
    } else {
      expect(exports.inlineCss).toBe(`.inline{color:#639;background:url(${icon})}\n`);
    }
    expect(exports.inlineCss).not.toContain('sourceMappingURL');

    // Only the plain import is linked: `?inline` and `?raw` sheets are no part of the module's stylesheet.
    expect(build.styles).toContain('.linked');
    expect(build.styles).not.toContain('.inline');
    expect(build.styles).not.toContain('.sheet');
    if (options.env === 'production') expect(build.code).not.toContain('sourceMappingURL');

    // Every file the suffixed imports were made from is an input of the build.
    const file = (name: string) => join(dir, 'packages/app/main', name);
    expect(build.inputs).toEqual(expect.arrayContaining([file('notes.md'), file('helper.ts'), file('sheet.css'), file('inline.css'), file('icon.svg'), join(dir, 'packages/app/postcss.config.mjs')]));
  });

  test('an edit of a ?raw file or an ?inline stylesheet changes the rebuilt output of the same compiler', async () => {
    const dir = suffixWorkspace(bundler);
    const compiler = new Compiler();
    const first = await run(dir, await compile(dir, DEVELOPMENT, compiler));
    expect(first.exports.notes).toBe(NOTES);
    writeFiles(dir, { 'packages/app/main/notes.md': 'edited notes\n', 'packages/app/main/inline.css': '.inline { color: green; }\n' });
    const edited = await compile(dir, DEVELOPMENT, compiler);
    const second = await run(dir, edited);
    expect(second.exports.notes).toBe('edited notes\n');
    expect(second.exports.inlineCss).toContain('color: green');
    expect(compiler.scripts.builds).toBe(2);
  });

  test("with the service's watcher, an edit of a ?raw file bundles the module again", async () => {
    const dir = suffixWorkspace(bundler);
    const freshness = new Freshness();
    freshness.ready(() => true);
    const compiler = new Compiler({ freshness });
    expect((await run(dir, await compile(dir, DEVELOPMENT, compiler))).exports.notes).toBe(NOTES);
    await untilSteady(dir);
    writeFiles(dir, { 'packages/app/main/notes.md': 'watched edit\n' });
    freshness.changed(join(dir, 'packages/app/main/notes.md'), 'change');
    await untilSteady(dir);
    expect((await run(dir, await compile(dir, DEVELOPMENT, compiler))).exports.notes).toBe('watched edit\n');
  });

  test('a suffix kit does not know is one BUNDLE_ERROR at the import, naming the file and the suffixes kit knows', async () => {
    const dir = suffixWorkspace(bundler, { 'packages/app/main/index.ts': "import notes from './notes.md?raw';\nimport worker from './helper.ts?worker';\nexport { notes, worker };\n" });
    const build = await compile(dir);
    expect(build.status).toBe('invalid');
    expect(build.diagnostics).toHaveLength(1);
    expect(build.diagnostics[0]).toMatchObject({ code: 'BUNDLE_ERROR', file: 'packages/app/main/index.ts', line: 2, column: 20 });
    for (const words of ["'./helper.ts?worker'", "'?worker'", 'packages/app/main/helper.ts', '?raw', '?url', '?inline']) expect(build.diagnostics[0].message).toContain(words);
  });

  test('a tsconfig `paths` alias takes the suffixes as a relative import does', async () => {
    const dir = suffixWorkspace(bundler, { 'packages/app/main/index.ts': "import notes from '~/notes.md?raw';\nimport logo from '~/logo.png?url';\nexport { notes, logo };\n" });
    const build = await compile(dir);
    expect(build.diagnostics).toEqual([]);
    const { exports, at } = await run(dir, build);
    expect({ ...exports }).toEqual({ notes: NOTES, logo: new URL('../assets/main/logo.png', at).href });
  });

  test('?url of a file not in "assets" is ASSET_NOT_DECLARED, as a plain asset import is; a missing ?raw file, ?inline of code and a package with a suffix are BUNDLE_ERRORs', async () => {
    const dir = suffixWorkspace(bundler, {
      'packages/app/main/index.ts': "import a from './notes.md?url';\nimport b from './gone.txt?raw';\nimport c from './helper.ts?inline';\nimport d from 'left-pad?raw';\nexport { a, b, c, d };\n",
    });
    const build = await compile(dir);
    // In the order of the imports: a bundler resolves them in no fixed order.
    expect(build.diagnostics.toSorted((x, y) => x.line! - y.line!)).toEqual([
      expect.objectContaining({ code: 'ASSET_NOT_DECLARED', file: 'packages/app/main/index.ts', line: 1, column: 15, message: expect.stringContaining('notes.md') }),
      expect.objectContaining({ code: 'BUNDLE_ERROR', file: 'packages/app/main/index.ts', line: 2, column: 15, message: expect.stringContaining('packages/app/main/gone.txt') }),
      expect.objectContaining({ code: 'BUNDLE_ERROR', file: 'packages/app/main/index.ts', line: 3, column: 15, message: expect.stringContaining('?raw') }),
      expect.objectContaining({ code: 'BUNDLE_ERROR', file: 'packages/app/main/index.ts', line: 4, column: 15, message: expect.stringContaining("'left-pad?raw'") }),
    ]);
  });
});

test('kit check: the ts bundler\'s type check takes ?raw, ?url and ?inline as strings', async () => {
  const dir = suffixWorkspace('ts', {
    'packages/app/main/index.ts': `${ENTRY}import aliased from '~/notes.md?raw';\nexport const sizes: number[] = [notes.length, helper.length, sheetText.length, logoUrl.length, inlineCss.length, iconData.length, aliased.length];\n`,
  });
  const workspace = loadWorkspace(dir);
  const built = await compileAll(new Compiler(), workspace, workspace.modules, judgedOptions, { concurrency: 4, ahead: true });
  expect([...built.values()].map((b) => b.diagnostics)).toEqual([[]]);

  // Strings, not `any`: a number is refused.
  writeFiles(dir, { 'packages/app/main/index.ts': "import notes from './notes.md?raw';\nexport const n: number = notes;\n" });
  const again = loadWorkspace(dir);
  const refused = await compileAll(new Compiler(), again, again.modules, judgedOptions, { concurrency: 4, ahead: true });
  expect([...refused.values()][0].diagnostics).toMatchObject([{ code: 'TS2322', file: 'packages/app/main/index.ts', line: 2 }]);
});

test('the ambient types hold the three suffixes, as Vite\'s client.d.ts does', () => {
  const types = readFileSync(join(import.meta.dirname, '../../types/kit-env.d.ts'), 'utf8');
  for (const suffix of ['raw', 'url', 'inline']) expect(types).toMatch(new RegExp(`declare module '\\*\\?${suffix}' \\{ const \\w+: string; export default \\w+; \\}`));
});
