import { afterAll, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, findModule, formatUpdateAddress, loadWorkspace, parseUpdateAddress } from '../../lib/compiler/index.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

test("a file's update address keeps a path with kit's own suffix (a ?raw import's file) apart from the options", () => {
  const at = { hash: 'abc123', packageName: '@hot/app', version: '0.1.0', subpath: 'main', path: 'packages/app/main/notes.txt?kit-inline-raw' };
  const url = new URL(formatUpdateAddress(at, DEVELOPMENT), 'http://127.0.0.1');
  // The options are the query; the request's path, decoded as every route reads it, names the file.
  expect(url.searchParams.get('env')).toBe('development');
  expect(parseUpdateAddress(decodeURIComponent(url.pathname))).toEqual(at);
});

test("a development output's file that holds require(\"…\") in a string keeps it as text: only the file's own imports are required", async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, skipLibCheck: true, types: [] } },
    'packages/app/package.json': pkg('@hot/app', { exports: { './main': './main/index.ts' } }),
    'packages/app/main/index.ts': "import { shown } from './helper';\nexport const text = `${shown} and require(\"fs\")`;\n",
    'packages/app/main/helper.ts': "export const shown = 'require(\"node:path\") in a string';\n",
  });
  const workspace = loadWorkspace(dir);
  const build = await new Compiler().compile(workspace, findModule(workspace, '@hot/app/main')!, DEVELOPMENT);
  expect(build.diagnostics).toEqual([]);
  expect(build.code).not.toMatch(/from ['"](fs|node:path)['"]/);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(build.code!).toString('base64')}`)) as { text: string };
  expect(module.text).toBe('require("node:path") in a string and require("fs")');
});
