import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { afterAll, describe, expect, test } from 'vitest';
// In process, so the test can count what a request stats and start the watcher itself.
import { closeCheckers, DEVELOPMENT, findModule } from '../../lib/compiler/index.js';
import { createContext } from '../../lib/serve/context.js';
import { startService } from '../../lib/serve/server.js';
import { watchWorkspace } from '../../lib/serve/watch.js';
import { DEV } from '../helpers/server.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const TSCONFIG = { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], strict: true, noEmit: true, skipLibCheck: true }, include: ['packages'] };

/** Packages p0…p(n-1), one `ts` module each; each module's types reach every module before it. */
function chainWorkspace(n: number): string {
  const files: Record<string, string | object> = { 'kit.json': { packages: Array.from({ length: n }, (_, i) => `packages/p${i}`) }, 'tsconfig.json': TSCONFIG };
  for (let i = 0; i < n; i++) {
    const previous = i > 0 ? `@chain/p${i - 1}` : undefined;
    files[`packages/p${i}/package.json`] = pkg(`@chain/p${i}`, { kit: { modules: '.', bundler: 'ts' }, dependencies: previous ? { [previous]: '0.1.0' } : {} });
    files[`packages/p${i}/m/module.json`] = { platforms: ['web'], entry: 'index.ts' };
    files[`packages/p${i}/m/helper.ts`] = `export const own${i}: number = ${i};\n`;
    files[`packages/p${i}/m/index.ts`] = `${previous ? `import { value as before } from '${previous}/m';\n` : 'const before = 0;\n'}import { own${i} } from './helper';\nexport const value: number = before + own${i};\n`;
  }
  return writeWorkspace(files);
}

/** A workspace of one package `name` with one `ts` module, `main`, whose entry is `source`; `files` are written beside. */
function oneModuleWorkspace(name: string, source: string, files: Record<string, string | object> = {}, dependencies: Record<string, string> = {}): string {
  return writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'tsconfig.json': TSCONFIG,
    'packages/app/package.json': pkg(name, { kit: { modules: '.', bundler: 'ts' }, dependencies }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/main/index.ts': source,
    ...files,
  });
}

/** How many times `run` stats a file. */
async function countStats(run: () => Promise<void>): Promise<number> {
  const original = fs.statSync;
  let count = 0;
  fs.statSync = ((...args: Parameters<typeof fs.statSync>) => {
    count++;
    return original(...args);
  }) as typeof fs.statSync;
  syncBuiltinESMExports();
  try {
    await run();
  } finally {
    fs.statSync = original;
    syncBuiltinESMExports();
  }
  return count;
}

