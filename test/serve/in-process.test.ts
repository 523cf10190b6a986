import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV, PROD } from '../helpers/server.js';
import { copySample, removeWorkspaces } from '../helpers/workspace.js';
import { createInProcessService, type InProcessService } from './in-process-service.js';

// The service's answers without a `kit run`: its handler called in this process (see
// in-process-service.ts). What needs a real connection (event streams, the HTTP parser's
// refusals, restarts) is tested against a started service in the other files.

let service: InProcessService;

beforeAll(() => {
  service = createInProcessService(copySample('shop'));
});

afterAll(async () => {
  await service?.close();
  removeWorkspaces();
});

/** The error of a response, after checking it has the one error shape of CONTRACT §3. */
async function errorOf(response: Response): Promise<{ code: string; message: string; current?: string }> {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('etag')).toBeNull();
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  return ((await response.json()) as { error: { code: string; message: string; current?: string } }).error;
}

describe('the service answered in process', () => {
  test('a module address: JavaScript with a strong ETag, no-cache, no CORS, Server-Timing; 304 when the client has it', async () => {
    const address = `/m/@shop/app@0.1.0/modules/main?${DEV}`;
    const response = await service.request(address);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('server-timing')).toMatch(/cache;desc="\w+"$/);
    expect(await response.text()).toContain("from '@shop/ui/button'");
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await service.request(address, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  test('a production output is shared with other origins, and so is its preflight', async () => {
    const address = `/m/@shop/ui@0.1.0/modules/button?${PROD}`;
    const response = await service.request(address);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await service.request(address, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
  });

  test('VERSION_MISMATCH names the current address', async () => {
    const response = await service.request(`/m/@shop/app@9.9.9/modules/main?${DEV}`);
    expect(response.status).toBe(404);
    const error = await errorOf(response);
    expect(error.code).toBe('VERSION_MISMATCH');
    expect(error.current).toBe('/m/@shop/app@0.1.0/modules/main');
    expect(error.message).toContain('/m/@shop/app@0.1.0/modules/main');
  });

  test('a development output, a report or a change requested cross-site is CROSS_SITE_FORBIDDEN', async () => {
    const output = await service.request(`/m/@shop/app@0.1.0/modules/main?${DEV}`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(output.status).toBe(403);
    expect((await errorOf(output)).code).toBe('CROSS_SITE_FORBIDDEN');
    const state = await service.request('/state', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(state.status).toBe(403);
    const change = await service.request('/development/selection', { method: 'DELETE', headers: { origin: 'http://evil.example' } });
    expect(change.status).toBe(403);
    expect((await errorOf(change)).message).toContain('http://evil.example');
  });

  test.each([
    ['/m/@shop/ui@0.1.0/assets/button/%zz', 'a bad escape'],
    [`/m/@shop/app@0.1.0/modules/main?${DEV}&env=production`, 'a repeated option'],
    ['/m/@shop/ui@0.1.0/assets/button%5ccart.svg', 'an encoded backslash'],
  ])('REQUEST_INVALID for %s (%s)', async (target) => {
    const response = await service.request(target);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('REQUEST_INVALID');
  });

  test('METHOD_NOT_ALLOWED says in Allow what the path takes', async () => {
    const response = await service.request('/state', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect((await errorOf(response)).code).toBe('METHOD_NOT_ALLOWED');
  });

  test('/state lists every public module as valid with a hash, never cached', async () => {
    const response = await service.request('/state');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const state = (await response.json()) as { revision: number; diagnostics: unknown[]; modules: { specifier: string; status: string; hash?: string }[] };
    expect(state.diagnostics).toEqual([]);
    expect(state.modules.map((m) => [m.specifier, m.status])).toEqual([
      ['@shop/app/main', 'valid'],
      ['@shop/content/about', 'valid'],
      ['@shop/ui/badge', 'valid'],
      ['@shop/ui/button', 'valid'],
      ['@shop/util/format', 'valid'],
    ]);
    expect(state.modules.every((m) => /^[0-9a-f]{16}$/.test(m.hash!))).toBe(true);
  });

  test('a fault of the service is 500 INTERNAL_ERROR in the one error shape', async () => {
    const { loader } = service.context;
    const loadChecked = loader.loadChecked;
    loader.loadChecked = () => {
      throw new Error('injected by the test');
    };
    try {
      const response = await service.request('/preview/entry.json');
      expect(response.status).toBe(500);
      expect((await errorOf(response)).code).toBe('INTERNAL_ERROR');
    } finally {
      loader.loadChecked = loadChecked;
    }
  });
});
