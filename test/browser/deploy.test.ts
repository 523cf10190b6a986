import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { launchChromium } from '../helpers/browser.js';
import { deployConfig, freePort, startNginx, startStaticSite, substitute, type TestNginx } from '../helpers/nginx.js';
import { clickBoth, ONCE, readNpmPage } from '../helpers/page.js';
import { PROD, startTestServer, type TestServer } from '../helpers/server.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';

let browser: Browser;
let dir: string;
let dist: string;
let importmap: { imports: Record<string, string> };
const running: (TestNginx | TestServer)[] = [];

beforeAll(async () => {
  // Below the checkout, where the repository's node_modules hold lit, preact, date-fns and nanoid.
  dir = copySample('npm', { insideRepo: true });
  const built = kitSync(['build', '--cwd', dir]);
  expect(built.status, built.stderr).toBe(0);
  expect(built.stdout).toMatch(/built 6 modules and 7 installed packages/);
  dist = join(dir, 'dist');
  importmap = JSON.parse(readFileSync(join(dist, 'importmap.json'), 'utf8'));
  browser = await launchChromium();
});
afterAll(async () => {
  for (const server of running.reverse()) await ('stop' in server ? server.stop() : server.close());
  await browser?.close();
  removeWorkspaces();
});

const installedVersion = (name: string) => (JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
const digest = (data: Buffer) => `sha256-${createHash('sha256').update(data).digest('base64')}`;

test('kit build emits the installed packages at their installed versions, with digests and import-map entries', () => {
  for (const specifier of ['lit', 'lit/decorators/property.js', 'lit/decorators/custom-element.js', '@lit/reactive-element', 'lit-html', 'preact', 'preact/hooks', 'preact/jsx-runtime', 'date-fns', 'date-fns/setDefaultOptions', 'date-fns/startOfWeek', 'nanoid']) {
    const file = importmap.imports[specifier];
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
    expect(file, specifier).toMatch(new RegExp(`^\\./m/${name}@${installedVersion(name).replaceAll('.', '\\.')}/modules/~kit/[\\w-]+\\.js$`));
    expect(existsSync(join(dist, file)), file).toBe(true);
  }
  for (const name of ['lit', 'lit-html', 'lit-element', '@lit/reactive-element', 'preact', 'date-fns', 'nanoid']) {
    const base = join(dist, 'm', `${name}@${installedVersion(name)}`);
    const distribution = JSON.parse(readFileSync(join(base, 'kit-distribution.json'), 'utf8'));
    expect(distribution).toMatchObject({ protocol: 'kit-distribution/1', package: { name, version: installedVersion(name) }, compiler: { name: 'kit' }, installed: true });
    const listed = new Set<string>();
    for (const module of distribution.modules) {
      expect(importmap.imports[module.specifier]).toBe(`./m/${name}@${installedVersion(name)}/${module.outputs[0].file}`);
      for (const output of module.outputs) {
        const data = readFileSync(join(base, output.file));
        expect(output).toEqual({ file: output.file, mediaType: 'text/javascript; charset=utf-8', bytes: data.length, digest: digest(data) });
        listed.add(output.file);
      }
    }
    // Every file written is some entry's output: nothing unlisted to upload or to forget.
    expect([...listed].sort()).toEqual(readdirSync(join(base, 'modules', '~kit')).map((f) => `modules/~kit/${f}`).sort());
  }
  // ReactiveElement is defined once in the whole emit, however many decorator entries use it.
  const reactive = join(dist, 'm', `@lit/reactive-element@${installedVersion('@lit/reactive-element')}`, 'modules', '~kit');
  expect(readdirSync(reactive).filter((f) => readFileSync(join(reactive, f), 'utf8').includes('reactiveElementVersions'))).toHaveLength(1);
});

test("kit's dist/index.html preloads every installed file the entry reaches at the address the browser asks for it, each loaded once and accepted by its integrity", async () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" integrity="([^"]+)">/g)].map((m) => ({ href: m[1].replace(/&amp;/g, '&'), integrity: m[2] }));
  const map = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)![1]) as { integrity: Record<string, string> };
  // Chunks are imported with the production options as a query: preloaded, and given a digest, at that address.
  expect(preloads.some(({ href }) => href.includes('/~kit/chunk-') && href.endsWith(`?${PROD}`))).toBe(true);
  for (const { href, integrity } of preloads) {
    expect(integrity).toBe(digest(readFileSync(join(dist, href.split('?')[0]))));
    expect(map.integrity[href]).toBe(integrity);
  }
  const site = await startStaticSite(dist);
  running.push(site);
  const base = site.url.replace(/\/$/, '');
  const page = await browser.newPage();
  const console: string[] = [];
  const requested: string[] = [];
  page.on('console', (m) => console.push(`${m.type()}: ${m.text()}`));
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(`${base}/`);
  expect(await readNpmPage(page)).toMatchObject(ONCE);
  expect(console.filter((line) => /error|integrity/i.test(line))).toEqual([]);
  // Every preload is a file the page uses, and nothing is fetched twice.
  const modules = requested.filter((url) => url.includes('/m/'));
  expect(new Set(modules).size).toBe(modules.length);
  for (const { href } of preloads) expect(modules).toContain(`${base}${href.slice(1)}`);
  await page.close();
});

