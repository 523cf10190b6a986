import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { PROD, startTestServer, type TestServer } from '../helpers/server.js';
import { copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

let browser: Browser;
let origin: TestServer;
const stop: (() => unknown)[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  // An origin over the "published" workspace: what a CDN would serve.
  origin = await startTestServer(copySample('shop'), { development: false });
});
afterAll(async () => {
  for (const close of stop) await close();
  await origin?.close();
  await browser?.close();
  removeWorkspaces();
});

const originBase = () => origin.url.replace(/\/$/, '');

test('a development service whose selection leaves a package out loads it from the origin, and the preview runs', async () => {
  const dir = copySample('shop');
  writeFiles(dir, { '.kit/development/selection.json': { packages: ['@shop/app', '@shop/content', '@shop/ui'] } });
  const service = await startTestServer(dir, { env: { KIT_CDN_ORIGIN: originBase() } });
  stop.push(() => service.close());
  const list = (await (await fetch(new URL('/preview/entry.json', service.url))).json()) as { modules: { specifier: string; source: string; url: string }[]; diagnostics: unknown[] };
  expect(list.diagnostics).toEqual([]);
  expect(list.modules.find((m) => m.specifier === '@shop/util/format')).toEqual({ specifier: '@shop/util/format', version: '0.1.0', source: 'cdn', url: `${originBase()}/m/@shop/util@0.1.0/modules/format?${PROD}` });
  expect(list.modules.find((m) => m.specifier === '@shop/ui/button')!.source).toBe('environment');

  const page = await browser.newPage();
  const fromOrigin: string[] = [];
  page.on('request', (r) => r.url().startsWith(originBase()) && fromOrigin.push(r.url()));
  await page.goto(new URL('/preview/', service.url).href);
  await page.waitForSelector('.buy-button');
  expect(await page.textContent('#summary')).toBe('2 items, $24.49 in total');
  expect(fromOrigin).toEqual([`${originBase()}/m/@shop/util@0.1.0/modules/format?${PROD}`]);
  await page.close();
});

test('a plain page on another host loads the production outputs from the origin and never asks for /events or /u/', async () => {
  const base = originBase();
  const html = `<!doctype html><html><head>
<script type="importmap">${JSON.stringify({ imports: Object.fromEntries(['@shop/util/format', '@shop/ui/badge', '@shop/ui/button', '@shop/content/about', '@shop/app/main'].map((s) => {
    const [scope, pkg, subpath] = s.split('/');
    return [s, `${base}/m/${scope}/${pkg}@0.1.0/modules/${subpath}?${PROD}`];
  })) })}</script>
<link rel="stylesheet" href="${base}/m/@shop/ui@0.1.0/styles/button?${PROD}">
</head><body><script type="module" src="${base}/m/@shop/app@0.1.0/modules/main?${PROD}"></script></body></html>`;
  const host: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  stop.push(() => host.close());
  const page = await browser.newPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`http://127.0.0.1:${(host.address() as { port: number }).port}/`);
  await page.waitForSelector('.buy-button');
  expect(await page.textContent('#summary')).toBe('2 items, $24.49 in total');
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('.buy-button')!).backgroundColor)).toBe('rgb(37, 99, 235)');
  await page.waitForFunction(() => (document.querySelector('.buy-button__icon') as HTMLImageElement).naturalWidth === 24);
  expect(requested.filter((p) => p === '/events' || p.startsWith('/u/'))).toEqual([]);
  await page.close();
});

test('an installed npm package (lit) is compiled by the service and the preview renders with it, offline', async () => {
  const dir = copySample('installed', { insideRepo: true });
  const service = await startTestServer(dir);
  stop.push(() => service.close());
  const list = (await (await fetch(new URL('/preview/entry.json', service.url))).json()) as { modules: { specifier: string; source: string; version?: string }[]; diagnostics: unknown[] };
  expect(list.diagnostics).toEqual([]);
  const lit = list.modules.find((m) => m.specifier === 'lit')!;
  expect(lit.source).toBe('environment');
  expect(lit.version).toMatch(/^3\./);
  // lit's own dependencies are separate modules in the import map, not copies inside lit.
  expect(list.modules.some((m) => m.specifier.startsWith('lit-html'))).toBe(true);
  const page = await browser.newPage();
  const outside: string[] = [];
  page.on('request', (r) => !r.url().startsWith(service.url) && outside.push(r.url()));
  await page.goto(new URL('/preview/', service.url).href);
  await page.waitForSelector('#hello');
  expect(await page.textContent('#hello')).toBe('Hello from lit');
  expect(outside).toEqual([]);
  await page.close();
});
