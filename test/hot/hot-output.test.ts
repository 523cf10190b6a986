import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, findModule, hotChanges, hotUpdateModule, PRODUCTION, WorkspaceLoader, type CompileOptions } from '../../lib/compiler/index.js';
import { REPO, pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const HELPER = (word: string) => `export const word = '${word}';
export const unused = 'nobody imports this';
if (import.meta.hot) {
  import.meta.hot.dispose((data) => (data.word = word));
  import.meta.hot.accept();
}
`;
const ENTRY = "import { word } from './helper';\nexport const shown = `said ${word}`;\nexport default word;\n";

function workspace(bundler: 'ts' | 'esbuild') {
  return writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, skipLibCheck: true, types: [] } },
    'packages/app/package.json': pkg('@hot/app', { exports: { './main': './main/index.ts' }, kit: { bundler } }),
    'packages/app/main/index.ts': ENTRY,
    'packages/app/main/helper.ts': HELPER('hello'),
    // import.meta.hot's types, as a workspace names @kit-js/packages/client (by path: a test's workspace has no node_modules).
    'kit-env.d.ts': `/// <reference path="${join(REPO, 'types', 'client.d.ts')}" />\n`,
  });
}

async function compile(dir: string, options: CompileOptions = DEVELOPMENT, compiler = new Compiler()) {
  const workspace = new WorkspaceLoader(dir).load();
  const build = await compiler.compile(workspace, findModule(workspace, '@hot/app/main')!, options);
  expect(build.diagnostics).toEqual([]);
  return build;
}

describe.each(['ts', 'esbuild'] as const)('a hot development output under %s (CONTRACT §13)', (bundler) => {
  test('is the module\'s files as factories, tree-shaken; it runs without the runtime; production holds none of it', async () => {
    const dir = workspace(bundler);
    const dev = await compile(dir);
    expect(Object.entries(dev.hot!.files).map(([id, f]) => [id, f.path])).toEqual([
      ['./index.ts', 'packages/app/main/index.ts'],
      ['./helper.ts', 'packages/app/main/helper.ts'],
    ]);
    expect(dev.code).toContain('__kit.define("./helper.ts", (require, module, exports, __kit_meta) => {');
    expect(dev.code).toContain('__kit_meta.hot.accept()');
    expect(dev.code).not.toContain('nobody imports this');
    // Its own registry when the page has no kit runtime: the entry's names, exported as ES names.
    const module = (await import(`data:text/javascript;base64,${Buffer.from(dev.code).toString('base64')}`)) as { shown: string; default: string };
    expect([module.shown, module.default]).toEqual(['said hello', 'hello']);
    const prod = await compile(dir, PRODUCTION);
    expect(prod.hot).toBeUndefined();
    expect(prod.code).not.toMatch(/__kit|import\.meta\.hot|accept|dispose/);
  });

  test('an edit of a helper changes its factory alone; its update is that factory, with its lines of the map', async () => {
    const dir = workspace(bundler);
    const compiler = new Compiler();
    const before = await compile(dir, DEVELOPMENT, compiler);
    writeFiles(dir, { 'packages/app/main/helper.ts': HELPER('bonjour') });
    const after = await compile(dir, DEVELOPMENT, compiler);
    expect(hotChanges(before.hot!, after.hot!)).toEqual({ files: ['./helper.ts'], pruned: [] });
    const update = hotUpdateModule('@hot/app@0.1.0/main', after.code, after.hot!, './helper.ts')!;
    expect(update).toMatch(/^const __kit = globalThis\.__kit_hot\("@hot\/app@0\.1\.0\/main", null, \{ {2}\}\);\n__kit\.define\("\.\/helper\.ts"/);
    expect(update).toContain('const word = "bonjour";');
    expect(update).not.toContain('said ');
    const map = JSON.parse(Buffer.from(/base64,(.+)\n$/.exec(update)![1], 'base64').toString('utf8')) as { sources: string[]; sourcesContent: string[] };
    expect(map.sources).toEqual(['packages/app/main/helper.ts']);
    expect(map.sourcesContent[0]).toContain('bonjour');
  });

  test('an edit that changes the names the module exports asks the page to reload', async () => {
    const dir = workspace(bundler);
    const compiler = new Compiler();
    const before = await compile(dir, DEVELOPMENT, compiler);
    writeFiles(dir, { 'packages/app/main/index.ts': `${ENTRY}export const more = 1;\n` });
    const after = await compile(dir, DEVELOPMENT, compiler);
    expect(hotChanges(before.hot!, after.hot!)).toEqual({ files: ['./index.ts'], pruned: [], reload: 'the names the module exports changed' });
  });

  test('a module that waits at its top level is built whole, as before', async () => {
    const dir = workspace(bundler);
    writeFiles(dir, { 'packages/app/main/index.ts': `${ENTRY}await Promise.resolve();\n` });
    const dev = await compile(dir);
    expect(dev.hot).toBeUndefined();
    expect(dev.code).not.toContain('__kit.define');
  });
});
