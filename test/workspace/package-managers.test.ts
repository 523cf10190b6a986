import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, findModule, loadWorkspace, WorkspaceLoader, writeDistribution } from '../../lib/compiler/index.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

// On the esbuild bundler: the rules for ranges are kit's own, the same under every bundler
// (test/bundle/module-diagnostics.test.ts holds both to them), and esbuild needs no
// TypeScript 7 process for each workspace.
const module = (name: string, dependencies: Record<string, string> = {}, version = '1.0.0') => ({
  [`${name}/package.json`]: pkg(`@a/${name.split('/').pop()}`, { version, exports: { './main': './main/index.ts' }, dependencies, kit: { modules: '.', bundler: 'esbuild' } }),
  [`${name}/main/index.ts`]: `export const name = ${JSON.stringify(name)};\n`,
});

const names = (dir: string) => loadWorkspace(dir).packages.map((p) => p.name);

describe('kit.json globs, as pnpm and npm workspaces write them', () => {
  test('"packages/*" lists each directory holding a package.json, sorted; node_modules never matches', () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/*'] },
      ...module('packages/zeta'),
      ...module('packages/alpha'),
      'packages/notes/readme.md': 'not a package\n',
      ...module('packages/node_modules/hidden'),
    });
    expect(names(dir)).toEqual(['@a/alpha', '@a/zeta']);
    expect(loadWorkspace(dir).warnings).toEqual([]);
  });

  test('"**" reaches nested packages and "!" excludes, in any order', () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['!packages/legacy', 'packages/**', 'apps/*'] },
      ...module('packages/ui'),
      ...module('packages/group/forms'),
      ...module('packages/legacy'),
      ...module('apps/site'),
    });
    expect(names(dir)).toEqual(['@a/forms', '@a/ui', '@a/site']);
  });

  test('a glob that matches nothing is a warning at its line; the other packages load', () => {
    const dir = writeWorkspace({ 'kit.json': '{\n  "packages": [\n    "packages/*",\n    "tools/*"\n  ]\n}\n', ...module('packages/ui') });
    const workspace = loadWorkspace(dir);
    expect(workspace.diagnostics).toEqual([]);
    expect(workspace.warnings).toMatchObject([{ code: 'PACKAGES_GLOB_EMPTY', file: 'kit.json', line: 4, column: 5 }]);
    expect(workspace.warnings[0].message).toContain('"tools/*"');
    expect(names(dir)).toEqual(['@a/ui']);
  });

  test('a package added under a glob is found by the next load', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/*'] }, ...module('packages/ui') });
    const loader = new WorkspaceLoader(dir);
    expect(loader.load().packages.map((p) => p.name)).toEqual(['@a/ui']);
    writeFiles(dir, module('packages/forms'));
    expect(loader.load().packages.map((p) => p.name)).toEqual(['@a/forms', '@a/ui']);
  });

  test('a literal entry keeps its errors: a missing directory is MANIFEST_INVALID at its line', () => {
    const dir = writeWorkspace({ 'kit.json': { packages: ['packages/*', 'packages/gone'] }, ...module('packages/ui') });
    expect(loadWorkspace(dir).diagnostics).toMatchObject([{ code: 'MANIFEST_INVALID', file: 'kit.json', message: expect.stringContaining('"packages/gone" does not exist') }]);
  });
});

describe('workspace: ranges (CONTRACT §9)', () => {
  const workspace = (range: string) =>
    writeWorkspace({
      'kit.json': { packages: ['packages/*'] },
      ...module('packages/lib', {}, '1.2.0'),
      ...module('packages/app', { '@a/lib': range }),
      'packages/app/main/index.ts': "import { name } from '@a/lib/main';\nexport const app = name;\n",
    });

  async function verdict(dir: string) {
    const ws = loadWorkspace(dir);
    return new Compiler().compile(ws, findModule(ws, '@a/app/main')!, DEVELOPMENT);
  }

  test.each(['workspace:*', 'workspace:^', 'workspace:~', 'workspace:^1.0.0', 'workspace:1.2.0'])('%s is satisfied by the workspace package', async (range) => {
    const build = await verdict(workspace(range));
    expect(build.diagnostics).toEqual([]);
    expect(build.code).toContain('@a/lib/main');
  });

  test('workspace:<range> the package does not satisfy is DEPENDENCY_INCOMPATIBLE', async () => {
    const build = await verdict(workspace('workspace:^2.0.0'));
    expect(build.diagnostics.map((d) => d.code)).toEqual(['DEPENDENCY_INCOMPATIBLE']);
  });

  test('a workspace: range naming a package outside the workspace is MANIFEST_INVALID at the range, imported or not', () => {
    const dir = workspace('workspace:^');
    writeFiles(dir, module('packages/app', { '@a/lib': 'workspace:^', '@a/elsewhere': 'workspace:*' }));
    const ws = loadWorkspace(dir);
    const app = findModule(ws, '@a/app/main')!;
    expect(app.diagnostics).toMatchObject([{ code: 'MANIFEST_INVALID', file: 'packages/app/package.json', message: expect.stringContaining('"@a/elsewhere"') }]);
    expect(findModule(ws, '@a/lib/main')!.diagnostics).toEqual([]);
  });

  test('a workspace: range that is not one is MANIFEST_INVALID and says what to write', () => {
    const ws = loadWorkspace(workspace('workspace:latest'));
    expect(findModule(ws, '@a/app/main')!.diagnostics[0].message).toContain('"workspace:^"');
  });

  test("kit-distribution.json names the version each dependency resolved to, never a workspace: range", async () => {
    const dir = workspace('workspace:^');
    const out = join(dir, 'dist');
    const result = await writeDistribution(loadWorkspace(dir), new Compiler(), out);
    expect(result.diagnostics).toEqual([]);
    const file = readFileSync(join(out, 'm/@a/app@1.0.0/kit-distribution.json'), 'utf8');
    expect(JSON.parse(file).dependencies).toEqual({ '@a/lib': '1.2.0' });
    expect(file).not.toContain('workspace:');
  });
});
