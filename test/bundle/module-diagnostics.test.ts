import { afterAll, describe, expect, test } from 'vitest';
import { appWorkspace as app, compileAt as compile } from '../helpers/compile.js';
import { removeWorkspaces } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

describe.each(['ts', 'esbuild'])('diagnostics of the %s bundler', (bundler) => {
  const extra = { kit: { bundler } };
  const check = async (source: string, more: Record<string, string | object> = {}, deps?: object) => {
    const dir = app({ 'packages/app/main/index.ts': source, ...more }, { ...extra, ...(deps ? { dependencies: deps } : {}) });
    return compile(dir, '@a/app/main');
  };

  test('DEPENDENCY_NOT_DECLARED at the import', async () => {
    const build = await check("\nimport { tool } from '@a/lib/tools';\nconsole.log(tool);\n");
    expect(build.diagnostics).toMatchObject([{ code: 'DEPENDENCY_NOT_DECLARED', file: 'packages/app/main/index.ts', line: 2, column: 22 }]);
  });

  test('DEPENDENCY_INCOMPATIBLE when the workspace version misses the range', async () => {
    const build = await check("import { tool } from '@a/lib/tools';\nconsole.log(tool);\n", {}, { '@a/lib': '^2.0.0' });
    expect(build.diagnostics).toMatchObject([{ code: 'DEPENDENCY_INCOMPATIBLE', file: 'packages/app/package.json' }]);
    expect(build.diagnostics[0].message).toContain('for the import in packages/app/main/index.ts:1:22');
  });

  test('a declared, compatible sibling import is valid and stays bare', async () => {
    const build = await check("import { tool } from '@a/lib/tools';\nconsole.log(tool);\n", {}, { '@a/lib': '^1.0.0' });
    expect(build.diagnostics).toEqual([]);
    expect(build.code).toMatch(/from ['"]@a\/lib\/tools['"]/);
  });

  test.each(['fs', 'node:fs'])('PREVIEW_BUILTIN for %s in a browser module', async (name) => {
    const build = await check(`import { readFileSync } from '${name}';\nconsole.log(readFileSync);\n`);
    expect(build.diagnostics).toMatchObject([{ code: 'PREVIEW_BUILTIN', file: 'packages/app/main/index.ts', line: 1 }]);
  });

  test('a relative import into another module is IMPORT_CROSSES_MODULE', async () => {
    const build = await check("import { secret } from '../../lib/tools/secret';\nconsole.log(secret);\n");
    expect(build.diagnostics).toMatchObject([{ code: 'IMPORT_CROSSES_MODULE', file: 'packages/app/main/index.ts', line: 1 }]);
    expect(build.diagnostics[0].message).toContain('crosses into the module @a/lib/tools');
  });

  test('a test file is never a module input', async () => {
    const build = await check("import { t } from './helper.test';\nconsole.log(t);\n", { 'packages/app/main/helper.test.ts': 'export const t = 1;\n' });
    expect(build.diagnostics).toMatchObject([{ code: 'BUNDLE_ERROR', file: 'packages/app/main/index.ts', line: 1 }]);
  });

  test('a stylesheet importing a missing file: BUNDLE_ERROR naming it and the line', async () => {
    const build = await check("import './styles.css';\n", { 'packages/app/main/styles.css': 'a { color: red; }\n@import "./missing.css";\n' });
    expect(build.diagnostics).toMatchObject([{ code: 'BUNDLE_ERROR', file: 'packages/app/main/styles.css', line: 2, column: 1 }]);
    expect(build.diagnostics[0].message).toContain("Cannot find './missing.css'");
  });

  test('an imported asset missing from "assets": ASSET_NOT_DECLARED', async () => {
    const build = await check("import logo from './logo.svg';\nconsole.log(logo);\n", { 'packages/app/main/logo.svg': '<svg/>' });
    expect(build.diagnostics).toMatchObject([{ code: 'ASSET_NOT_DECLARED', file: 'packages/app/main/index.ts', line: 1 }]);
  });
});
