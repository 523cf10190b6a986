import { afterAll, describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { Compiler, DEVELOPMENT, findModule, loadWorkspace } from '../../lib/compiler/index.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

/** A workspace of `@a/app` (its `main` module from `files`) and `@a/lib` at 1.2.0; `app` is the app's package.json (text is written as is). */
function workspace(files: Record<string, string | object>, app: string | object) {
  return writeWorkspace({
    'kit.json': { packages: ['packages/app', 'packages/lib'] },
    'packages/app/package.json': app,
    'packages/lib/package.json': pkg('@a/lib', { version: '1.2.0', exports: { './tools': './tools/index.ts' } }),
    'packages/lib/tools/index.ts': 'export const tool = 1;\n',
    ...files,
  });
}

async function compile(dir: string, specifier = '@a/app/main') {
  const ws = loadWorkspace(dir);
  return new Compiler().compile(ws, findModule(ws, specifier)!, DEVELOPMENT);
}

function kitCheck(dir: string) {
  const result = kitSync(['check', '--cwd', dir]);
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

describe.each(['ts', 'esbuild'])('the %s bundler', (bundler) => {
  // The range sits on line 6, its value at column 16, of this package.json.
  const APP = `{
  "name": "@a/app",
  "version": "0.1.0",
  "exports": { "./main": "./main/index.ts" },
  "dependencies": {
    "@a/lib": "^2.0.0"
  },
  "kit": { "bundler": "${bundler}" }
}
`;

  test('DEPENDENCY_INCOMPATIBLE points at the range in package.json and names the import', async () => {
    const dir = workspace({ 'packages/app/main/index.ts': "// tools\nimport { tool } from '@a/lib/tools';\nconsole.log(tool);\n" }, APP);
    const build = await compile(dir);
    expect(build.diagnostics).toEqual([
      {
        code: 'DEPENDENCY_INCOMPATIBLE',
        file: 'packages/app/package.json',
        line: 6,
        column: 15,
        message: "'@a/lib' is at 1.2.0 in the workspace, which does not satisfy the range '^2.0.0' declared here for the import in packages/app/main/index.ts:2:22; correct the range or the version",
      },
    ]);
    const checked = kitCheck(dir);
    expect(checked.code).toBe(1);
    expect(checked.out).toContain('packages/app/package.json:6:15 DEPENDENCY_INCOMPATIBLE');
  });

  test('an unresolvable relative import is reported at its specifier', async () => {
    const dir = workspace({ 'packages/app/main/index.ts': "export const a = 1;\nimport { m } from './missing';\nconsole.log(m);\n" }, pkg('@a/app', { exports: { './main': './main/index.ts' }, kit: { bundler } }));
    const build = await compile(dir);
    expect(build.status).toBe('invalid');
    expect(build.diagnostics).toHaveLength(1);
    expect(build.diagnostics[0]).toMatchObject({ code: 'BUNDLE_ERROR', file: 'packages/app/main/index.ts', line: 2, column: 19 });
    expect(build.diagnostics[0].message).toContain('./missing');
    const checked = kitCheck(dir);
    expect(checked.code).toBe(1);
    expect(checked.out).toMatch(/packages\/app\/main\/index\.ts:2:19 BUNDLE_ERROR .*\.\/missing/);
  });

  test('in a private helper, after non-ASCII text on the same line, the column counts characters', async () => {
    const dir = workspace(
      {
        'packages/app/main/index.ts': "import { h } from './helper';\nconsole.log(h);\n",
        'packages/app/main/helper.ts': "export const h = 'é';\n/* café */ import { m } from \"./gone\";\nconsole.log(m);\n",
      },
      pkg('@a/app', { exports: { './main': './main/index.ts' }, kit: { bundler } }),
    );
    const build = await compile(dir);
    expect(build.diagnostics).toHaveLength(1);
    expect(build.diagnostics[0]).toMatchObject({ code: 'BUNDLE_ERROR', file: 'packages/app/main/helper.ts', line: 2, column: 30 });
  });
});

