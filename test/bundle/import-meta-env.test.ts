import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, findModule, loadWorkspace, PRODUCTION, WorkspaceLoader, type CompileOptions } from '../../lib/compiler/index.js';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const MAIN = `const env = import.meta.env;
export const shown = [env.MODE, String(env.DEV), String(env.PROD), String(env.SSR), env.BASE_URL, env.VITE_GREETING, env.VITE_WHERE, String(env.KIT_PUBLIC_FLAG), String(env.SECRET)].join(' ');
if (import.meta.env.DEV) console.log('development only');
`;

function envWorkspace(bundler: 'ts' | 'esbuild') {
  return writeWorkspace({
    'kit.json': { packages: ['packages/web'] },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, skipLibCheck: true, types: [] } },
    '.env': 'VITE_GREETING=hello\nVITE_WHERE=root\nSECRET=never-in-an-output\n',
    '.env.production': 'VITE_GREETING=hello from production\n',
    'packages/web/.env': 'VITE_WHERE=web\n',
    'packages/web/package.json': pkg('@env/web', { exports: { './main': './main/index.ts' }, kit: { bundler } }),
    'packages/web/main/index.ts': MAIN,
    // The workspace's own types, as a Vite app's vite-env.d.ts names vite/client (by path: a test's workspace has no node_modules).
    'packages/web/kit-env.d.ts': `/// <reference path="${join(REPO, 'types', 'client.d.ts')}" />\n`,
  });
}

/** The module's `shown`, evaluated from its compiled code. */
async function shown(dir: string, options: CompileOptions, loader = new WorkspaceLoader(dir)) {
  const workspace = loader.load();
  const build = await new Compiler().compile(workspace, findModule(workspace, '@env/web/main')!, options);
  expect(build.diagnostics).toEqual([]);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(build.code!).toString('base64')}`)) as { shown: string };
  return { shown: module.shown, code: build.code! };
}

describe.each(['ts', 'esbuild'] as const)('import.meta.env under %s (CONTRACT §11)', (bundler) => {
  test("development: Vite's members, the public variables of .env files (the package's over the root's), nothing else", async () => {
    const dir = envWorkspace(bundler);
    const { shown: text, code } = await shown(dir, DEVELOPMENT);
    expect(text).toBe('development true false false / hello web undefined undefined');
    expect(code).not.toContain('never-in-an-output');
  });

  test('production: .env.production over .env, the development branch dropped, and the environment wins over the files', async () => {
    const dir = envWorkspace(bundler);
    process.env.KIT_PUBLIC_FLAG = 'from the environment';
    try {
      const { shown: text, code } = await shown(dir, PRODUCTION);
      expect(text).toBe('production false true false / hello from production web from the environment undefined');
      expect(code).not.toContain('development only');
      expect(code).not.toContain('never-in-an-output');
    } finally {
      delete process.env.KIT_PUBLIC_FLAG;
    }
  });

  test('--mode names the .env files read and MODE; an edit of a .env file is a new build', async () => {
    const dir = envWorkspace(bundler);
    writeFiles(dir, { '.env.staging': 'VITE_GREETING=hello from staging\n' });
    expect((await shown(dir, PRODUCTION, new WorkspaceLoader(dir, undefined, 'staging'))).shown).toMatch(/^staging false true false \/ hello from staging web/);
    const loader = new WorkspaceLoader(dir);
    const compiler = new Compiler();
    const first = await compiler.compile(loader.load(), findModule(loader.load(), '@env/web/main')!, DEVELOPMENT);
    writeFiles(dir, { 'packages/web/.env': 'VITE_WHERE=edited\n' });
    const again = await compiler.compile(loader.load(), findModule(loader.load(), '@env/web/main')!, DEVELOPMENT);
    expect(first.code).toContain('"web"');
    expect(again.code).toContain('"edited"');
  });
});

test('kit check accepts import.meta.env with the types of @kit-js/packages/client, and only with them, as tsc does', async () => {
  const dir = envWorkspace('ts');
  rmSync(join(dir, 'packages/web/kit-env.d.ts'));
  const workspace0 = loadWorkspace(dir);
  const untyped = await new Compiler().compile(workspace0, findModule(workspace0, '@env/web/main')!, DEVELOPMENT);
  expect(untyped.diagnostics.map((d) => d.code)).toContain('TS2339');
  // What a workspace's kit-env.d.ts names (here by path: the test's workspace has no node_modules).
  writeFiles(dir, { 'packages/web/kit-env.d.ts': `/// <reference path="${join(REPO, 'types', 'client.d.ts')}" />\n` });
  const workspace = loadWorkspace(dir);
  const build = await new Compiler().compile(workspace, findModule(workspace, '@env/web/main')!, DEVELOPMENT);
  expect(build.status).toBe('valid');
});
