import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { closeCheckers } from '../../lib/compiler/check/check-module.js';
import { Compiler, DEVELOPMENT, DiskStore, findModule, loadWorkspace } from '../../lib/compiler/index.js';
import { pkg, REPO, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

/** A 5-era tsconfig both packages share: TypeScript 5.9 accepts `baseUrl`, TypeScript 7 removed it (TS5102). */
const SHARED = { compilerOptions: { baseUrl: '.', strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', types: [] }, include: ['packages'] };

/**
 * A pnpm repository's layout: no TypeScript at the root, TypeScript 5.9 (the registry's, the
 * repository's own devDependency) installed in `ui`'s own node_modules; `web` has none.
 */
function perPackage(): string {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/*'] },
    'package.json': { name: 'per-package', private: true },
    'tsconfig.json': SHARED,
    'packages/ui/package.json': pkg('@per/ui', { type: 'module', exports: { './button': './button/index.ts' }, devDependencies: { typescript: '~5.9.3' } }),
    'packages/ui/button/index.ts': 'export const label: string = "press";\n',
    'packages/web/package.json': pkg('@per/web', { type: 'module', exports: { './main': './main/index.ts' } }),
    'packages/web/main/index.ts': 'export const title: string = "web";\n',
  });
  installTypeScript59(join(dir, 'packages', 'ui'));
  return dir;
}

function installTypeScript59(packageDir: string): void {
  mkdirSync(join(packageDir, 'node_modules'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules', 'typescript'), join(packageDir, 'node_modules', 'typescript'));
}

/** `file(line,column) TSn` of each error the given tsc prints over the shared tsconfig. */
function tscErrors(tsc: string, dir: string): string[] {
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
  return [...`${run.stdout}${run.stderr}`.matchAll(/^(\S+)\((\d+),(\d+)\): error (TS\d+)/gm)].map((m) => `${m[1]}:${m[2]}:${m[3]} ${m[4]}`);
}

async function verdicts(dir: string, compiler = new Compiler()) {
  const workspace = loadWorkspace(dir);
  const build = (specifier: string) => compiler.compile(workspace, findModule(workspace, specifier)!, DEVELOPMENT);
  return { workspace, ui: await build('@per/ui/button'), web: await build('@per/web/main') };
}

describe('each package judged by the TypeScript Node resolves from its folder', () => {
  test("ui's own TypeScript 5.9 accepts the shared baseUrl (a warning); web, with none, gets kit's TypeScript 7's TS5102, each as that package's tsc says", async () => {
    const dir = perPackage();
    // What each package's own tsc says of the tsconfig they share.
    expect(tscErrors(join(dir, 'packages', 'ui', 'node_modules', 'typescript', 'bin', 'tsc'), dir)).toEqual([]);
    expect(tscErrors(join(REPO, 'node_modules', 'typescript-native', 'bin', 'tsc'), dir)).toEqual(['tsconfig.json:3:5 TS5102']);

    const { workspace, ui, web } = await verdicts(dir);
    expect(workspace.packages.map((p) => [p.name, p.typescript.version, p.typescript.source])).toEqual([['@per/ui', expect.stringMatching(/^5\.9\./), 'installed'], ['@per/web', '7.0.2', 'kit']]);
    expect(ui.diagnostics).toEqual([]);
    expect(ui.status).toBe('valid');
    expect(web.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual(['tsconfig.json:3:5 TS5102']);
    // The mapping is said once, for the package whose TypeScript accepts the option.
    expect(workspace.warnings.filter((w) => w.code === 'TSCONFIG_MAPPED').map((w) => `${w.file}:${w.line}:${w.column} ${w.message}`)).toEqual([
      'tsconfig.json:3:5 "baseUrl" is checked as "paths": {"*": ["./*"]}; for TypeScript 7 remove "baseUrl" and add that "paths" entry (TypeScript 5 accepts it, TypeScript 7 does not)',
    ]);
  });

  test('installing TypeScript 5.9 in web judges it anew, in memory and from the disk cache', async () => {
    const dir = perPackage();
    const service = new Compiler({ disk: DiskStore.forWorkspace(dir) });
    expect((await verdicts(dir, service)).web.status).toBe('invalid');
    installTypeScript59(join(dir, 'packages', 'web'));
    const again = await verdicts(dir, new Compiler({ disk: DiskStore.forWorkspace(dir) }));
    expect(again.workspace.packages.map((p) => p.typescript.major)).toEqual([5, 5]);
    expect(again.web.diagnostics).toEqual([]);
    expect((await verdicts(dir, service)).web.diagnostics).toEqual([]);
  });
});
