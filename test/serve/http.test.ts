import { request as rawRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openEvents } from '../helpers/events.js';
import { DEV, PROD, startTestServer, useSampleServer, type TestServer } from '../helpers/server.js';
import { untilSteady } from '../helpers/clock.js';
import { copySample, writeFiles } from '../helpers/workspace.js';

const shop = useSampleServer();
const get = (path: string, init?: RequestInit) => fetch(new URL(path, shop.server.url), init);


async function errorOf(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('etag')).toBeNull();
  return ((await response.json()) as { error: { code: string; message: string; diagnostics?: { code: string; file?: string; line?: number }[] } }).error;
}

/** Sends a request target exactly as written (fetch would normalise it). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const url = new URL(shop.server.url);
  return new Promise((resolve, reject) => {
    const req = rawRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('module addresses (CONTRACT §3)', () => {
  test('development code: JavaScript, strong ETag, 304, no-cache, no CORS, nosniff', async () => {
    const response = await get(`/m/@shop/app@0.1.0/modules/main?${DEV}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(await response.text()).toContain("from '@shop/ui/button'");
    const again = await get(`/m/@shop/app@0.1.0/modules/main?${DEV}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  test('production code and styles carry Access-Control-Allow-Origin: *; OPTIONS answers 204', async () => {
    const code = await get(`/m/@shop/ui@0.1.0/modules/button?${PROD}`);
    expect(code.headers.get('access-control-allow-origin')).toBe('*');
    expect(await code.text()).not.toContain('sourceMappingURL');
    const styles = await get(`/m/@shop/ui@0.1.0/styles/button?${PROD}`);
    expect(styles.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(styles.headers.get('access-control-allow-origin')).toBe('*');
    const options = await get(`/m/@shop/ui@0.1.0/modules/button?${PROD}`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
  });

  test('a declared asset is served with its own type; HEAD has no body', async () => {
    const svg = await get('/m/@shop/ui@0.1.0/assets/button/cart.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    const head = await get('/m/@shop/ui@0.1.0/assets/button/cart.svg', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  test.each([
    [`/m/@shop/app@0.1.0/modules/main?target=browser`, 400, 'OPTION_INVALID'],
    [`/m/@shop/app@0.1.0/modules/main?${DEV}&debug=1`, 400, 'OPTION_INVALID'],
    [`/m/@shop/ui@0.1.0/assets/button/cart.svg?${DEV}`, 400, 'OPTION_INVALID'],
    [`/m/@shop/app@0.1.0/modules/main?${PROD.replace('min=true', 'min=false')}`, 400, 'OPTION_UNSUPPORTED'],
    [`/m/@shop/nope@0.1.0/modules/main?${DEV}`, 404, 'PACKAGE_NOT_FOUND'],
    [`/m/@shop/app@9.9.9/modules/main?${DEV}`, 404, 'VERSION_MISMATCH'],
    [`/m/@shop/app@0.1.0/modules/nope?${DEV}`, 404, 'MODULE_NOT_FOUND'],
    ['/m/@shop/ui@0.1.0/assets/button/index.ts', 404, 'OUTPUT_NOT_AVAILABLE'],
    ['/m/@shop/ui@0.1.0/assets/button/styles/button.css', 404, 'OUTPUT_NOT_AVAILABLE'],
    [`/m/@shop/app@0.1.0/styles/main?${DEV}`, 404, 'OUTPUT_NOT_AVAILABLE'],
    ['/nothing-here', 404, 'NOT_FOUND'],
  ])('%s → %i %s', async (path, status, code) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect((await errorOf(response)).code).toBe(code);
  });

  test('VERSION_MISMATCH names the current address', async () => {
    const error = await errorOf(await get(`/m/@shop/app@0.0.1/modules/main?${DEV}`));
    expect(error.message).toContain('/m/@shop/app@0.1.0/modules/main');
  });

  test.each([
    ['/m/@shop/ui@0.1.0/assets/button/cart.svg#x', 'a fragment'],
    ['/m/@shop/ui@0.1.0/assets/button\\cart.svg', 'a backslash'],
    ['/m/@shop/ui@0.1.0/assets/button%5ccart.svg', 'an encoded backslash'],
    ['/m/@shop/ui@0.1.0/assets/button/cart.svg%00', 'NUL'],
    ['/m/@shop/ui@0.1.0/assets/button/%zz', 'a bad escape'],
    [`/m/@shop/app@0.1.0/modules/main?${DEV}&env=production`, 'a repeated option'],
  ])('REQUEST_INVALID for %s (%s)', async (path) => {
    const response = await raw(path);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).error.code).toBe('REQUEST_INVALID');
  });

  test('dot segments never leave the module: OUTPUT_NOT_AVAILABLE', async () => {
    for (const path of ['/m/@shop/ui@0.1.0/assets/button/../package.json', '/m/@shop/ui@0.1.0/assets/button/%2e%2e/%2e%2e/package.json']) {
      const response = await raw(path);
      expect(response.status).toBe(404);
      expect(response.body).not.toContain('"version"');
    }
  });

  test('HOST_NOT_ALLOWED for a foreign Host; loopback names, *.localhost and IP literals pass', async () => {
    for (const host of ['evil.example', 'localhost.evil.example']) {
      const response = await raw('/state', { Host: host });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body).error.code).toBe('HOST_NOT_ALLOWED');
    }
    for (const host of ['localhost', 'app.localhost:8080', '127.0.0.1', '[::1]:9']) {
      expect((await raw('/preview/entry.json', { Host: host })).status).toBe(200);
    }
  });

  test('CROSS_SITE_FORBIDDEN for a development output requested from another site; production is shared', async () => {
    // Answered to this origin first, so the next answer is the one held in memory: refused all the same.
    for (let i = 0; i < 2; i++) expect((await get(`/m/@shop/app@0.1.0/modules/main?${DEV}`)).status).toBe(200);
    const dev = await get(`/m/@shop/app@0.1.0/modules/main?${DEV}`, { headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'http://evil.example' } });
    expect(dev.status).toBe(403);
    expect((await errorOf(dev)).code).toBe('CROSS_SITE_FORBIDDEN');
    const state = await get('/state', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(state.status).toBe(403);
    const prod = await get(`/m/@shop/app@0.1.0/modules/main?${PROD}`, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(prod.status).toBe(200);
  });

  test('METHOD_NOT_ALLOWED for anything but GET and HEAD', async () => {
    const response = await get(`/m/@shop/app@0.1.0/modules/main?${DEV}`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect((await errorOf(response)).code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('reports and preview (CONTRACT §4, §5)', () => {
  test('/state lists every public module as valid with a hash', async () => {
    const state = (await (await get('/state')).json()) as { revision: number; diagnostics: unknown[]; modules: { specifier: string; vspecifier: string; status: string; hash?: string }[] };
    expect(state.revision).toBeGreaterThan(0);
    expect(state.diagnostics).toEqual([]);
    expect(state.modules.map((m) => [m.specifier, m.vspecifier, m.status])).toEqual([
      // In kit.json's order: its glob "packages/*" lists the package directories sorted.
      ['@shop/app/main', '@shop/app@0.1.0/main', 'valid'],
      ['@shop/content/about', '@shop/content@0.1.0/about', 'valid'],
      ['@shop/ui/badge', '@shop/ui@0.1.0/badge', 'valid'],
      ['@shop/ui/button', '@shop/ui@0.1.0/button', 'valid'],
      ['@shop/util/format', '@shop/util@0.1.0/format', 'valid'],
    ]);
    expect(state.modules.every((m) => /^[0-9a-f]{16}$/.test(m.hash!))).toBe(true);
  });

  test('/preview/entry.json: the entry, every reached module from the environment, an import map', async () => {
    const response = await get('/preview/entry.json');
    expect(response.status).toBe(200);
    const list = (await response.json()) as { entry: { specifier: string }; cdn: object; selection: object; modules: { specifier: string; source: string; url: string; styles?: string }[]; importmap: { imports: Record<string, string> }; diagnostics: unknown[] };
    expect(list.entry.specifier).toBe('@shop/app/main');
    expect(list.diagnostics).toEqual([]);
    expect(list.cdn).toEqual({ reason: 'KIT_CDN_ORIGIN is not set' });
    expect(list.selection).toEqual({ explicit: false, packages: ['@shop/app', '@shop/content', '@shop/ui', '@shop/util'] });
    expect(list.modules.map((m) => [m.specifier, m.source])).toEqual([
      ['@shop/app/main', 'environment'],
      ['@shop/content/about', 'environment'],
      ['@shop/ui/badge', 'environment'],
      ['@shop/ui/button', 'environment'],
      ['@shop/util/format', 'environment'],
    ]);
    expect(list.modules.find((m) => m.specifier === '@shop/ui/button')!.styles).toBe(`../m/@shop/ui@0.1.0/styles/button?${DEV}`);
    expect(list.importmap.imports['@shop/ui/button']).toBe(`../m/@shop/ui@0.1.0/modules/button?${DEV}`);
  });

  test('/preview redirects to /preview/, which imports the entry, links the stylesheet and loads the runtime', async () => {
    const redirect = await get('/preview', { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/preview/');
    const page = await (await get('/preview/')).text();
    expect(page).toContain('<script type="importmap">');
    expect(page).toContain('data-kit-styles="@shop/ui@0.1.0/button"');
    expect(page).toContain('import "@shop/app/main";');
    expect(page).toContain('src="/preview/@kit/runtime.js"');
    const runtime = await get('/preview/@kit/runtime.js');
    expect(runtime.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  test('an unknown ?entry= is 404 PREVIEW_ENTRY_NOT_FOUND naming the entries there are; a browser gets them as links', async () => {
    const response = await get('/preview/?entry=@shop/app/nope');
    expect(response.status).toBe(404);
    const error = (await response.json()) as { error: { code: string; message: string; candidates: string[] } };
    expect(error.error).toMatchObject({ code: 'PREVIEW_ENTRY_NOT_FOUND', message: 'no public module @shop/app/nope in this workspace; the entries are @shop/app/main', candidates: ['@shop/app/main'] });
    const page = await (await get('/preview/?entry=@shop/app/nope', { headers: { Accept: 'text/html' } })).text();
    expect(page).toContain('<a href="?entry=%40shop%2Fapp%2Fmain"><code>@shop/app/main</code></a>');
  });

  test('/u/<hash>/… serves that build of the stylesheet; an older hash is 409 UPDATE_SUPERSEDED naming the current one', async () => {
    const page = await (await get('/preview/')).text();
    const state = JSON.parse(/<script type="application\/json" id="kit-preview">(.*?)<\/script>/s.exec(page)![1]) as { modules: Record<string, { styles?: string }> };
    const hash = state.modules['@shop/ui@0.1.0/button'].styles!;
    const current = await get(`/u/${hash}/@shop/ui@0.1.0/styles/button?${DEV}`);
    expect(current.status).toBe(200);
    expect(current.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await current.text()).toContain('.buy-button');
    const old = await get(`/u/0123456789abcdef/@shop/ui@0.1.0/styles/button?${DEV}`);
    expect(old.status).toBe(409);
    const error = (await old.json()) as { error: { code: string; current: string } };
    expect(error.error).toMatchObject({ code: 'UPDATE_SUPERSEDED', current: hash });
  });

  test("/u/ and /m/ send the same build of a stylesheet each with its own url()s, however often they alternate", async () => {
    const page = await (await get('/preview/')).text();
    const hash = (JSON.parse(/id="kit-preview">(.*?)<\/script>/s.exec(page)![1]) as { modules: Record<string, { styles: string }> }).modules['@shop/ui@0.1.0/button'].styles;
    for (let i = 0; i < 2; i++) {
      const module = await get(`/m/@shop/ui@0.1.0/styles/button?${DEV}`);
      const update = await get(`/u/${hash}/@shop/ui@0.1.0/styles/button?${DEV}`);
      expect(module.headers.get('etag')).toBe(`"${hash}"`);
      expect(await module.text()).toContain("url('../assets/button/cart.svg')");
      // Swapped in by the page, the sheet's own address is elsewhere: its url()s are absolute.
      expect(await update.text()).toContain("url('/m/@shop/ui@0.1.0/assets/button/cart.svg')");
    }
  });

  test('/events opens with `subscribed` and its cursor', async () => {
    const controller = new AbortController();
    const response = await get('/events', { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toMatch(/^retry: 1000\n\nid: \d+\nevent: subscribed\ndata: \{"cursor":\d+\}/);
    controller.abort();
  });
});

/** Reads an event stream until `until` matches what arrived, then closes it. */
async function readEvents(headers: Record<string, string>, until: RegExp): Promise<string> {
  const controller = new AbortController();
  const response = await get('/events', { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  let text = '';
  const deadline = Date.now() + 10_000;
  while (!until.test(text) && Date.now() < deadline) text += new TextDecoder().decode((await reader.read()).value);
  controller.abort();
  return text;
}

describe('the development channel', () => {
  test('a stylesheet edit is announced as build.ended with the new styles hash; a returning client gets it replayed', async () => {
    const first = await readEvents({}, /event: subscribed/);
    const cursor = /"cursor":(\d+)/.exec(first)![1];
    writeFiles(shop.dir, { 'packages/ui/button/styles/button.css': `@import './tokens.css';\n.buy-button { color: rgb(1, 2, 3); }\n` });
    const live = await readEvents({ 'Last-Event-ID': cursor }, /event: build\.ended\ndata: .*button/);
    const ended = JSON.parse(/event: build\.ended\ndata: (.*)/.exec(live)![1]) as { modules: { vspecifier: string; status: string; styles: string }[] };
    expect(ended.modules).toMatchObject([{ vspecifier: '@shop/ui@0.1.0/button', status: 'valid', styles: expect.stringMatching(/^[0-9a-f]{16}$/) }]);
    const styles = await (await get(`/u/${ended.modules[0].styles}/@shop/ui@0.1.0/styles/button?${DEV}`)).text();
    expect(styles).toContain('rgb(1, 2, 3)');
  });

  test('a cursor the log no longer holds (or from another run) gets resync', async () => {
    const text = await readEvents({ 'Last-Event-ID': '1' }, /event: subscribed/);
    expect(text).toMatch(/event: resync\n/);
  });

  test('/u/ answers 422 BUILD_FAILED while the stylesheet does not build', async () => {
    const page = await (await get('/preview/')).text();
    const hash = (JSON.parse(/id="kit-preview">(.*?)<\/script>/s.exec(page)![1]) as { modules: Record<string, { styles: string }> }).modules['@shop/ui@0.1.0/button'].styles;
    const events = await openEvents(shop.server.url);
    writeFiles(shop.dir, { 'packages/ui/button/styles/button.css': `@import './nowhere.css';\n` });
    expect((await events.served('@shop/ui@0.1.0/button', `/m/@shop/ui@0.1.0/styles/button?${DEV}`)).announced.status).toBe('invalid');
    const failed = await get(`/u/${hash}/@shop/ui@0.1.0/styles/button?${DEV}`);
    expect(failed.status).toBe(422);
    expect((await errorOf(failed)).diagnostics![0]).toMatchObject({ code: 'BUNDLE_ERROR', file: 'packages/ui/button/styles/button.css' });
    writeFiles(shop.dir, { 'packages/ui/button/styles/button.css': `@import './tokens.css';\n.buy-button { color: white; }\n` });
    expect((await events.served('@shop/ui@0.1.0/button', `/m/@shop/ui@0.1.0/styles/button?${DEV}`)).announced.status).toBe('valid');
    events.close();
  });
});

describe('manifests are re-read on every request', () => {
  test('a stylesheet importing a missing file: 422 BUILD_FAILED with BUNDLE_ERROR naming it; fixed, it serves again', async () => {
    const good = `@import './tokens.css';\n.buy-button { color: white; }\n`;
    const events = await openEvents(shop.server.url);
    writeFiles(shop.dir, { 'packages/ui/button/styles/button.css': `@import './tokens.css';\n@import './missing.css';\n` });
    const { announced, response: failed } = await events.served('@shop/ui@0.1.0/button', `/m/@shop/ui@0.1.0/styles/button?${DEV}`);
    expect(announced.status).toBe('invalid');
    expect(failed.status).toBe(422);
    const error = await errorOf(failed);
    expect(error.code).toBe('BUILD_FAILED');
    expect(error.diagnostics).toMatchObject([{ code: 'BUNDLE_ERROR', file: 'packages/ui/button/styles/button.css', line: 2 }]);
    expect(error.diagnostics![0]).toHaveProperty('message', expect.stringContaining('missing.css'));
    writeFiles(shop.dir, { 'packages/ui/button/styles/button.css': good });
    const fixed = await events.served('@shop/ui@0.1.0/button', `/m/@shop/ui@0.1.0/styles/button?${DEV}`);
    events.close();
    expect(fixed.announced.status).toBe('valid');
    expect(fixed.response.status).toBe(200);
  });

  test('a version change moves the address: the old one answers VERSION_MISMATCH', async () => {
    const manifest = { name: '@shop/util', version: '0.2.0', private: true, kit: { modules: '.', bundler: 'esbuild' } };
    writeFiles(shop.dir, { 'packages/util/package.json': manifest });
    expect((await get(`/m/@shop/util@0.2.0/modules/format?${DEV}`)).status).toBe(200);
    expect((await errorOf(await get(`/m/@shop/util@0.1.0/modules/format?${DEV}`))).code).toBe('VERSION_MISMATCH');
    // The dependent's range workspace:^0.1.0 no longer admits 0.2.0.
    const dependent = await errorOf(await get(`/m/@shop/ui@0.1.0/modules/button?${DEV}`));
    expect(dependent.diagnostics![0].code).toBe('DEPENDENCY_INCOMPATIBLE');
    writeFiles(shop.dir, { 'packages/util/package.json': { ...manifest, version: '0.1.0' } });
    expect((await get(`/m/@shop/ui@0.1.0/modules/button?${DEV}`)).status).toBe(200);
  });

  test('a module in a directory made a moment ago is seen as it is edited, before the watcher has caught up', async () => {
    for (let i = 0; i < 8; i++) {
      const manifest = `packages/util/fresh${i}/module.json`;
      writeFiles(shop.dir, { [manifest]: { platforms: ['web'], entry: 'index.ts' }, [`packages/util/fresh${i}/index.ts`]: `export const n = ${i};\n` });
      expect((await get(`/m/@shop/util@0.1.0/modules/fresh${i}?${DEV}`)).status).toBe(200);
      writeFiles(shop.dir, { [manifest]: '{ "platforms": ["web"], "entry": ' });
      expect((await errorOf(await get(`/m/@shop/util@0.1.0/modules/fresh${i}?${DEV}`))).diagnostics![0].code).toBe('MANIFEST_INVALID');
      writeFiles(shop.dir, { [`packages/util/fresh${i}/index.ts`]: `export const n = ${i}, fixed = true;\n`, [manifest]: { platforms: ['web'], entry: 'index.ts' } });
      expect(await (await get(`/m/@shop/util@0.1.0/modules/fresh${i}?${DEV}`)).text()).toContain('fixed');
    }
  });

  test('a new module.json creates a module; a broken manifest is MANIFEST_INVALID until fixed', async () => {
    writeFiles(shop.dir, { 'packages/util/clock/module.json': { platforms: ['web'], entry: 'index.ts' }, 'packages/util/clock/index.ts': 'export const now = () => Date.now();\n' });
    expect((await get(`/m/@shop/util@0.1.0/modules/clock?${DEV}`)).status).toBe(200);
    writeFiles(shop.dir, { 'packages/util/clock/module.json': '{ "platforms": ["web"], "entry": ' });
    const broken = await errorOf(await get(`/m/@shop/util@0.1.0/modules/clock?${DEV}`));
    expect(broken.diagnostics).toMatchObject([{ code: 'MANIFEST_INVALID', file: 'packages/util/clock/module.json', line: 1 }]);
    writeFiles(shop.dir, { 'packages/util/clock/module.json': { platforms: ['web'], entry: 'index.ts' } });
    expect((await get(`/m/@shop/util@0.1.0/modules/clock?${DEV}`)).status).toBe(200);
  });
});

describe('origin mode (no development extension)', () => {
  let origin: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = copySample('shop');
    origin = await startTestServer(dir, { development: false });
  });
  afterAll(() => origin?.close());

  test('production outputs and assets are immutable and shared; development paths are EXTENSION_DISABLED', async () => {
    const code = await fetch(new URL(`/m/@shop/ui@0.1.0/modules/button?${PROD}`, origin.url));
    expect(code.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(code.headers.get('access-control-allow-origin')).toBe('*');
    const asset = await fetch(new URL('/m/@shop/ui@0.1.0/assets/button/cart.svg', origin.url));
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/state', '/preview/', '/events', `/m/@shop/ui@0.1.0/modules/button?${DEV}`]) {
      const response = await fetch(new URL(path, origin.url));
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe('EXTENSION_DISABLED');
    }
  });

  test('with no watcher, a module request sees an edit of a package it depends on', async () => {
    const button = () => fetch(new URL(`/m/@shop/ui@0.1.0/modules/button?${PROD}`, origin.url));
    expect((await button()).status).toBe(200);
    const manifest = { name: '@shop/util', version: '0.2.0', private: true, kit: { modules: '.', bundler: 'esbuild' } };
    writeFiles(dir, { 'packages/util/package.json': manifest });
    // Past the file clock's tick, a stat alone tells whether the manifest changed (see stamp.ts).
    await untilSteady(dir);
    // The button's range workspace:^0.1.0 no longer admits 0.2.0.
    const refused = await button();
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).diagnostics![0].code).toBe('DEPENDENCY_INCOMPATIBLE');
    writeFiles(dir, { 'packages/util/package.json': { ...manifest, version: '0.1.0' } });
    await untilSteady(dir);
    expect((await button()).status).toBe(200);
  });

  test('SIGTERM closes the service cleanly with exit 0', async () => {
    expect(await origin.close()).toBe(0);
  });
});
