import { mkdirSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, DiskStore, findModule, loadWorkspace, PRODUCTION, type CompileOptions } from '../../lib/compiler/index.js';
import { copySample, pkg, REPO, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const APP = '@styled/app/main';
const CONFIG = 'packages/app/postcss.config.mjs';

/** The styled sample, where the repository's node_modules (Tailwind) are in reach. */
const styled = () => copySample('styled', { insideRepo: true });

function compile(dir: string, options: CompileOptions = DEVELOPMENT, compiler = new Compiler()) {
  const workspace = loadWorkspace(dir);
  return compiler.compile(workspace, findModule(workspace, APP)!, options);
}

/** The class names the code's stand-in for Card.module.css gives. */
function classesOf(code: string): Record<string, string> {
  return Object.fromEntries([...code.matchAll(/"?(card|title)"?\s*:\s*"(_\1_[\w-]{5})"/g)].map((m) => [m[1], m[2]]));
}

describe('the PostCSS config and CSS Modules', () => {
  test('Tailwind 4 through the package\'s postcss.config.mjs: the utilities the sources use, and the sources as inputs', async () => {
    const dir = styled();
    const build = await compile(dir);
    expect(build.status, JSON.stringify(build.diagnostics)).toBe('valid');
    expect(build.styles).toMatch(/\.p-4 \{\s*padding: calc\(var\(--spacing\) \* 4\);/);
    expect(build.styles).toContain('.font-bold {');
    expect(build.styles).not.toContain('.mt-7');
    // Its scanned sources and the folders its globs cover: an edit, or a file added below, builds the sheet again.
    expect(build.inputs).toEqual(expect.arrayContaining([join(dir, CONFIG), join(dir, 'packages/app/main/index.ts'), join(dir, 'packages/app/main')]));
  });

  test('without a watcher, a class in a file added to a folder below reaches the next build of the same compiler', async () => {
    const dir = styled();
    writeFiles(dir, { 'packages/app/main/parts/deep/empty.ts': 'export {};\n' });
    const compiler = new Compiler();
    expect((await compile(dir, DEVELOPMENT, compiler)).styles).not.toContain('.mt-7');
    writeFiles(dir, { 'packages/app/main/parts/deep/note.ts': "export const note = 'mt-7';\n" });
    expect((await compile(dir, DEVELOPMENT, compiler)).styles).toContain('.mt-7 {');
  });

  test('a CSS Module: the code and the stylesheet name each class alike, with either bundler, in development and production', async () => {
    const dir = styled();
    const built = [];
    for (const bundler of ['ts', 'esbuild']) {
      writeFiles(dir, { 'packages/app/main/module.json': { bundler } });
      for (const options of [DEVELOPMENT, PRODUCTION]) built.push(await compile(dir, options));
    }
    const names = classesOf(built[0].code);
    expect(Object.keys(names)).toEqual(['card', 'title']);
    for (const build of built) {
      expect(build.status, JSON.stringify(build.diagnostics)).toBe('valid');
      expect(classesOf(build.code)).toEqual(names);
      expect(build.styles).toMatch(new RegExp(`\\.${names.card} ?\\{\\s*border-top: ?3px solid`));
      expect(build.styles).not.toMatch(/\.card\b/);
      // The sheet is an input of the code too: its classes are the code's.
      expect(build.inputs).toContain(join(dir, 'packages/app/main/Card.module.css'));
    }
  });

  test('the workspace\'s config applies to a package without one, and is loaded again once edited', async () => {
    const dir = styled();
    renameSync(join(dir, CONFIG), join(dir, 'postcss.config.mjs'));
    const compiler = new Compiler();
    expect((await compile(dir, DEVELOPMENT, compiler)).styles).toContain('.p-4 {');
    // Without Tailwind, nothing resolves `@import "tailwindcss"`: kit looks for a partial of that name.
    writeFiles(dir, { 'postcss.config.mjs': 'export default { plugins: {} };\n' });
    const plain = await compile(dir, DEVELOPMENT, compiler);
    expect(plain.diagnostics).toEqual([expect.objectContaining({ file: 'packages/app/main/index.css', message: expect.stringContaining("Cannot find 'tailwindcss'") })]);
  });

  test('a config that does not load, and a plugin that throws, are BUNDLE_ERRORs naming the config', async () => {
    const dir = styled();
    writeFiles(dir, { [CONFIG]: "export default { plugins: { 'postcss-no-such-plugin': {} } };\n" });
    const unloadable = await compile(dir);
    expect(unloadable.status).toBe('invalid');
    expect(unloadable.diagnostics).toEqual([expect.objectContaining({ code: 'BUNDLE_ERROR', file: CONFIG, message: expect.stringContaining("Cannot find module 'postcss-no-such-plugin'") })]);
    expect(unloadable.diagnostics[0].message).not.toContain(dir);

    writeFiles(dir, { [CONFIG]: readFileSync(join(copySample('styled'), CONFIG), 'utf8'), 'packages/app/main/index.css': '@import "tailwindcss";\n.x { @apply no-such-utility; }\n' });
    const thrown = await compile(dir);
    expect(thrown.diagnostics).toEqual([expect.objectContaining({ code: 'BUNDLE_ERROR', file: 'packages/app/main/index.css', message: expect.stringContaining(CONFIG) })]);
    expect(thrown.diagnostics[0].message).toContain('no-such-utility');
  });
});

describe('a plugin the PostCSS config names, installed after a build failed for want of it', () => {
  // A real plugin from the registry (kit's own CSS Modules depend on it), out of reach of the
  // workspace (in the temporary folder) until linked into its node_modules.
  const PLUGIN = 'postcss-modules-values';
  const workspace = () =>
    writeWorkspace({
      'kit.json': { packages: ['packages/app'] },
      'packages/app/package.json': pkg('@plugin/app', { type: 'module', exports: { './main': './main/index.ts' } }),
      'packages/app/main/index.ts': "import './index.css';\nexport const ready = true;\n",
      'packages/app/main/index.css': '@value primary: red;\n.title { color: primary; }\n',
      'postcss.config.cjs': `module.exports = { plugins: { '${PLUGIN}': {} } };\n`,
    });
  const compileWith = (dir: string, compiler: Compiler) => {
    const ws = loadWorkspace(dir);
    return compiler.compile(ws, findModule(ws, '@plugin/app/main')!, DEVELOPMENT);
  };

  test('the failure names the config and is kept on disk; once the plugin is installed, the same disk cache and the same service build it', async () => {
    const dir = workspace();
    const service = new Compiler({ disk: DiskStore.forWorkspace(dir) });
    const missing = await compileWith(dir, service);
    expect(missing.status).toBe('invalid');
    expect(missing.diagnostics).toEqual([expect.objectContaining({ code: 'BUNDLE_ERROR', file: 'postcss.config.cjs', message: expect.stringContaining(`Cannot find module '${PLUGIN}'`) })]);
    // The next command, nothing installed: the failure comes from the disk cache, not built again.
    const kept = await compileWith(dir, new Compiler({ disk: DiskStore.forWorkspace(dir) }));
    expect(kept.status).toBe('invalid');
    expect(kept.timing?.phases.styles).toBeUndefined();

    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    symlinkSync(join(REPO, 'node_modules', PLUGIN), join(dir, 'node_modules', PLUGIN));
    const installed = await compileWith(dir, new Compiler({ disk: DiskStore.forWorkspace(dir) }));
    expect(installed.status, JSON.stringify(installed.diagnostics)).toBe('valid');
    expect(installed.styles).toMatch(/\.title \{\s*color: red;/);
    // A running service sees it too: its memory holds the failure no longer.
    expect((await compileWith(dir, service)).status).toBe('valid');
  });

  test("the plugin's package is an input of the stylesheet: its package.json once found, each node_modules entry Node looked at before", async () => {
    const dir = workspace();
    const missing = await compileWith(dir, new Compiler());
    expect(missing.inputs).toEqual(expect.arrayContaining([join(dir, 'postcss.config.cjs'), join(dir, 'node_modules', PLUGIN)]));
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    symlinkSync(join(REPO, 'node_modules', PLUGIN), join(dir, 'node_modules', PLUGIN));
    const found = await compileWith(dir, new Compiler());
    expect(found.inputs).toContain(join(dir, 'node_modules', PLUGIN, 'package.json'));
  });
});
