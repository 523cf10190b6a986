import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadWorkspace } from '../../lib/compiler/index.js';
import { tsconfigInputs, tsconfigOf, readTsconfigChain } from '../../lib/compiler/workspace/tsconfig-read.js';
import { projectDeclarations, projectFilesOf, projectHolds } from '../../lib/compiler/workspace/tsconfig-include.js';
import { aliasCandidates, ownPaths, pathAliasesOf } from '../../lib/compiler/workspace/tsconfig-paths.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const OPTIONS = { strict: true, moduleResolution: 'bundler', module: 'esnext', types: [] };

/** A workspace with one package, `@acme/web`, laid out as `files` say below `packages/web/`. */
function web(files: Record<string, string | object>) {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/web'] },
    'packages/web/package.json': pkg('@acme/web', { exports: { './main': './src/main.tsx' } }),
    'packages/web/src/main.tsx': 'export const main = 1;\n',
    ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`packages/web/${path}`, text])),
  });
  return { dir, workspace: loadWorkspace(dir), at: (path: string) => join(dir, 'packages/web', path) };
}

describe('the tsconfig the editor picks (CONTRACT §10)', () => {
  test('a solution file leads to the referenced project whose include holds the file', () => {
    const { workspace, at } = web({
      'tsconfig.json': { files: [], references: [{ path: './tsconfig.app.json' }, { path: './tsconfig.node.json' }] },
      'tsconfig.app.json': { compilerOptions: { ...OPTIONS, jsx: 'react-jsx' }, include: ['src'] },
      'tsconfig.node.json': { compilerOptions: OPTIONS, include: ['vite.config.ts'] },
      'vite.config.ts': 'export default {};\n',
      'scripts/seed.ts': 'export {};\n',
    });
    expect(tsconfigOf(workspace, at('src/main.tsx'))).toBe(at('tsconfig.app.json'));
    expect(tsconfigOf(workspace, at('vite.config.ts'))).toBe(at('tsconfig.node.json'));
    // Held by no project: the nearest tsconfig.json, as before.
    expect(tsconfigOf(workspace, at('scripts/seed.ts'))).toBe(at('tsconfig.json'));
    // An edit to the solution, or to a project it leads to, may move the file.
    expect(tsconfigInputs(workspace, at('src/main.tsx'))).toEqual(expect.arrayContaining([at('tsconfig.json'), at('tsconfig.app.json'), at('tsconfig.node.json')]));
  });

  test('references are followed further (a solution of solutions, a folder), in the order written', () => {
    const { workspace, at } = web({
      'tsconfig.json': { files: [], references: [{ path: './config' }] },
      'config/tsconfig.json': { files: [], references: [{ path: './tsconfig.test.json' }, { path: './tsconfig.lib.json' }] },
      'config/tsconfig.test.json': { compilerOptions: OPTIONS, include: ['../src/**/*.test.ts'] },
      'config/tsconfig.lib.json': { compilerOptions: OPTIONS, include: ['../src'], exclude: ['../src/**/*.test.ts'] },
      'src/main.test.ts': 'export {};\n',
    });
    expect(tsconfigOf(workspace, at('src/main.tsx'))).toBe(at('config/tsconfig.lib.json'));
    expect(tsconfigOf(workspace, at('src/main.test.ts'))).toBe(at('config/tsconfig.test.json'));
  });

  test('include and exclude are inherited through extends, relative to the file that sets them', () => {
    const { workspace, at } = web({
      'tsconfig.json': { files: [], references: [{ path: './tsconfig.app.json' }] },
      'tsconfig.app.json': { extends: './config/base.json', compilerOptions: { jsx: 'react-jsx' } },
      'config/base.json': { compilerOptions: OPTIONS, include: ['../src'] },
    });
    expect(tsconfigOf(workspace, at('src/main.tsx'))).toBe(at('tsconfig.app.json'));
  });

  test('a tsconfig.json that holds the file is the one, references or not', () => {
    const { workspace, at } = web({
      'tsconfig.json': { compilerOptions: OPTIONS, references: [{ path: './tsconfig.app.json' }] },
      'tsconfig.app.json': { compilerOptions: OPTIONS, include: ['src'] },
    });
    expect(tsconfigOf(workspace, at('src/main.tsx'))).toBe(at('tsconfig.json'));
  });
});

