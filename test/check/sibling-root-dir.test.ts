import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { closeCheckers } from '../../lib/compiler/check/check-module.js';
import { compileAt } from '../helpers/compile.js';
import { pkg, REPO, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

const ROOT_DIR = { compilerOptions: { rootDir: 'src', strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', types: [] }, include: ['src'] };

/**
 * Two packages, each with `"rootDir": "src"`, importing each other by specifier, linked into
 * node_modules as npm's install links a workspace's packages (what the workspace's `tsc` resolves through).
 */
function siblings() {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/*'] },
    'package.json': { name: 'siblings', private: true, workspaces: ['packages/*'] },
    'packages/a/package.json': pkg('@sib/a', { type: 'module', exports: { '.': './src/index.ts' }, dependencies: { '@sib/b': '0.1.0' } }),
    'packages/a/tsconfig.json': ROOT_DIR,
    'packages/a/src/index.ts': "import type { B } from '@sib/b';\nexport const a = 1;\nexport type A = { b?: B };\n",
    'packages/b/package.json': pkg('@sib/b', { type: 'module', exports: { '.': './src/index.ts' }, dependencies: { '@sib/a': '0.1.0' } }),
    'packages/b/tsconfig.json': ROOT_DIR,
    'packages/b/src/index.ts': "import type { A } from '@sib/a';\nimport { helper } from './helper';\nexport const b = helper;\nexport type B = { a?: A };\n",
    'packages/b/src/helper.ts': 'export const helper = 2;\n',
  });
  mkdirSync(join(dir, 'node_modules', '@sib'), { recursive: true });
  for (const name of ['a', 'b']) symlinkSync(join('..', '..', 'packages', name), join(dir, 'node_modules', '@sib', name));
  return dir;
}

/** `file(line,column): error TSn` of each error a tsc printed over the package's tsconfig. */
function tscErrors(tsc: string, dir: string, project: string): string[] {
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', project], { cwd: dir, encoding: 'utf8' });
  return [...`${run.stdout}${run.stderr}`.matchAll(/^(\S+)\((\d+),(\d+)\): error (TS\d+)/gm)].map((m) => `${m[1]}:${m[2]}:${m[3]} ${m[4]}`);
}

const TSC5 = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const TSC7 = join(REPO, 'node_modules', 'typescript-native', 'bin', 'tsc');

describe('packages with "rootDir": "src" importing each other by specifier', () => {
  test("kit's verdict is the workspace's tsc's, 5.9 and 7 alike: nothing", async () => {
    const dir = siblings();
    for (const tsc of [TSC5, TSC7]) for (const name of ['a', 'b']) expect(tscErrors(tsc, dir, `packages/${name}`)).toEqual([]);
    for (const specifier of ['@sib/a', '@sib/b']) {
      const build = await compileAt(dir, specifier);
      expect(build.diagnostics, specifier).toEqual([]);
    }
  });

  test("a file of the package's own outside its rootDir stays TS6059, where tsc puts it, with the workspace's paths", async () => {
    const dir = siblings();
    writeFiles(dir, {
      'packages/a/scripts/shared.ts': 'export const shared = 1;\n',
      'packages/a/src/index.ts': "import type { B } from '@sib/b';\nimport { shared } from '../scripts/shared';\nexport const a = shared;\nexport type A = { b?: B };\n",
    });
    const expected = ['packages/a/src/index.ts:2:24 TS6059'];
    for (const tsc of [TSC5, TSC7]) expect(tscErrors(tsc, dir, 'packages/a')).toEqual(expected);
    const build = await compileAt(dir, '@sib/a');
    expect(build.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual(expected);
    expect(build.diagnostics[0].message).toBe("File 'packages/a/scripts/shared.ts' is not under 'rootDir' 'packages/a/src'. 'rootDir' is expected to contain all source files.");
  });
});
