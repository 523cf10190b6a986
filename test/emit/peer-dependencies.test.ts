import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { Compiler, loadWorkspace, findPackage, resolveExternalVersion, writeDistribution } from '../../lib/compiler/index.js';
import { createInProcessService } from '../serve/in-process-service.js';
import { REPO, copySample, pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

// CONTRACT §11, libraries' declarations: a peer resolves to the version the application installs.
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

test('a React component library declaring react as a peer: its distribution file and the import map name the react it resolved to', async () => {
  const dir = copySample('component-library', { insideRepo: true });
  const out = join(dir, 'out');
  const result = await writeDistribution(loadWorkspace(dir), new Compiler(), out, undefined, 'apps/demo');
  expect(result.diagnostics).toEqual([]);
  const react = readJson(join(REPO, 'node_modules', 'react', 'package.json')).version as string;
  expect(readJson(join(out, 'm/@acme/ui@0.4.0/kit-distribution.json')).dependencies).toEqual({ react });
  expect(readJson(join(out, 'importmap.json')).imports.react).toMatch(new RegExp(`^\\./m/react@${react.replaceAll('.', '\\.')}/modules/`));

  const service = createInProcessService(dir);
  try {
    const entry = await (await service.request('/preview/entry.json?page=apps/demo')).json();
    expect(entry.diagnostics).toEqual([]);
    expect(entry.modules.find((m: { specifier: string }) => m.specifier === 'react')).toMatchObject({ version: react, source: 'environment' });
  } finally {
    await service.close();
  }
}, 120_000);

test('a peer the library does not find itself resolves where the app that installs it does', async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['apps/*', 'packages/*'] },
    'packages/ui/package.json': pkg('@acme/ui', { exports: { '.': './src/index.ts' }, peerDependencies: { 'tiny-peer': '^2.0.0' }, kit: { bundler: 'esbuild' } }),
    'packages/ui/src/index.ts': "import { shout } from 'tiny-peer';\nexport const hello = () => shout('hi');\n",
    'apps/demo/package.json': pkg('@acme/demo', { dependencies: { '@acme/ui': '^0.1.0', 'tiny-peer': '2.1.0' }, kit: { bundler: 'esbuild' } }),
    'apps/demo/index.html': '<!doctype html>\n<title>demo</title>\n<script type="module" src="/src/main.ts"></script>\n',
    'apps/demo/src/main.ts': "import { hello } from '@acme/ui';\ndocument.title = hello();\n",
    'apps/demo/node_modules/tiny-peer/package.json': { name: 'tiny-peer', version: '2.1.0', type: 'module', exports: './index.js' },
    'apps/demo/node_modules/tiny-peer/index.js': 'export const shout = (s) => s.toUpperCase();\n',
  });
  const workspace = loadWorkspace(dir);
  expect(resolveExternalVersion('tiny-peer', findPackage(workspace, '@acme/ui')!, workspace)).toEqual({ version: '2.1.0', installed: true });
  const out = join(dir, 'dist');
  expect((await writeDistribution(workspace, new Compiler(), out, undefined, 'apps/demo')).diagnostics).toEqual([]);
  expect(readJson(join(out, 'm/@acme/ui@0.1.0/kit-distribution.json')).dependencies).toEqual({ 'tiny-peer': '2.1.0' });
  expect(readJson(join(out, 'importmap.json')).imports['tiny-peer']).toMatch(/^\.\/m\/tiny-peer@2\.1\.0\/modules\//);
});

test('an exact peer version installed nowhere is the version declared', () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/*'] },
    'packages/ui/package.json': pkg('@acme/ui', { exports: { '.': './src/index.ts' }, peerDependencies: { 'nowhere-installed': '3.0.1' } }),
    'packages/ui/src/index.ts': 'export const a = 1;\n',
  });
  const workspace = loadWorkspace(dir);
  expect(resolveExternalVersion('nowhere-installed/sub', findPackage(workspace, '@acme/ui')!, workspace)).toEqual({ version: '3.0.1', installed: false });
});