describe('include, files and exclude as TypeScript matches them', () => {
  const { at } = web({
    'tsconfig.json': { compilerOptions: OPTIONS, include: ['src', 'env/*.d.ts'], exclude: ['src/legacy'], files: ['global.d.ts'] },
    'src/types/css.d.ts': "declare module '*.module.css' { const classes: Record<string, string>; export default classes; }\n",
    'src/.hidden/x.d.ts': 'declare const hidden: 1;\n',
    'src/node_modules/dep/index.d.ts': 'export {};\n',
    'src/legacy/old.d.ts': 'declare const old: 1;\n',
    'env/vite-env.d.ts': 'interface ImportMetaEnv { readonly VITE_TITLE: string }\n',
    'env/nested/deeper.d.ts': 'declare const deeper: 1;\n',
    'global.d.ts': 'declare const APP: string;\n',
  });
  const project = projectFilesOf(readTsconfigChain(at('tsconfig.json')));

  test.each([
    ['src/main.tsx', true],
    ['src/types/css.d.ts', true],
    ['src/.hidden/x.d.ts', false],
    ['src/node_modules/dep/index.d.ts', false],
    ['src/legacy/old.d.ts', false],
    ['env/vite-env.d.ts', true],
    ['env/nested/deeper.d.ts', false],
    ['global.d.ts', true],
    ['other/x.ts', false],
  ])('%s is in the project: %s', (path, held) => {
    expect(projectHolds(project, at(path))).toBe(held);
  });

  test('the declaration files it names are found with the same rules', () => {
    expect(projectDeclarations(project)).toEqual([at('env/vite-env.d.ts'), at('global.d.ts'), at('src/types/css.d.ts')]);
  });

  test('no include and no files is every file below the tsconfig; files alone is those files', () => {
    const { at: where } = web({ 'tsconfig.json': { compilerOptions: OPTIONS }, 'tsconfig.files.json': { files: ['src/main.tsx'] } });
    expect(projectHolds(projectFilesOf(readTsconfigChain(where('tsconfig.json'))), where('deep/er/x.ts'))).toBe(true);
    const listed = projectFilesOf(readTsconfigChain(where('tsconfig.files.json')));
    expect([projectHolds(listed, where('src/main.tsx')), projectHolds(listed, where('src/other.ts'))]).toEqual([true, false]);
  });
});

describe('paths aliases as TypeScript reads them', () => {
  const { at } = web({
    'tsconfig.json': { extends: './config/base.json', compilerOptions: { jsx: 'react-jsx' } },
    'config/base.json': { compilerOptions: { paths: { '@/*': ['../src/*'], '@/ui/*': ['../src/components/ui/*', '../src/fallback/*'], env: ['../src/env.ts'], bad: ['src/bad'] } } },
    'tsconfig.base-url.json': { compilerOptions: { baseUrl: './src', paths: { '~/*': ['lib/*'] } } },
  });

  test('targets are relative to the tsconfig that sets paths; the exact key, else the longest prefix, wins', () => {
    const aliases = pathAliasesOf(at('tsconfig.json'))!;
    expect(aliasCandidates(aliases, '@/lib/utils')).toEqual([at('src/lib/utils')]);
    expect(aliasCandidates(aliases, '@/ui/button')).toEqual([at('src/components/ui/button'), at('src/fallback/button')]);
    expect(aliasCandidates(aliases, 'env')).toEqual([at('src/env.ts')]);
    expect(aliasCandidates(aliases, 'preact')).toEqual([]);
    expect(aliasCandidates(aliases, './relative')).toEqual([]);
  });

  test("with TypeScript 5's baseUrl, targets are relative to it and a bare name is looked for below it too", () => {
    const aliases = pathAliasesOf(at('tsconfig.base-url.json'))!;
    expect(aliasCandidates(aliases, '~/utils')).toEqual([at('src/lib/utils'), at('src/~/utils')]);
    expect(aliasCandidates(aliases, 'components/button')).toEqual([at('src/components/button')]);
  });

  test("the check's paths: each target relative to the check's configuration; one TypeScript refuses kept as written", () => {
    expect(ownPaths(at('tsconfig.json'), at('.'), { '*': ['./vendor/*'] })).toEqual({
      '@/*': ['./src/*'],
      '@/ui/*': ['./src/components/ui/*', './src/fallback/*'],
      env: ['./src/env.ts'],
      bad: ['src/bad'],
      '*': ['./vendor/*'],
    });
  });
});
