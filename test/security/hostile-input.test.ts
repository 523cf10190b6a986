import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEV, PROD, startTestServer, useSampleServer } from '../helpers/server.js';

const shop = useSampleServer();
const get = (path: string, init?: RequestInit) => fetch(new URL(path, shop.server.url), { redirect: 'manual', ...init });
const PACKAGE = 'packages/ui/package.json';

describe('a manifest nested 20,000 levels deep', () => {
  test('is MANIFEST_INVALID at the place it goes too deep, never a 5xx; restored, every answer is as before', async () => {
    const file = join(shop.dir, PACKAGE);
    const good = readFileSync(file, 'utf8');
    const before = await (await get('/state')).json();
    writeFileSync(file, `{"name": "@shop/ui", "x": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
    try {
      for (const path of ['/state', '/preview/entry.json']) {
        const response = await get(path);
        expect(response.status).toBe(200);
        expect(JSON.stringify(await response.json())).toContain('"code":"MANIFEST_INVALID"');
      }
      const state = (await (await get('/state')).json()) as { modules: { specifier: string; diagnostics?: { code: string; file: string; line: number; column: number; message: string }[] }[] };
      const button = state.modules.find((m) => m.specifier === '@shop/ui/button')!;
      expect(button.diagnostics![0]).toMatchObject({ code: 'MANIFEST_INVALID', file: PACKAGE, line: 1, column: 90 });
      expect(button.diagnostics![0].message).toMatch(/nested more than 64 levels/);
      expect((await get(`/m/@shop/ui@0.1.0/modules/button?${DEV}`)).status).toBe(422);
    } finally {
      writeFileSync(file, good);
    }
    await expect.poll(async () => (await get('/state')).json(), { timeout: 10_000, interval: 200 }).toMatchObject({ modules: (before as { modules: unknown[] }).modules });
  });
});

describe('preflight requests (CONTRACT §3)', () => {
  test('OPTIONS on a development output: 204 with no CORS header; on a production output: 204 open to every origin', async () => {
    const development = await get(`/m/@shop/ui@0.1.0/modules/button?${DEV}`, { method: 'OPTIONS', headers: { Origin: 'https://elsewhere.example' } });
    expect(development.status).toBe(204);
    expect(development.headers.get('access-control-allow-origin')).toBeNull();
    const production = await get(`/m/@shop/ui@0.1.0/modules/button?${PROD}`, { method: 'OPTIONS', headers: { Origin: 'https://elsewhere.example' } });
    expect(production.status).toBe(204);
    expect(production.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the printed address', () => {
  test('on a development service, / leads to the preview; an origin keeps its 404', async () => {
    const root = await get('/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/preview/');
    const origin = await startTestServer(shop.dir, { development: false });
    try {
      const answer = await fetch(new URL('/', origin.url), { redirect: 'manual' });
      expect(answer.status).toBe(404);
    } finally {
      await origin.close();
    }
  });
});