test('nginx serves dist/ as docs/deploy.md configures it, and a plain page runs lit, preact and date-fns from it alone', async () => {
  writeFileSync(join(dist, 'index.html'), `<!doctype html><html><head><link rel="icon" href="data:,"><script type="importmap">${JSON.stringify(importmap)}</script></head>
<body><script type="module">import '@npm/app/main';</script></body></html>`);
  const nginx = await startStaticSite(dist);
  running.push(nginx);
  const base = nginx.url.replace(/\/$/, '');

  const module = await fetch(`${base}${importmap.imports['@lit/reactive-element'].slice(1)}`);
  expect(module.status).toBe(200);
  expect(module.headers.get('content-type')).toMatch(/javascript/);
  expect(module.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(module.headers.get('access-control-allow-origin')).toBe('*');
  expect(module.headers.get('x-content-type-options')).toBe('nosniff');
  expect((await fetch(`${base}/importmap.json`)).headers.get('cache-control')).toBe('no-cache');

  const page = await browser.newPage();
  const console: string[] = [];
  const requests: string[] = [];
  const failed: string[] = [];
  page.on('console', (m) => console.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => console.push(`error: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
  await page.goto(`${base}/index.html`);
  const shown = await readNpmPage(page);
  expect(shown).toMatchObject(ONCE);
  expect(shown.id).toMatch(/^[\w-]{21}$/);
  expect(await clickBoth(page)).toEqual({ card: '1', counter: '6' });
  expect(console.filter((line) => /Multiple versions|error/i.test(line))).toEqual([]);
  expect(failed).toEqual([]);
  expect(requests.every((url) => url.startsWith(base))).toBe(true);
  await page.close();
});

test('nginx as the caching proxy of docs/deploy.md in front of an origin: the same bytes and headers, a hit the second time, the origin not asked again', async () => {
  const origin = await startTestServer(dir, { development: false });
  running.push(origin);
  const originBase = origin.url.replace(/\/$/, '');
  const port = await freePort();
  const nginx = await startNginx((temp) => substitute(deployConfig('proxy'), [
    ['listen 8081;', `listen 127.0.0.1:${port};`],
    ['/var/cache/nginx/kit', `${temp}/cache`],
    ['http://127.0.0.1:5000', originBase],
  ]), port);
  running.push(nginx);
  const proxy = `http://127.0.0.1:${port}`;
  const addresses = [`/m/@npm/app@0.1.0/modules/main?${PROD}`, `${importmap.imports.lit.slice(1)}?${PROD}`, `${importmap.imports['date-fns'].slice(1)}?${PROD}`];
  const HEADERS = ['content-type', 'etag', 'cache-control', 'access-control-allow-origin', 'x-content-type-options'];
  const read = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()), headers: Object.fromEntries(HEADERS.map((h) => [h, response.headers.get(h)])), cache: response.headers.get('x-cache-status') };
  };
  for (const address of addresses) {
    const direct = await read(`${originBase}${address}`);
    expect(direct.status, address).toBe(200);
    expect(direct.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The static emit holds the same bytes as the origin answers.
    if (address.includes('~kit')) expect(direct.body.equals(readFileSync(join(dist, address.split('?')[0])))).toBe(true);
    const first = await read(`${proxy}${address}`);
    const second = await read(`${proxy}${address}`);
    expect([first.cache, second.cache], address).toEqual(['MISS', 'HIT']);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers).toEqual(direct.headers);
      expect(answer.body.equals(direct.body)).toBe(true);
    }
  }
  // With the origin stopped, the cache still answers what it kept, and nothing else.
  await origin.close();
  for (const address of addresses) {
    const kept = await read(`${proxy}${address}`);
    expect([kept.status, kept.cache]).toEqual([200, 'HIT']);
  }
  expect((await read(`${proxy}/m/@npm/ids@0.1.0/modules/id?${PROD}`)).status).toBe(502);
});
