import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEV, PROD, startTestServer, useServer } from '../helpers/server.js';
import { pkg, writeWorkspace } from '../helpers/workspace.js';

const TSCONFIG = { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], strict: true, noEmit: true, skipLibCheck: true } };

const served = useServer(() =>
  writeWorkspace({
    'kit.json': { packages: ['packages/site'] },
    'tsconfig.json': TSCONFIG,
    'packages/site/package.json': pkg('@new/site', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/site/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/site/main/index.ts': 'export const main: number = 1;\n',
  }),
);

const address = (subpath: string) => `/m/@new/site@0.1.0/modules/${subpath}?${DEV}`;
const get = (path: string) => fetch(new URL(path, served.server.url));

describe('a module folder made while kit run serves (its manifest first, its entry a second later)', () => {
  test('is checked by TypeScript 7 with the new module among its roots, and stays right after a restart', async () => {
    expect((await get(address('main'))).status).toBe(200);
    const extra = join(served.dir, 'packages/site/extra');
    mkdirSync(extra);
    writeFileSync(join(extra, 'module.json'), JSON.stringify({ platforms: ['web'], entry: 'index.ts' }));
    await new Promise((done) => setTimeout(done, 1000));
    writeFileSync(join(extra, 'index.ts'), 'export const extra: string = "x";\n');
    await expect.poll(async () => (await get(address('extra'))).status, { timeout: 15_000, interval: 250 }).toBe(200);
    // A type error in it is TypeScript's verdict, not "not part of the project".
    writeFileSync(join(extra, 'index.ts'), 'export const extra: string = 1;\n');
    await expect.poll(async () => JSON.stringify(await (await get(address('extra'))).json()), { timeout: 15_000, interval: 250 }).toContain('TS2322');
    writeFileSync(join(extra, 'index.ts'), 'export const extra: string = "x";\n');
    await expect.poll(async () => (await get(address('extra'))).status, { timeout: 15_000, interval: 250 }).toBe(200);
    expect(await served.server.close()).toBe(0);
    served.server = await startTestServer(served.dir);
    expect((await get(address('extra'))).status).toBe(200);
  });
});

describe('Server-Timing on an artifact answer', () => {
  test('a built answer names its phases and a cache miss; a repeated one names the memory cache', async () => {
    // The production form: no watcher rebuild has made it before this request.
    const production = `/m/@new/site@0.1.0/modules/main?${PROD}`;
    const built = await get(production);
    expect(built.status).toBe(200);
    expect(built.headers.get('server-timing')).toMatch(/^check;dur=[\d.]+, transform;dur=[\d.]+, bundle;dur=[\d.]+, cache;desc="miss"$/);
    expect((await get(production)).headers.get('server-timing')).toBe('cache;desc="memory"');
  });
});