describe('a warm request trusts the watcher', () => {
  test('a warm request stats no file, however many packages its types reach', async () => {
    const dir = chainWorkspace(12);
    const cwd = process.cwd();
    process.chdir(dir); // as kit run is started: TypeScript 5.9's emit program finds type roots from here
    const service = await startService({ root: dir, port: 0, development: true });
    try {
      await service.context.freshness!.settled;
      const address = (i: number) => `${service.url}m/@chain/p${i}@0.1.0/modules/m?${DEV}`;
      for (const i of [1, 11]) expect((await fetch(address(i))).status).toBe(200);
      // The builds ahead of what they import read files of their own: counted apart from the requests'.
      await service.context.ahead!.settled();
      const requests = async (i: number) => {
        for (let r = 0; r < 20; r++) await (await fetch(address(i))).text();
      };
      expect(await countStats(() => requests(1))).toBe(0);
      expect(await countStats(() => requests(11))).toBe(0);
      // The count is real: after an edit, the request that rebuilds the module reads files again.
      writeFiles(dir, { 'packages/p11/m/helper.ts': 'export const own11: number = 1100;\n' });
      expect(await countStats(() => requests(11))).toBeGreaterThan(0);
    } finally {
      await service.close();
      process.chdir(cwd);
    }
  });

  test('a request sent right after an edit answers from the edit, without a stat of its own', async () => {
    const dir = chainWorkspace(2);
    const service = await startService({ root: dir, port: 0, development: true });
    try {
      await service.context.freshness!.settled;
      const address = (version: string) => `${service.url}m/@chain/p1@${version}/modules/m?${DEV}`;
      expect((await fetch(address('0.1.0'))).status).toBe(200);
      for (let i = 1; i <= 10; i++) {
        writeFiles(dir, { 'packages/p1/m/helper.ts': `export const own1: number = ${1000 + i};\n` });
        expect(await (await fetch(address('0.1.0'))).text()).toContain(`${1000 + i}`);
      }
      // A manifest too: the version changes the address at once.
      writeFiles(dir, { 'packages/p1/package.json': pkg('@chain/p1', { version: '0.2.0', kit: { modules: '.', bundler: 'ts' }, dependencies: { '@chain/p0': '0.1.0' } }) });
      const old = await fetch(address('0.1.0'));
      expect(old.status).toBe(404);
      expect((await old.json()).error.code).toBe('VERSION_MISMATCH');
      expect((await fetch(address('0.2.0'))).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  test('a module whose types come from an installed package answers from its edit, though no watcher follows that package', async () => {
    const gizmo = { 'node_modules/gizmo/package.json': { name: 'gizmo', version: '1.0.0', types: 'index.d.ts' }, 'node_modules/gizmo/index.d.ts': 'export type Size = number;\n' };
    const dir = oneModuleWorkspace('@typed/app', "import type { Size } from 'gizmo';\nexport const size: Size = 3;\n", gizmo, { gizmo: '^1.0.0' });
    const service = await startService({ root: dir, port: 0, development: true });
    try {
      await service.context.freshness!.settled;
      const address = `${service.url}m/@typed/app@0.1.0/modules/main?${DEV}`;
      for (let r = 0; r < 5; r++) expect((await fetch(address)).status).toBe(200); // warm, and repeated
      writeFiles(dir, { 'node_modules/gizmo/index.d.ts': 'export type Size = string;\n' });
      const changed = await fetch(address);
      expect(changed.status).toBe(422);
      expect(JSON.stringify(await changed.json())).toContain('TS2322');
    } finally {
      await service.close();
    }
  });

  test('restarted warm from its disk cache, an idle service readies the ts emit, and builds, caches and announces nothing', async () => {
    const dir = chainWorkspace(2);
    const address = (service: { url: string }, i = 1) => `${service.url}m/@chain/p${i}@0.1.0/modules/m?${DEV}`;
    const first = await startService({ root: dir, port: 0, development: true });
    for (const i of [0, 1]) await (await fetch(address(first, i))).text();
    await first.close();
    const service = await startService({ root: dir, port: 0, development: true });
    try {
      const compiler = service.context.compiler as unknown as { tsReady: boolean; scripts: { builds: number } };
      expect((await fetch(address(service))).status).toBe(200); // from the disk cache: TypeScript is not needed
      expect(compiler.tsReady).toBe(false);
      const { revision } = (await (await fetch(`${service.url}state`)).json()) as { revision: number };
      const cursor = service.context.channel.cursor;
      expect(compiler.tsReady).toBe(false); // the report too was answered from the disk cache
      const builds = compiler.scripts.builds;
      await new Promise((resolve) => setTimeout(resolve, 2500)); // idle for more than a second
      expect(compiler.tsReady).toBe(true);
      expect(compiler.scripts.builds).toBe(builds);
      expect(service.context.channel.cursor).toBe(cursor);
      expect(((await (await fetch(`${service.url}state`)).json()) as { revision: number }).revision).toBe(revision);
      writeFiles(dir, { 'packages/p1/m/helper.ts': 'export const own1: number = 4242;\n' });
      expect(await (await fetch(address(service))).text()).toContain('4242');
    } finally {
      await service.close();
    }
  });

  test('a file changed before the watcher was ready is still noticed', async () => {
    const dir = oneModuleWorkspace('@early/app', "export const word = 'before-ready';\n");
    const ctx = createContext({ root: dir, development: true });
    const module = findModule(ctx.loader.load(), '@early/app/main')!;
    expect((await ctx.compiler.compile(ctx.loader.load(), module, DEVELOPMENT)).code).toContain('before-ready');
    const watcher = watchWorkspace(ctx);
    try {
      // Written before the watcher's first scan has finished: it may never report this.
      writeFiles(dir, { 'packages/app/main/index.ts': "export const word = 'while-scanning';\n" });
      await ctx.freshness!.settled;
      expect(ctx.freshness!.mark()).toBeDefined(); // the watcher is trusted from here on
      expect((await ctx.compiler.compile(ctx.loader.load(), module, DEVELOPMENT)).code).toContain('while-scanning');
    } finally {
      await watcher.close();
      await closeCheckers();
    }
  });
});
